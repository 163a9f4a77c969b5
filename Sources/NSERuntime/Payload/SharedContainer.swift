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

    /// The keychain the app shares with its extension (Security's `SecItem...` calls), kept beside the
    /// container (`<container>.keychain.json`, not in it: the extension's own listing of its container
    /// must not find it). Absent until an item is added.
    public var keychainFile: URL {
        directory.deletingLastPathComponent().appendingPathComponent(directory.lastPathComponent + ".keychain.json")
    }

    /// Where iOS keeps the container's `UserDefaults(suiteName:)` suites: `Library/Preferences`, one
    /// `<suite>.plist` each.
    public var preferencesDirectory: URL {
        directory.appendingPathComponent("Library/Preferences", isDirectory: true)
    }

    /// Why `source` cannot be an App Group folder to copy in (``copyContents(of:)``), naming the path;
    /// nil when it can: a folder of regular files and folders only (a link could lead the extension's
    /// writes out of the run, a FIFO would block the copy), without a `payload.key` at its top (the run
    /// writes its own key there), and not holding `workFolder` (it would be copied into itself).
    public static func appGroupProblem(in given: URL, workFolder: URL? = nil) -> String? {
        let manager = FileManager.default
        // Listed through its real path: a link to the folder would otherwise list nothing to check.
        let source = given.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: source.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "\(source.path) is not a folder"
        }
        if manager.fileExists(atPath: source.appendingPathComponent(keyFileName).path) {
            return "\(source.appendingPathComponent(keyFileName).path) is where the run writes its payload key; "
                + "give a key with --payload-key instead"
        }
        let root = source.resolvingSymlinksInPath().standardizedFileURL.path
        if let workFolder {
            let work = workFolder.resolvingSymlinksInPath().standardizedFileURL.path
            if work == root || work.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                return
                    "\(source.path) holds the run's scratch folder \(workFolder.path), which would be copied into itself"
            }
        }
        guard let entries = manager.enumerator(atPath: source.path) else { return "cannot list \(source.path)" }
        for case let entry as String in entries {
            let path = source.appendingPathComponent(entry).path
            let type: FileAttributeType?
            do {
                type = try manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            } catch {
                return "cannot read \(path): \(Self.reason(error))"
            }
            guard type == .typeRegular || type == .typeDirectory else {
                let kind = type == .typeSymbolicLink ? "a symbolic link" : "neither a file nor a folder"
                return "\(path) is \(kind); copy the files it stands for into the folder instead"
            }
            // The listing skips a folder it cannot read, and the copy would fail half-way.
            guard manager.isReadableFile(atPath: path), type != .typeDirectory || manager.isExecutableFile(atPath: path)
            else { return "\(path) cannot be read" }
        }
        return nil
    }

    /// Copies everything in `source` (an App Group container as the app left it: files, databases,
    /// `Library/Preferences/<group>.plist`) into this container, beside `payload.key`, gives the owner
    /// read and write on what was copied (the app owns its container), and makes ``preferencesDirectory``.
    /// `source` must pass ``appGroupProblem(in:workFolder:)``.
    public func copyContents(of given: URL) throws(SharedContainerError) {
        if let problem = Self.appGroupProblem(in: given, workFolder: directory) {
            throw .fileSystem(operation: "copy the App Group folder", path: given.path, reason: problem)
        }
        let source = given.resolvingSymlinksInPath()
        let manager = FileManager.default
        let entries = try Self.attempt("list", source) { try manager.contentsOfDirectory(atPath: source.path) }
        do {
            for entry in entries.sorted() {
                let from = source.appendingPathComponent(entry)
                let to = directory.appendingPathComponent(entry)
                try Self.attempt("copy", from) { try manager.copyItem(at: from, to: to) }
                try Self.ownerMayWrite(to)
            }
        } catch {
            // A read-only folder copied before the failure would keep the container from being removed.
            try? Self.ownerMayWrite(directory)
            throw error
        }
        try makePreferencesDirectory()
    }

    /// Gives the owner read and write on `url` and, for a folder, on everything in it (and search on folders).
    private static func ownerMayWrite(_ url: URL) throws(SharedContainerError) {
        let manager = FileManager.default
        var paths = [url.path]
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            paths += (manager.subpaths(atPath: url.path) ?? []).map { url.appendingPathComponent($0).path }
        }
        for path in paths {
            try attempt("set the mode of", URL(fileURLWithPath: path)) {
                let attributes = try manager.attributesOfItem(atPath: path)
                let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o600
                let folder = attributes[.type] as? FileAttributeType == .typeDirectory
                let wanted = mode | 0o600 | (folder ? 0o100 : 0)
                if wanted != mode { try manager.setAttributes([.posixPermissions: wanted], ofItemAtPath: path) }
            }
        }
    }

    /// Makes ``preferencesDirectory`` when it is not there yet.
    public func makePreferencesDirectory() throws(SharedContainerError) {
        let preferences = preferencesDirectory
        try Self.attempt("create", preferences) {
            try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        }
    }

    /// Reads every suite in ``preferencesDirectory`` once, on this thread: Foundation on Linux loads a
    /// suite's file racily the first time several threads read it at once (measured: a fresh process whose
    /// 8 threads each read a suite's key at once got nil on 7 of them in 7 of 40 processes; with one read
    /// before, in none of 60), where iOS's `UserDefaults` is thread-safe. Call in a process started with
    /// ``userDefaultsEnvironment``, before the extension's code runs. Returns the suites read.
    @discardableResult
    public func loadUserDefaultsSuites() throws(SharedContainerError) -> [String] {
        let preferences = preferencesDirectory
        let files = try Self.attempt("list", preferences) {
            try FileManager.default.contentsOfDirectory(atPath: preferences.path)
        }
        let suites = files.filter { $0.hasSuffix(".plist") }.map { String($0.dropLast(".plist".count)) }.sorted()
        // Both paths Foundation reads a suite by: a key's (through the suite's search list) and the whole.
        for suite in suites {
            let defaults = UserDefaults(suiteName: suite)
            _ = defaults?.object(forKey: "nse-bench.load")
            _ = defaults?.dictionaryRepresentation()
        }
        return suites
    }

    /// The environment variable that has Foundation on Linux keep `UserDefaults(suiteName:)` suites in
    /// ``preferencesDirectory`` (as iOS keeps an App Group's), rather than in the user's `~/.config`,
    /// where an extension's writes would outlive the run: `XDG_CONFIG_HOME`. CoreFoundation copies it
    /// when it loads, before `main`, so it takes effect only in a process started with it (an extension
    /// worker), never through `setenv`.
    public var userDefaultsEnvironment: (name: String, value: String) {
        ("XDG_CONFIG_HOME", preferencesDirectory.path)
    }

    /// Deletes the container directory and everything in it.
    public func remove() throws(SharedContainerError) {
        try Self.attempt("remove", directory) { try FileManager.default.removeItem(at: directory) }
        for file in [keychainFile, URL(fileURLWithPath: keychainFile.path + ".lock")]
        where FileManager.default.fileExists(atPath: file.path) {
            try Self.attempt("remove", file) { try FileManager.default.removeItem(at: file) }
        }
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
