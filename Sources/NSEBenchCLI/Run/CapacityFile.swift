import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime

/// The measured ``HarnessCapacity``s, one per extension and host, kept as JSON in the cache folder
/// (`capacity.json`) so every later run on the machine can check its load against the one for its
/// extension.
enum CapacityFile {
    static func url(environment: [String: String]) -> URL {
        CacheDirectory.url(environment: environment).appendingPathComponent("capacity.json")
    }

    /// Saves `capacity` in place of the one measured before with the same extension on the same host,
    /// keeping the others. Returns a note when the file there was not one nse-bench could read as
    /// capacities and was replaced; a file that cannot be read at all is an error.
    @discardableResult
    static func save(_ capacity: HarnessCapacity, environment: [String: String]) throws(RunError) -> String? {
        let file = url(environment: environment)
        var capacities: [HarnessCapacity] = []
        var note: String? = nil
        if let data = try read(file) {
            do {
                capacities = try decode(data)
            } catch {
                note = "replaced \(file.path), which held no capacities nse-bench could read (\(error))"
            }
        }
        capacities.removeAll { $0.extensionName == capacity.extensionName && $0.host == capacity.host }
        capacities.append(capacity)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(capacities).write(to: file, options: .atomic)
        } catch {
            throw RunError.output("could not save the capacity to \(file.path): \(error)")
        }
        return note
    }

    /// The saved capacities; empty when none was measured. A file that cannot be read or decoded is an
    /// error naming it, so a damaged file is reported rather than silently ignored.
    static func load(environment: [String: String]) throws(RunError) -> [HarnessCapacity] {
        let file = url(environment: environment)
        guard let data = try read(file) else { return [] }
        do {
            return try decode(data)
        } catch {
            throw RunError.output(
                "\(file.path) is not a capacity nse-bench wrote (\(error)); run 'nse-bench capacity' again")
        }
    }

    /// The file's bytes; nil when there is no file.
    private static func read(_ file: URL) throws(RunError) -> Data? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw RunError.output("could not read the capacity in \(file.path): \(error)")
        }
    }

    /// A list of capacities, or (a file from before several were kept) one capacity object.
    private static func decode(_ data: Data) throws -> [HarnessCapacity] {
        let isObject = data.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "{")
        if isObject { return [try JSONDecoder().decode(HarnessCapacity.self, from: data)] }
        return try JSONDecoder().decode([HarnessCapacity].self, from: data)
    }

    /// What `run` prints before starting `requested` with `extensionName` (``key(extension:principalClass:)``):
    /// a warning when it is beyond the saved capacity, a note when the capacity file is damaged, or nil.
    static func warning(
        for requested: LoadModel, timeScale: Double, extensionName: String = HarnessCapacity.defaultExtension,
        environment: [String: String]
    ) -> String? {
        do {
            return HarnessCapacity.warning(
                for: requested, timeScale: timeScale, extensionName: extensionName,
                among: try load(environment: environment), on: HostFingerprintReader.current()
            ).map { "warning: \($0)\n" }
        } catch {
            return "warning: the measured capacity was not checked: \(error)\n"
        }
    }

    /// The name a capacity is kept under for `--extension value`: a built-in's name as it is; a user's
    /// extension as its path made absolute, standard and free of symbolic links, with the principal
    /// class it runs (the one found, so that a run naming the class Info.plist names is the same
    /// extension), and its `--module`s, each path made absolute the same way (another module's sources are
    /// another extension). It reads as the options that measure it again.
    static func key(extension value: String, principalClass: String?, modules: [String] = []) -> String {
        guard ExtensionChoice.isPath(value) else { return value }
        let path = URL(fileURLWithPath: value).resolvingSymlinksInPath().standardizedFileURL.path
        let runs: String?
        do {
            runs = try UserExtensionSource.locate(value, principalClass: principalClass).principalClass
        } catch {
            // Not an extension (the run's own validation reports that): keyed by what was given.
            runs = principalClass
        }
        let moduleOptions = modules.map { module -> String in
            let equals = module.firstIndex(of: "=").flatMap { module[..<$0].contains("/") ? nil : $0 }
            let name = equals.map { String(module[...$0]) } ?? ""
            let modulePath = equals.map { String(module[module.index(after: $0)...]) } ?? module
            return " --module " + name
                + URL(fileURLWithPath: modulePath).resolvingSymlinksInPath().standardizedFileURL.path
        }
        return (runs.map { "\(path) --principal-class \($0)" } ?? path) + moduleOptions.joined()
    }
}
