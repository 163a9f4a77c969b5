public import Foundation
import Synchronization

@_implementationOnly import NSEBenchSystem

/// The keychain the simulated phones of a run share, as the app and its extension share a keychain access
/// group on iOS: ``KeychainItems`` kept in one JSON file of the run's, which every worker process reads and
/// writes, so an item one invocation adds is there for the next, in whatever process it runs.
///
/// Every call reads the file afresh (a keychain call is rare, and a cached copy could miss another
/// process's change: a rename can reuse an inode, and a file's time can stand still for milliseconds); a
/// change is made under an exclusive lock on `<file>.lock` and written whole, then renamed into place.
public final class PhoneKeychain: Sendable {
    /// The file holding the items.
    public let file: URL
    /// Serialises this process's calls, so two threads' changes do not take turns at the file lock with
    /// stale reads in between.
    private let calls = Mutex(())

    private init(file: URL) { self.file = file }

    private static let instances = Mutex<(byPath: [String: PhoneKeychain], latest: PhoneKeychain?)>(([:], nil))

    /// The keychain kept in `file`, one instance per path in this process.
    public static func at(_ file: URL) -> PhoneKeychain {
        instances.withLock { instances in
            if let existing = instances.byPath[file.path] {
                instances.latest = existing
                return existing
            }
            let created = PhoneKeychain(file: file)
            instances.byPath[file.path] = created
            instances.latest = created
            return created
        }
    }

    /// The keychain of the run this process serves now, for code that runs off an invocation's threads (a
    /// thread the extension started itself), where ``SimulatedPhone/current`` is not known: the one a host asked
    /// for last (a process runs one run at a time), nil before any.
    public static var processKeychain: PhoneKeychain? { instances.withLock { $0.latest } }

    /// Writes `items` to `file` as a keychain file; for the run to seed the keychain before it starts.
    public static func write(_ items: KeychainItems, to file: URL) throws(KeychainFailure) {
        let text: String
        do {
            text = String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
        } catch {
            throw .io("cannot encode the keychain: \(error)")
        }
        do {
            try TextFile.write(text, to: file.path)
        } catch {
            throw .io(error.description)
        }
    }

    /// `body`'s result on the items as they are now.
    public func read<T: Sendable>(_ body: (KeychainItems) throws(KeychainFailure) -> T) throws(KeychainFailure) -> T {
        try calls.withLock { _ throws(KeychainFailure) -> T in try body(try load()) }
    }

    /// `body`'s result on the items, changed in place and written back when it returns: under the file's
    /// lock, so no other process's change in between is lost.
    public func change<T: Sendable>(_ body: (inout KeychainItems) throws(KeychainFailure) -> T) throws(KeychainFailure)
        -> T
    {
        try calls.withLock { _ throws(KeychainFailure) -> T in
            do throws(FileLockError<KeychainFailure>) {
                return try Posix.withExclusiveLock(onFile: file.path + ".lock") { () throws(KeychainFailure) -> T in
                    let before = try load()
                    var items = before
                    let result = try body(&items)
                    if items != before { try Self.write(items, to: file) }
                    return result
                }
            } catch {
                switch error {
                case .lock(let failure): throw .io(failure.description)
                case .body(let failure): throw failure
                }
            }
        }
    }

    /// The items in the file; none when there is no file yet.
    private func load() throws(KeychainFailure) -> KeychainItems {
        guard Posix.fileStatus(file.path) != nil else { return KeychainItems() }
        do {
            let bytes = try Posix.readRegularFile(file.path, limit: 64 << 20)
            return try JSONDecoder().decode(KeychainItems.self, from: Data(bytes))
        } catch {
            throw .io("cannot read the keychain \(file.path): \(error)")
        }
    }
}
