import Foundation
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI
@testable import NSERuntime

/// The folder a worker runs nse-bench from for an extension that reads `Bundle.main`: in the build cache,
/// shared by runs, replaced by a newer build's.
@Suite("worker executable beside the extension's Info.plist")
struct WorkerExecutableTests {
    static func bundle(_ identifier: String) throws -> ExtensionMainBundle {
        try ExtensionMainBundle.make(
            moduleName: "M", targetName: "NotificationService", plist: ["CFBundleIdentifier": identifier],
            projectIdentifiers: [])
    }

    @Test("made once per executable and Info.plist; another's stays; a rebuilt executable's replaces the older's")
    func madeOnceAndReplaced() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-worker-exe")
        defer { directory.remove() }
        let executable = URL(fileURLWithPath: directory.path("bin/tool"))
        try FileManager.default.createDirectory(
            at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho one\n".utf8).write(to: executable)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        let cache = URL(fileURLWithPath: directory.path("cache"))

        let first = try WorkerExecutable.make(for: try Self.bundle("com.acme.a"), executable: executable, cache: cache)
        #expect(first.lastPathComponent == "tool")
        #expect(FileManager.default.isExecutableFile(atPath: first.path))
        let plist = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: first.deletingLastPathComponent().appendingPathComponent("Info.plist")), format: nil)
        #expect((plist as? [String: Any])?["CFBundleIdentifier"] as? String == "com.acme.a")
        #expect(
            try WorkerExecutable.make(for: try Self.bundle("com.acme.a"), executable: executable, cache: cache) == first
        )
        let other = try WorkerExecutable.make(for: try Self.bundle("com.acme.b"), executable: executable, cache: cache)
        #expect(other != first, "another Info.plist, another folder")
        #expect(
            FileManager.default.isExecutableFile(atPath: first.path),
            "the same build's folder for another extension stays: its run may be reading its resources now")

        // A rebuild: a new file (another inode, as a build's rename makes), another size and time. Its folder
        // replaces both of the older build's.
        try Data("#!/bin/sh\necho two, rebuilt\n".utf8).write(to: executable, options: .atomic)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: executable.path)
        let rebuilt = try WorkerExecutable.make(
            for: try Self.bundle("com.acme.a"), executable: executable, cache: cache)
        #expect(rebuilt != first)
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: cache.appendingPathComponent("main-bundles").path)
        #expect(folders == [rebuilt.deletingLastPathComponent().lastPathComponent], "\(folders)")
        #expect(try String(contentsOf: rebuilt, encoding: .utf8).contains("rebuilt"))
    }

    @Test("a file system that forbids running programs is told apart from one that allows it")
    func noexecMounts() {
        #expect(!Posix.forbidsExecution(onFileSystemOf: "/"))
        #expect(!Posix.forbidsExecution(onFileSystemOf: "/no/such/path"), "unknown: the run finds out by trying")
    }
}
