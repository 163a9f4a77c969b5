import Foundation
import NSEBenchCore

@testable import NSERuntime

/// Builds extensions the way `nse-bench --extension PATH` does, into one cache folder per test process
/// (so a test's first build is a real compile and later ones of the same sources come from the cache).
enum CompiledExamples {
    /// The repository's Examples/ folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

    static let cache: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeCachesOfEndedTestRuns(in: temporary)
        return temporary.appendingPathComponent("\(cachePrefix)\(ProcessInfo.processInfo.processIdentifier)")
    }()

    private static let cachePrefix = "nse-bench-extension-cache-"

    /// Removes the caches of earlier test processes that have ended, so that test runs do not pile them
    /// up in the temporary folder (about 300 KB each). A process still running keeps its own.
    private static func removeCachesOfEndedTestRuns(in temporary: URL) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        } catch {
            return  // nothing to tidy where nothing can be listed; the cache itself reports its own errors
        }
        for name in names where name.hasPrefix(cachePrefix) {
            guard let pid = Int32(name.dropFirst(cachePrefix.count)), kill(pid, 0) == -1, errno == ESRCH else {
                continue
            }
            do {
                try FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            } catch {
                continue  // another test process removed it first
            }
        }
    }

    /// Keeps the manifests of the test's packages in this process's cache folder, not the user's build
    /// cache (``PackageManifestReader/useCache(_:)``): a fixture that writes a `Package.swift` calls it.
    static func keepManifestsInTestCache() { PackageManifestReader.useCache(cache) }

    static func builder() throws -> UserExtensionBuilder {
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] = cache.path
        return try UserExtensionBuilder.forThisProcess(version: NSEBenchVersion.current, environment: environment)
    }

    /// Runs `work`, which blocks (a compile waits for `swiftc`), on a thread of its own, so that it holds no
    /// thread of the cooperative pool: with two cores the pool has two, and suites compiling at once
    /// starved every other test's tasks (an admission-race test ran 63 of 2,000 rounds in 30 s).
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The title the extension at `folder`, compiled and loaded with `modules` (`--module`s), delivers for
    /// a plain payload titled `title`, its download answered at once.
    static func deliveredTitle(
        ofExtensionAt folder: URL, forTitle title: String, modules: [String] = []
    ) async throws -> String {
        let loaded = try await offThePool {
            try UserExtensionLoader.load(folder.path, modules: modules, builder: try builder())
        }
        let harness = try HostHarness { _ in .respond(.init(after: 0, contentType: "image/jpeg")) }
        defer { harness.remove() }
        return await harness.start(
            harness.input(TestPayloads.plain(title: title), extension: loaded.factory)
        ).value.visible.title
    }

    /// The factory of the example folder `name`.
    static func factory(_ name: String) async throws -> ExtensionFactory {
        try await offThePool {
            try UserExtensionLoader.load(examples.appendingPathComponent(name).path, builder: try builder()).factory
        }
    }

    /// The record of one invocation of the extension compiled from `files` (name → Swift text), given a
    /// plain payload titled `title`, whose media requests are answered at once.
    static func record(of files: [String: String], title: String) async throws -> InvocationRecord {
        let factory = try await factory(of: files)
        let harness = try HostHarness { _ in .respond(.init(after: 0, contentType: "image/jpeg")) }
        defer { harness.remove() }
        return await harness.start(harness.input(TestPayloads.plain(title: title), extension: factory)).value
    }

    /// The factory of the extension compiled from `files` (name → Swift text), from a folder removed once
    /// it is loaded (the library stays in the build cache).
    static func factory(of files: [String: String]) async throws -> ExtensionFactory {
        try await offThePool {
            let folder = try folder(files)
            defer { try? FileManager.default.removeItem(at: folder) }
            return try UserExtensionLoader.load(folder.path, builder: try builder()).factory
        }
    }

    /// A folder holding `files` (name → Swift text), removed by the caller.
    static func folder(_ files: [String: String], plist: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "UserExtension\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        if let plist {
            try plist.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// An Info.plist for `extensionPoint` and `principal`.
    static func plist(point: String = UserExtensionSource.extensionPoint, principal: String?) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSExtension</key><dict>
        <key>NSExtensionPointIdentifier</key><string>\(point)</string>
        \(principal.map { "<key>NSExtensionPrincipalClass</key><string>\($0)</string>" } ?? "")
        </dict></dict></plist>
        """
    }

    static let minimal = """
        import UserNotifications
        class NotificationService: UNNotificationServiceExtension {}
        """
}

extension UserExtensionLoader {
    /// ``load(_:principalClass:swiftVersion:modules:builder:)``, compiling on a thread of its own
    /// (``CompiledExamples/offThePool(_:)``).
    static func loadOffThePool(
        _ path: String, principalClass: String? = nil, swiftVersion: String? = nil, modules: [String] = [],
        builder: UserExtensionBuilder
    ) async throws -> (factory: ExtensionFactory, source: UserExtensionSource, built: UserExtensionBuilder.Built) {
        try await CompiledExamples.offThePool {
            try load(
                path, principalClass: principalClass, swiftVersion: swiftVersion, modules: modules, builder: builder)
        }
    }
}

extension UserExtensionBuilder {
    /// ``build(_:)``, compiling on a thread of its own (``CompiledExamples/offThePool(_:)``).
    func buildOffThePool(_ source: UserExtensionSource) async throws -> Built {
        try await CompiledExamples.offThePool { try build(source) }
    }
}
