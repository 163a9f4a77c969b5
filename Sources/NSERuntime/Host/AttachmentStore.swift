public import Foundation
import NSEBenchSystem
import Synchronization

/// The system's attachment data store for one run: where the files of delivered attachments end up.
///
/// iOS moves a delivered attachment's file out of the extension's container into its own store; the
/// host does the same with ``store(_:invocation:identifier:)``, so that extensions cannot reuse or leak
/// their downloads and the run can count what was attached. A store with a directory keeps the files
/// under collision-free names (`<sequence>-<invocation>-<identifier>.<ext>`, so two invocations
/// attaching `image.jpg` keep both); a counting store (``counting()``) takes the file away and keeps
/// only the counts, which is all a long run needs (one `unlink` instead of a rename and a later removal).
///
/// ```swift
/// let store = try AttachmentStore(directory: runDirectory.appendingPathComponent("attachments"))
/// let stored = try store.store(URL(fileURLWithPath: "/tmp/dl/CFNetworkDownload_1.jpg"), invocation: 3,
///                              identifier: "image")
/// store.totals  // 1 file, its bytes
/// ```
public final class AttachmentStore: Sendable {
    /// Files and bytes stored so far.
    public struct Totals: Sendable, Hashable {
        /// Files moved in.
        public var files: Int
        /// Their bytes.
        public var bytes: Int
    }

    /// The store's directory; nil for a counting store.
    public let directory: URL?
    private let directoryPath: String?
    private let state = Mutex((sequence: 0, totals: Totals(files: 0, bytes: 0)))

    /// A store that keeps files in `directory`, created (with its parents) if missing.
    public init(directory: URL) throws(AttachmentStoreError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directory.path, reason: "\(error.localizedDescription)")
        }
        self.directory = directory
        self.directoryPath = directory.path
    }

    private init() {
        directory = nil
        directoryPath = nil
    }

    /// A store that takes each attachment's file away from the extension and keeps only the counts.
    public static func counting() -> AttachmentStore { AttachmentStore() }

    /// Files and bytes stored so far.
    public var totals: Totals { state.withLock { $0.totals } }

    /// Takes `file` away from the extension: moves it into the store under a new, unique name that keeps
    /// its extension, or, for a counting store, removes it.
    ///
    /// Throws ``AttachmentStoreError/notARegularFile(path:)`` when `file` is missing or not a regular
    /// file, and ``AttachmentStoreError/moveFailed(from:to:reason:)`` (or
    /// ``AttachmentStoreError/removeFailed(path:reason:)``) when that fails.
    public func store(_ file: URL, invocation: Int, identifier: String) throws(AttachmentStoreError)
        -> StoredAttachment
    {
        try store(path: file.path, invocation: invocation, identifier: identifier)
    }

    /// ``store(_:invocation:identifier:)`` for the file at `source`, a path.
    public func store(path source: String, invocation: Int, identifier: String) throws(AttachmentStoreError)
        -> StoredAttachment
    {
        guard let bytes = Posix.regularFileSize(source) else { throw .notARegularFile(path: source) }
        guard let directoryPath else {
            do {
                try Posix.removeFile(source)
            } catch {
                throw .removeFailed(path: source, reason: error.message)
            }
            count(bytes)
            return StoredAttachment(identifier: identifier, url: nil, bytes: bytes)
        }
        let fileExtension = FilePathExtension.of(source)
        let suffix = fileExtension.isEmpty ? "" : "." + fileExtension
        let name = Self.safeName(identifier)
        while true {
            let sequence = state.withLock { state -> Int in
                state.sequence += 1
                return state.sequence
            }
            let destination = "\(directoryPath)/\(sequence)-\(invocation)-\(name)\(suffix)"
            // Another process could have left a file with the same name: never replace it, take the next number.
            guard try Self.move(source, to: destination) else { continue }
            count(bytes)
            return StoredAttachment(
                identifier: identifier, url: URL(fileURLWithPath: destination, isDirectory: false), bytes: bytes)
        }
    }

    private func count(_ bytes: Int) {
        state.withLock {
            $0.totals.files += 1
            $0.totals.bytes += bytes
        }
    }

    /// Moves `source` to `destination` unless something is there already (false then). One rename on
    /// the same file system; across file systems (`EXDEV`) Foundation's copying move, which also refuses
    /// to replace.
    private static func move(_ source: String, to destination: String) throws(AttachmentStoreError) -> Bool {
        do {
            return try Posix.moveWithoutReplacing(source, to: destination)
        } catch let error where error.isCrossDevice {
            if FileManager.default.fileExists(atPath: destination) { return false }
            do {
                try FileManager.default.moveItem(atPath: source, toPath: destination)
                return true
            } catch {
                throw .moveFailed(from: source, to: destination, reason: error.localizedDescription)
            }
        } catch {
            throw .moveFailed(from: source, to: destination, reason: error.message)
        }
    }

    /// The identifier reduced to letters, digits, `-` and `_` (at most 64), so it is safe in a file name.
    private static func safeName(_ identifier: String) -> String {
        let kept = identifier.unicodeScalars.prefix(64).map { scalar -> Character in
            let isSafe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            return isSafe || scalar == "-" || scalar == "_" ? Character(scalar) : "_"
        }
        return kept.isEmpty ? "attachment" : String(kept)
    }
}

/// An attachment file taken into the ``AttachmentStore``.
public struct StoredAttachment: Sendable, Hashable, Codable {
    /// The attachment's identifier.
    public var identifier: String
    /// Where the file is now; nil when the store keeps only counts (``AttachmentStore/counting()``).
    public var url: URL?
    /// Its size in bytes.
    public var bytes: Int
}
