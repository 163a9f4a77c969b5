import Foundation
import NSEBenchSystem
import Synchronization

/// Reads a Swift package's manifest as SwiftPM does: `swift package dump-package` runs the manifest
/// (offline: remote dependencies are named, not fetched) and prints it as JSON (``PackageManifest``).
/// A run takes about 0.6 s, so its JSON is kept in the build cache (`manifests/`), named by a hash of the
/// package's folder, the `swift` that ran and every `Package*.swift` file, and each package is read at
/// most once a process.
enum PackageManifestReader {
    /// Why a package's manifest could not be read.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The package's folder.
        var folder: URL
        /// Why, with SwiftPM's own words where it gave some.
        var reason: String

        var description: String { "the Swift package manifest \(folder.path)/Package.swift (\(reason))" }
    }

    private static let read = Mutex<[String: Result<PackageManifest, Failure>]>([:])

    /// The manifest of the package at `folder`, from the cache or `swift package dump-package`.
    static func manifest(
        ofPackageAt folder: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<PackageManifest, Failure> {
        let folder = folder.standardizedFileURL
        if let known = read.withLock({ $0[folder.path] }) { return known }
        let result = readManifest(folder, environment: environment)
        read.withLock { $0[folder.path] = result }
        return result
    }

    private static func readManifest(
        _ folder: URL, environment: [String: String]
    ) -> Result<PackageManifest, Failure> {
        func failure(_ reason: String) -> Result<PackageManifest, Failure> {
            .failure(Failure(folder: folder, reason: reason))
        }
        guard let swift = swiftExecutable(environment) else {
            return failure("no swift on PATH to read it with (or set SWIFTC)")
        }
        let key: String
        do {
            key = try cacheKey(folder, swift: swift)
        } catch {
            return failure("cannot read it: \(error)")
        }
        let cache = CacheDirectory.url(environment: environment).appendingPathComponent("manifests")
        let cached = cache.appendingPathComponent("\(key).json")
        if let data = FileManager.default.contents(atPath: cached.path) {
            do {
                return .success(try PackageManifest(json: data, folder: folder))
            } catch {
                // A cached file cut short (a full disk): read the manifest again below.
            }
        }
        let output: (status: Int32, json: Data, messages: String)
        do {
            output = try dump(folder, swift: swift)
        } catch {
            return failure("cannot run \(swift.path) package dump-package: \(error)")
        }
        guard output.status == 0 else {
            let first = output.messages.split(whereSeparator: \.isNewline).first { $0.contains("error") }
            return failure(
                "swift package dump-package failed: "
                    + String(
                        (first ?? output.messages.split(whereSeparator: \.isNewline).first ?? "no message").prefix(300))
            )
        }
        let manifest: PackageManifest
        do {
            manifest = try PackageManifest(json: output.json, folder: folder)
        } catch {
            return failure("swift package dump-package printed no manifest: \(error)")
        }
        // Kept for the next run; a cache that cannot be written costs the next run the same 0.6 s.
        let partial = cache.appendingPathComponent("\(key).json.writing-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            try output.json.write(to: partial)
            try FileManager.default.moveItem(at: partial, to: cached)
            pruneOldest(in: cache, keeping: keptManifests)
        } catch {
            removeIfPresent(partial)
        }
        return .success(manifest)
    }

    /// How many manifests the cache keeps: each is a few kilobytes, and a package moved or edited is kept
    /// anew, so the oldest go.
    static let keptManifests = 256

    /// Removes the least recently written files of `folder` beyond `kept`.
    private static func pruneOldest(in folder: URL, keeping kept: Int) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            return  // nothing listed, nothing pruned: the files cost disk only
        }
        guard names.count > kept else { return }
        let dated = names.map { name -> (URL, Date) in
            let file = folder.appendingPathComponent(name)
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
                return (file, attributes[.modificationDate] as? Date ?? .distantPast)
            } catch {
                return (file, .distantPast)  // gone meanwhile: first to go, and its removal finds nothing
            }
        }
        for (file, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - kept) { removeIfPresent(file) }
    }

    /// `swift` beside the `swiftc` of `SWIFTC`, else the first on `PATH`.
    private static func swiftExecutable(_ environment: [String: String]) -> URL? {
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            let beside = URL(fileURLWithPath: explicit).deletingLastPathComponent().appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// A hash of the folder's path, `swift`'s and every `Package*.swift` of the folder (a manifest for a
    /// tools version, `Package@swift-5.9.swift`, is read in its place by a toolchain of that version).
    private static func cacheKey(_ folder: URL, swift: URL) throws -> String {
        var digest = try SHA256Digest()
        try digest.update(Array("\(folder.path)\u{0}\(swift.resolvingSymlinksInPath().path)\u{0}".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("Package") && $0.hasSuffix(".swift") }.sorted()
        for name in names {
            try digest.update(Array("\(name)\u{0}".utf8))
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw PackageManifest.FormatError(description: "\(name) cannot be read")
            }
            try digest.update(Array(data))
        }
        return try digest.hexadecimal()
    }

    /// Runs `swift package dump-package` for `folder`: its exit status, its standard output (the JSON) and
    /// its standard error (warnings, or why it failed), kept apart.
    private static func dump(_ folder: URL, swift: URL) throws -> (status: Int32, json: Data, messages: String) {
        let process = Process()
        process.executableURL = swift
        process.arguments = ["package", "dump-package", "--package-path", folder.path]
        process.currentDirectoryURL = folder
        let messagesFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nse-bench-dump-package-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: messagesFile.path, contents: nil) else {
            throw PackageManifest.FormatError(description: "cannot create \(messagesFile.path)")
        }
        defer { removeIfPresent(messagesFile) }
        let messages = try FileHandle(forWritingTo: messagesFile)
        defer {
            do {
                try messages.close()
            } catch {
                // Only the descriptor: its text was read (or not) already.
            }
        }
        // Close-on-exec, as for the compiler: another thread's process must not hold it open.
        let pipe = try CloseOnExecPipe()
        process.standardOutput = pipe.writing
        process.standardError = messages
        try process.run()
        CloseOnExecPipe.closeChildEnd(pipe.writing)
        let json = pipe.reading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: FileManager.default.contents(atPath: messagesFile.path) ?? Data(), as: UTF8.self)
        return (process.terminationReason == .exit ? process.terminationStatus : -1, json, text)
    }

    private static func removeIfPresent(_ file: URL) {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            // A leftover in the cache or temporary folder: disk, nothing else.
        }
    }
}
