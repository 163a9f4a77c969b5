import Foundation
public import MediaServer
public import NSEBenchCore
import NSEBenchSystem

/// What `nse-bench serve` serves, and how, in one canonical form: read from its flags
/// (``init(parsing:)``), or decoded from the file a `run` writes for the server it manages
/// (`serve --settings-file PATH`, ``read(from:)``). `run` hands its parsed settings over once this
/// way, every `file:` distribution already read, rather than as command-line text to parse again.
public struct ServeSettings: Codable, Sendable, Equatable {
    /// Where the server's TLS certificate comes from.
    public enum TLS: Codable, Sendable, Equatable {
        /// A self-signed certificate for 127.0.0.1, made when the server starts (`--tls`).
        case selfSigned
        /// A PEM certificate and its private key, read from these files (`--tls-cert`, `--tls-key`).
        case files(certificate: String, key: String)
    }

    /// `--host`: the IPv4 address to listen on.
    public var host: String = ServeOptions.host.defaultValue
    /// `--port`: the first class's TCP port; 0 lets the kernel choose.
    public var port: UInt16 = ServeOptions.port.defaultValue
    /// The network classes (`--profile` and the network flags): each one's name and conditions, not yet
    /// scaled by ``timeScale``, every `file:` distribution read. The first is served on ``port``, each
    /// other on a port of its own; one for a single network.
    public var classes: [ServedNetworkClass]
    /// `--origin-fetch` and `--coalesce`, unscaled, the fetch's `file:` distribution read; nil for none.
    public var originCache: OriginCacheSettings? = nil
    /// `--endpoint`: each side endpoint's own conditions, unscaled.
    public var endpoints: [SideEndpoint: NetworkConditions] = [:]
    /// `--seed`.
    public var seed: UInt64 = ServeOptions.seed.defaultValue
    /// `--time-scale`: every duration above is multiplied by it, every bandwidth divided, when served.
    public var timeScale: Double = ServeOptions.timeScale.defaultValue
    /// `--tls`, `--tls-cert` and `--tls-key`; nil for plain HTTP.
    public var tls: TLS? = nil
    /// `--media-dir`.
    public var mediaDirectory: String? = nil
    /// `--idle-timeout`.
    public var idleTimeout: DurationValue = ServeOptions.idleTimeout.defaultValue
    /// `--cert-out`.
    public var certificateOutput: String? = nil
    /// `--fault-log`.
    public var faultLog: String? = nil
    /// `--stats-out`.
    public var statsOutput: String? = nil
    /// `--stats-interval`.
    public var statsInterval: DurationValue = ServeOptions.statsInterval.defaultValue
    /// `--quiet`.
    public var quiet = false
    /// `--managed`: a run's child, stopped by SIGTERM only.
    public var managed = false
    /// `--parent-pid`: the process whose end ends the server.
    public var parentProcess: Int32? = nil

    /// Settings serving `classes`, every other setting at its flag's default (``ServeOptions``).
    public init(classes: [ServedNetworkClass]) {
        self.classes = classes
    }

    /// Writes the settings to `path` as JSON, for `serve --settings-file`; a failure names the file.
    func write(to path: String) throws(RunError) {
        do {
            let text = String(decoding: try Self.encoder.encode(self), as: UTF8.self)
            try TextFile.write(text, to: path)
        } catch {
            throw .setup("could not write the media server's settings to \(path): \(error)")
        }
    }

    /// The settings `run` wrote to `path`; a file that cannot be read or is not such settings is a
    /// usage error naming `--settings-file` and the file.
    static func read(from path: String) throws(UsageError) -> ServeSettings {
        let text: String
        do {
            text = try TextFile.read(path, limit: largestFile)
        } catch {
            throw .invalidValue(
                option: ServeOptions.settingsFile.name, value: path, expected: "a readable settings file (\(error))")
        }
        let settings: ServeSettings
        do {
            settings = try JSONDecoder().decode(ServeSettings.self, from: Data(text.utf8))
        } catch {
            throw .invalidValue(
                option: ServeOptions.settingsFile.name, value: path,
                expected: "the server settings nse-bench run writes, as JSON (\(Self.describe(error)))")
        }
        guard !settings.classes.isEmpty else {
            throw .invalidValue(
                option: ServeOptions.settingsFile.name, value: path, expected: "settings with a network class")
        }
        try checkTimeScale(of: settings, from: path)
        return settings
    }

    /// Checks the time scale of `settings`, read from `path`, as `--time-scale` checks its value: a file
    /// is no way around the bounds. One out of them is a usage error naming the file and the scale.
    private static func checkTimeScale(of settings: ServeSettings, from path: String) throws(UsageError) {
        let scale = String(settings.timeScale)
        do {
            _ = try ServeOptions.timeScale.value(given: scale)
        } catch {
            let expected: String
            if case .invalidValue(_, _, let form) = error { expected = form } else { expected = error.description }
            throw .invalidValue(
                option: ServeOptions.settingsFile.name, value: path,
                expected: "settings whose timeScale is \(expected) (it is \(scale))")
        }
    }

    /// A decoding error as one line: what was wrong and where in the file (`classes[0].name`).
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func place(_ path: [any CodingKey]) -> String {
            guard !path.isEmpty else { return "the top level" }
            return path.reduce("") { place, key in
                key.intValue.map { place + "[\($0)]" } ?? (place.isEmpty ? "" : place + ".") + key.stringValue
            }
        }
        func what(_ context: DecodingError.Context) -> String {
            context.debugDescription.hasSuffix(".")
                ? String(context.debugDescription.dropLast()) : context.debugDescription
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(key.stringValue) is missing at \(place(context.codingPath))"
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(what(context)) at \(place(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// The largest settings file read: room for `file:` distributions of millions of samples.
    private static let largestFile = 256 << 20
}
