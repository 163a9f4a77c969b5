public import Foundation

/// A fresh directory under FileManager's temporary directory, for one test; ``remove()`` deletes it.
///
/// ```swift
/// let directory = try TemporaryDirectory(prefix: "nse-bench-compare")
/// defer { directory.remove() }
/// let path = try directory.write("runs/a/summary.csv", text)
/// ```
public struct TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates `<temporary directory>/<prefix>-<UUID>`.
    public init(prefix: String = "nse-bench-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` (which may hold folders) inside the directory; nothing is created.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the directory, creating the folders on the way; returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try Self.write([name: text], in: url)
        return url.appendingPathComponent(name).path
    }

    /// Writes each of `files` (a path inside `folder`, which may hold folders: its text) into `folder`,
    /// creating the folders on the way.
    public static func write(_ files: [String: String], in folder: URL) throws {
        for (name, text) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    /// Creates a file of `size` bytes: sparse (a truncate, no writes), so size-cap tests cost no disk time.
    public func file(named name: String, size: Int) throws -> URL {
        let file = url.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
        return file
    }

    /// Deletes the directory and everything in it. A test's clean-up: a failure to delete leaves a
    /// folder in the temporary directory and is not the test's concern.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A ``TemporaryDirectory`` removed when its last owner lets go of it: a suite's scratch folder, kept in
/// a stored property, goes with the suite's instance after each test (Swift Testing makes one per test),
/// so that test runs leave nothing in the temporary directory.
///
/// ```swift
/// struct SweepCommandTests {
///     let scratch: OwnedTemporaryDirectory
///     init() throws { scratch = try OwnedTemporaryDirectory(prefix: "nse-bench-sweep") }
/// }
/// ```
public final class OwnedTemporaryDirectory: Sendable {
    /// The directory.
    public let directory: TemporaryDirectory

    /// The directory's URL.
    public var url: URL { directory.url }

    /// Creates `<temporary directory>/<prefix>-<UUID>`.
    public init(prefix: String) throws {
        directory = try TemporaryDirectory(prefix: prefix)
    }

    deinit { directory.remove() }
}
