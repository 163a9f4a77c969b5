public import Foundation
import NSEBenchSystem

/// The App Group shared container of a run: a private directory (mode 0700) holding the AES-256 key
/// that the push server side encrypts with and the extension decrypts with, in `payload.key` (mode 0600).
///
/// The harness creates one per run and removes it at the end; extensions open it with
/// ``init(directory:)`` and read the key with ``loadKey()``, which refuses a key file others could read,
/// as `ssh` refuses an open private key.
///
/// ```swift
/// let key = try AESGCM.randomBytes(32)
/// let container = try SharedContainer(creatingIn: FileManager.default.temporaryDirectory, key: key)
/// defer { try? container.remove() }
/// try container.loadKey() == key  // true
/// ```
public struct SharedContainer: Sendable, Hashable {
    /// The name of the key file inside the container.
    public static let keyFileName = "payload.key"

    /// The container directory.
    public let directory: URL

    /// The key file, `payload.key` in ``directory``.
    public var keyFile: URL { directory.appendingPathComponent(Self.keyFileName) }

    /// An existing container at `directory`; touches nothing on disk.
    ///
    /// ```swift
    /// let container = SharedContainer(directory: URL(fileURLWithPath: "/tmp/group.nse-bench.1234"))
    /// ```
    public init(directory: URL) {
        self.directory = directory
    }

    /// Creates a new container directory `group.nse-bench.<UUID>` in `parent` with mode 0700 and writes
    /// `key` (32 bytes) to `payload.key` with mode 0600. On failure nothing is left behind.
    ///
    /// The key file is written inside the already private directory and then restricted to 0600, so no
    /// other user can read it even for the instant before its mode is set.
    public init(creatingIn parent: URL, key: [UInt8]) throws(SharedContainerError) {
        guard key.count == AESGCM.keyByteCount else { throw .invalidKeyLength(byteCount: key.count) }
        let manager = FileManager.default
        let directory = parent.appendingPathComponent("group.nse-bench.\(UUID().uuidString)", isDirectory: true)
        try Self.attempt("create the directory", directory) {
            try manager.createDirectory(at: directory, withIntermediateDirectories: false)
        }
        self.init(directory: directory)
        do {
            try Self.attempt("set the mode of", directory) {
                try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            }
            let keyFile = self.keyFile
            try Self.attempt("write", keyFile) { try Data(key).write(to: keyFile, options: [.withoutOverwriting]) }
            try Self.attempt("set the mode of", keyFile) {
                try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
            }
        } catch {
            try? manager.removeItem(at: directory)
            throw error
        }
    }

    /// Reads the 32-byte key from `payload.key`.
    ///
    /// Throws ``SharedContainerError/keyFileMissing(path:)`` when there is none,
    /// ``SharedContainerError/keyFileTooOpen(path:mode:)`` when its group or others have any permission,
    /// and ``SharedContainerError/wrongKeySize(path:byteCount:)`` when it is not 32 bytes.
    public func loadKey() throws(SharedContainerError) -> [UInt8] {
        let keyFile = self.keyFile
        let manager = FileManager.default
        guard manager.fileExists(atPath: keyFile.path) else { throw .keyFileMissing(path: keyFile.path) }
        let attributes = try Self.attempt("read the attributes of", keyFile) {
            try manager.attributesOfItem(atPath: keyFile.path)
        }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw .keyFileTooOpen(path: keyFile.path, mode: mode & 0o7777)
        }
        let data = try Self.attempt("read", keyFile) { try Data(contentsOf: keyFile) }
        guard data.count == AESGCM.keyByteCount else { throw .wrongKeySize(path: keyFile.path, byteCount: data.count) }
        return Array(data)
    }

    /// Where iOS keeps the container's `UserDefaults(suiteName:)` suites: `Library/Preferences`, one
    /// `<suite>.plist` each.
    public var preferencesDirectory: URL {
        directory.appendingPathComponent("Library/Preferences", isDirectory: true)
    }

    /// Copies everything in `source` (an App Group container as the app left it: files, databases,
    /// `Library/Preferences/<group>.plist`) into this container, beside `payload.key`, and makes
    /// ``preferencesDirectory``. A `payload.key` in `source` is refused: the run's key is given apart
    /// (`--payload-key`), and one file cannot be both.
    public func copyContents(of source: URL) throws(SharedContainerError) {
        let manager = FileManager.default
        let entries = try Self.attempt("list", source) { try manager.contentsOfDirectory(atPath: source.path) }
        if entries.contains(Self.keyFileName) {
            throw .fileSystem(
                operation: "copy", path: source.appendingPathComponent(Self.keyFileName).path,
                reason: "the run's payload key is written there; give a key with --payload-key instead")
        }
        for entry in entries.sorted() {
            let from = source.appendingPathComponent(entry)
            let to = directory.appendingPathComponent(entry)
            try Self.attempt("copy", from) { try manager.copyItem(at: from, to: to) }
        }
        try makePreferencesDirectory()
    }

    /// Makes ``preferencesDirectory`` when it is not there yet.
    public func makePreferencesDirectory() throws(SharedContainerError) {
        let preferences = preferencesDirectory
        try Self.attempt("create", preferences) {
            try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        }
    }

    /// Has Foundation keep this process's `UserDefaults(suiteName:)` suites in ``preferencesDirectory``,
    /// as iOS keeps an App Group's (`XDG_CONFIG_HOME`, which Foundation on Linux reads when a suite is
    /// first opened), rather than in the user's `~/.config`, where an extension's writes would outlive
    /// the run. Call before the extension's code runs.
    public func keepUserDefaultsSuites() throws(SharedContainerError) {
        try makePreferencesDirectory()
        do {
            try ProcessEnvironment.set("XDG_CONFIG_HOME", to: preferencesDirectory.path)
        } catch {
            throw .fileSystem(
                operation: "keep UserDefaults suites in", path: preferencesDirectory.path, reason: "\(error)")
        }
    }

    /// Deletes the container directory and everything in it.
    public func remove() throws(SharedContainerError) {
        try Self.attempt("remove", directory) { try FileManager.default.removeItem(at: directory) }
    }

    /// Runs a Foundation file operation; its error becomes ``SharedContainerError/fileSystem(operation:path:reason:)``.
    private static func attempt<Result>(
        _ operation: String, _ url: URL, _ body: () throws -> Result
    ) throws(SharedContainerError) -> Result {
        do {
            return try body()
        } catch {
            throw .fileSystem(operation: operation, path: url.path, reason: Self.reason(error))
        }
    }

    /// The most specific message a Foundation error carries: its underlying POSIX error when it has one.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return nsError.localizedDescription
    }
}
