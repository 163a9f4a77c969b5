import Foundation
import NSEBenchSystem
import Synchronization

/// Reads a Swift package's manifest as SwiftPM does: `swift package dump-package` runs the manifest
/// (offline: remote dependencies are named, not fetched) and prints it as JSON (``PackageManifest``).
/// A run takes about 0.6 s, so what it gave (the JSON, or why it failed) is kept in the build cache
/// (`manifests/`), named by a hash of the package's folder, the `swift` that ran and every
/// `Package*.swift` file; a manifest that reads files or the environment besides is not told changed by
/// them. SwiftPM runs without taking the package's build lock (a `swift build` of the package may hold it
/// for minutes) and with a scratch folder of the cache's, so that it leaves nothing in the package or
/// `/tmp`; one that runs past ``timeout`` is stopped, and the manifest named as not read.
enum PackageManifestReader {
    /// Why a package's manifest could not be read.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The package's folder.
        var folder: URL
        /// Why, with SwiftPM's own words where it gave some.
        var reason: String

        var description: String { "the Swift package manifest \(folder.path)/Package.swift (\(reason))" }
    }

    /// How long SwiftPM may take to read a manifest (it compiles and runs it; 0.6 s here).
    static let timeout: Duration = .seconds(30)

    /// Each manifest read in this process, by its cache file's path (its folder, `swift`, its text).
    private static let read = Mutex<[String: Result<PackageManifest, Failure>]>([:])

    /// The cache folder tests give, in place of the environment's (``useCache(_:)``).
    private static let cacheOverride = Mutex<URL?>(nil)

    /// Keeps manifests in `folder` rather than the default build cache (`NSE_BENCH_CACHE` still wins): for
    /// tests, whose packages are made anew in every run and would push the user's own out.
    static func useCache(_ folder: URL) { cacheOverride.withLock { $0 = folder } }

    /// The manifest of the package at `folder`, from the cache or `swift package dump-package`.
    static func manifest(
        ofPackageAt folder: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<PackageManifest, Failure> {
        let folder = folder.standardizedFileURL
        func failure(_ reason: String) -> Result<PackageManifest, Failure> {
            .failure(Failure(folder: folder, reason: reason))
        }
        guard let swift = swiftExecutable(environment) else {
            return failure("no swift beside swiftc or on PATH to read it with (or set SWIFTC)")
        }
        let key: String
        do {
            key = try cacheKey(folder, swift: swift)
        } catch {
            return failure("cannot read it: \(error)")
        }
        // `NSE_BENCH_CACHE` first, then a test's folder, then the environment's default.
        let explicit = environment["NSE_BENCH_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let cache = (explicit ?? cacheOverride.withLock { $0 } ?? CacheDirectory.url(environment: environment))
            .appendingPathComponent("manifests")
        let cached = cache.appendingPathComponent(key)
        if let known = read.withLock({ $0[cached.path] }) { return known }
        let result = readManifest(folder, swift: swift, cached: cached, failure: failure)
        read.withLock { $0[cached.path] = result }
        return result
    }

    /// The suffixes of a manifest's cache files: what SwiftPM printed, or why it failed.
    private static let manifestSuffix = ".json"
    private static let failureSuffix = ".failed"

    private static func readManifest(
        _ folder: URL, swift: URL, cached: URL,
        failure: (String) -> Result<PackageManifest, Failure>
    ) -> Result<PackageManifest, Failure> {
        let json = URL(fileURLWithPath: cached.path + manifestSuffix)
        let failed = URL(fileURLWithPath: cached.path + failureSuffix)
        if let data = FileManager.default.contents(atPath: json.path) {
            do {
                return .success(try PackageManifest(json: data, folder: folder))
            } catch {
                // A cached file cut short (a full disk): read the manifest again below, and replace it.
            }
        }
        if let data = FileManager.default.contents(atPath: failed.path) {
            return failure(String(decoding: data, as: UTF8.self))
        }
        let output: (status: Int32?, json: Data, messages: String)
        do {
            output = try dump(
                folder, swift: swift, scratch: cached.deletingLastPathComponent().appendingPathComponent("scratch"))
        } catch {
            return failure("swift package dump-package could not run: \(error)")
        }
        guard let status = output.status else {
            // Not kept: a slow machine may read it next time.
            return failure(
                "swift package dump-package ran past \(timeout.components.seconds) s and was stopped")
        }
        guard status == 0 else {
            let reason = "swift package dump-package failed: " + firstError(in: output.messages)
            keep(Data(reason.utf8), at: failed)
            return failure(reason)
        }
        let manifest: PackageManifest
        do {
            manifest = try PackageManifest(json: output.json, folder: folder)
        } catch {
            let reason = "swift package dump-package printed a manifest this reader does not know: \(error)"
            keep(Data(reason.utf8), at: failed)
            return failure(reason)
        }
        keep(output.json, at: json)
        return .success(manifest)
    }

    /// The line of SwiftPM's `messages` that says why: a manifest's own error (`Package.swift:3:5: error:
    /// ...`), else the first error that is not the compile command it ran, else the first line; at most
    /// 300 characters.
    static func firstError(in messages: String) -> String {
        let lines = messages.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let line =
            lines.first { $0.range(of: #"\.swift:\d+:\d+: error:"#, options: .regularExpression) != nil }
            ?? lines.first { $0.contains("error:") && !$0.contains("compiled with:") }
            ?? lines.first { $0.contains("error") && !$0.contains("compiled with:") }
            ?? lines.first ?? "no message"
        return String(line.prefix(300))
    }

    /// Writes `data` to `file` of the cache, replacing one there (a file cut short), then prunes the cache;
    /// a cache that cannot be written costs the next run the same 0.6 s.
    private static func keep(_ data: Data, at file: URL) {
        let folder = file.deletingLastPathComponent()
        let partial = folder.appendingPathComponent("\(file.lastPathComponent).writing-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: partial)
            removeIfPresent(file)
            try FileManager.default.moveItem(at: partial, to: file)
            pruneOldest(in: folder, keeping: keptManifests)
        } catch {
            removeIfPresent(partial)
        }
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

    /// `swift` of the toolchain whose `swiftc` compiles (``UserExtensionBuilder``'s: `SWIFTC`, else the
    /// first on `PATH`), so that the manifest's JSON is in the shape its version prints; else the first
    /// `swift` on `PATH`.
    private static func swiftExecutable(_ environment: [String: String]) -> URL? {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map {
            URL(fileURLWithPath: String($0))
        }
        var compiler: URL?
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            compiler = URL(fileURLWithPath: explicit)
        } else {
            compiler = directories.map { $0.appendingPathComponent("swiftc") }.first {
                FileManager.default.isExecutableFile(atPath: $0.path)
            }
        }
        if let beside = compiler?.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift"),
            FileManager.default.isExecutableFile(atPath: beside.path)
        {
            return beside
        }
        return directories.map { $0.appendingPathComponent("swift") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
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

    /// Runs `swift package dump-package` for `folder`, with `scratch` as its build folder: its exit status
    /// (nil when stopped past ``timeout``), its standard output (the JSON) and its standard error
    /// (warnings, or why it failed), kept apart.
    private static func dump(
        _ folder: URL, swift: URL, scratch: URL
    ) throws -> (status: Int32?, json: Data, messages: String) {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
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
        let result = try ToolRun.run(
            swift,
            [
                "package", "--ignore-lock", "--scratch-path", scratch.path, "--package-path", folder.path,
                "dump-package",
            ],
            in: folder, errors: .file(messages), timeLimit: TimeInterval(timeout.components.seconds))
        let text = String(decoding: FileManager.default.contents(atPath: messagesFile.path) ?? Data(), as: UTF8.self)
        if result.stoppedAtLimit { return (nil, result.output, text) }
        return (result.signalled ? -1 : result.status, result.output, text)
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
