public import Foundation
import Glibc
import NSEBenchSystem
import Synchronization

/// The system's attachment data store for one run: where the files of delivered attachments end up.
///
/// iOS moves a delivered attachment's file out of the extension's container into its own store; the
/// host does the same with ``store(_:invocation:identifier:)``, so that extensions cannot reuse or leak
/// their downloads and the run can count what was attached. Names are collision-free
/// (`<sequence>-<invocation>-<identifier>.<ext>`), so two invocations attaching `image.jpg` keep both.
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

    /// The store's directory.
    public let directory: URL
    private let state = Mutex((sequence: 0, totals: Totals(files: 0, bytes: 0)))

    /// A store in `directory`, created (with its parents) if missing.
    public init(directory: URL) throws(AttachmentStoreError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directory.path, reason: "\(error.localizedDescription)")
        }
        self.directory = directory
    }

    /// Files and bytes stored so far.
    public var totals: Totals { state.withLock { $0.totals } }

    /// Moves `file` into the store under a new, unique name that keeps its extension.
    ///
    /// Throws ``AttachmentStoreError/notARegularFile(path:)`` when `file` is missing or not a regular
    /// file, and ``AttachmentStoreError/moveFailed(from:to:reason:)`` when the move fails.
    public func store(_ file: URL, invocation: Int, identifier: String) throws(AttachmentStoreError)
        -> StoredAttachment
    {
        guard let bytes = Posix.regularFileSize(file.path) else { throw .notARegularFile(path: file.path) }
        let fileExtension = file.pathExtension
        let name = Self.safeName(identifier)
        while true {
            let sequence = state.withLock { state -> Int in
                state.sequence += 1
                return state.sequence
            }
            var destination = directory.appendingPathComponent("\(sequence)-\(invocation)-\(name)", isDirectory: false)
            if !fileExtension.isEmpty { destination.appendPathExtension(fileExtension) }
            // Another process could have left a file with the same name: never replace it, take the next number.
            guard try Self.move(file, to: destination) else { continue }
            state.withLock {
                $0.totals.files += 1
                $0.totals.bytes += bytes
            }
            return StoredAttachment(identifier: identifier, url: destination, bytes: bytes)
        }
    }

    /// Moves `file` to `destination` unless something is there already (false then). One rename on the
    /// same file system; across file systems (`EXDEV`) Foundation's copying move, which also refuses to
    /// replace.
    private static func move(_ file: URL, to destination: URL) throws(AttachmentStoreError) -> Bool {
        do {
            return try Posix.moveWithoutReplacing(file.path, to: destination.path)
        } catch let error where error.errno == EXDEV {
            if FileManager.default.fileExists(atPath: destination.path) { return false }
            do {
                try FileManager.default.moveItem(at: file, to: destination)
                return true
            } catch {
                throw .moveFailed(from: file.path, to: destination.path, reason: error.localizedDescription)
            }
        } catch {
            throw .moveFailed(from: file.path, to: destination.path, reason: error.message)
        }
    }

    /// Removes a stored attachment's file once the run has counted it; false when it was already gone.
    @discardableResult
    public func discard(_ attachment: StoredAttachment) throws(AttachmentStoreError) -> Bool {
        do {
            return try Posix.removeFile(attachment.url.path)
        } catch {
            throw .removeFailed(path: attachment.url.path, reason: error.message)
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

/// An attachment file moved into the ``AttachmentStore``.
public struct StoredAttachment: Sendable, Hashable {
    /// The attachment's identifier.
    public var identifier: String
    /// Where the file is now.
    public var url: URL
    /// Its size in bytes.
    public var bytes: Int
}
