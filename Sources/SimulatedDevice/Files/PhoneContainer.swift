public import Foundation
import Synchronization

@_implementationOnly import NSEBenchSystem

/// The extension's own data container on one simulated phone: what `FileManager.urls(for:in:)`,
/// `temporaryDirectory`, `NSTemporaryDirectory()`, `NSHomeDirectory()` and `URL.documentsDirectory` give
/// the extension code of that phone's invocation.
///
/// iOS gives an extension a sandbox of its own (`Documents`, `Library`, `Library/Caches`, `tmp`), which no
/// other phone shares. Without one, every simulated phone (and every run, and the next commit's run) would
/// share the host's `~/Documents`, `~/.cache` and `/tmp`: two phones renaming the same campaign image to
/// the same name in `tmp` would collide where no phone does, a file cached by an earlier run would make the
/// next one faster than any phone, and `~/Documents`, missing on most Linux machines, would fail a write
/// that a phone makes.
///
/// Nothing is made until the extension asks: most extensions never do, and a directory per invocation
/// cost a `mkdir` and a recursive removal each (the host's `TemporaryFiles`). A folder iOS makes with the
/// container (`Documents`, `Library`, `Library/Caches`, `tmp`) is made, with the root, when its URL is
/// first handed out, so that a write there works as on a phone (all four for `NSHomeDirectory()`); a
/// folder iOS does not make (`Library/Application Support`, `Downloads`) is made only when asked to
/// (`url(for:in:appropriateFor:create: true)`), as on iOS. The host removes the container when the
/// invocation ends (``remove()``); a URL asked for after that is still given, and nothing is made there
/// any more, as a process that is gone writes nothing.
public final class PhoneContainer: Sendable {
    /// A folder of the container.
    public enum Folder: Sendable, CaseIterable {
        case documents
        case library
        case caches
        case applicationSupport
        case downloads
        case temporary

        /// Its path below the container's root.
        var relativePath: String {
            switch self {
            case .documents: "Documents"
            case .library: "Library"
            case .caches: "Library/Caches"
            case .applicationSupport: "Library/Application Support"
            case .downloads: "Downloads"
            case .temporary: "tmp"
            }
        }

        /// The folders a phone has, made with it so that they exist beside it as on a phone: `Library`
        /// always holds `Caches`.
        var phoneFoldersWithIt: [Folder] {
            switch self {
            case .library, .caches: [.library, .caches]
            case .applicationSupport: [.library, .caches]
            case .documents: [.documents]
            case .temporary: [.temporary]
            case .downloads: []
            }
        }

        /// Whether iOS makes it with the container, so that it exists whenever the extension runs.
        var existsOnAPhone: Bool {
            switch self {
            case .documents, .library, .caches, .temporary: true
            case .applicationSupport, .downloads: false
            }
        }

        /// The folder `FileManager` names `directory`; nil for one the container does not hold.
        public init?(_ directory: FileManager.SearchPathDirectory) {
            switch directory {
            case .documentDirectory: self = .documents
            case .libraryDirectory: self = .library
            case .cachesDirectory: self = .caches
            case .applicationSupportDirectory: self = .applicationSupport
            case .downloadsDirectory: self = .downloads
            default: return nil
            }
        }
    }

    /// Where the container is, or would be: nothing is there until the extension asks.
    public var root: URL { URL(fileURLWithPath: rootPath, isDirectory: true) }
    /// ``root``'s path: a URL is made only when the extension asks, as most never do.
    private let rootPath: String

    private enum State {
        /// No URL of it handed out: nothing made, nothing to remove.
        case untouched
        /// The root made, and the folders in `made`.
        case inUse(made: Set<Folder>)
        /// Removed when the invocation ended.
        case removed
    }
    private let state = Mutex(State.untouched)

    /// A container at `rootPath`, made only when the extension asks for one of its folders.
    public init(rootPath: String) {
        self.rootPath = rootPath
    }

    /// The container's root, as `NSHomeDirectory()` gives it, with every folder a phone's has (code may
    /// write to `NSHomeDirectory() + "/Documents"`).
    public var home: URL {
        hand(root, making: Folder.allCases.filter(\.existsOnAPhone))
    }

    /// `folder`'s URL; made when a phone has it from the start, or when `create`. A folder iOS does not
    /// make with the container is made here only when `create`.
    public func url(of folder: Folder, create: Bool = false) -> URL {
        let url = URL(fileURLWithPath: path(of: folder), isDirectory: true)
        let making = folder.phoneFoldersWithIt + (create && !folder.existsOnAPhone ? [folder] : [])
        return hand(url, making: making)
    }

    private func path(of folder: Folder) -> String { rootPath + "/" + folder.relativePath }

    /// Hands out `url`, first making the root and each of `folders` (parents first) not made before; nothing
    /// once the container has been removed. One `mkdir(2)` each, the first time only: an extension asking for
    /// `temporaryDirectory` on every invocation pays two, where Foundation's `createDirectory` `stat`s
    /// every component first. A failure to make a folder is left for the extension's write there to meet
    /// and report, as a full phone's would be.
    private func hand(_ url: URL, making folders: [Folder]) -> URL {
        state.withLock { state in
            var made: Set<Folder>
            switch state {
            case .removed: return url
            case .inUse(let done): made = done
            case .untouched:
                made = []
                Self.makeRoot(rootPath)
            }
            for folder in folders where made.insert(folder).inserted {
                Self.makeDirectory(path(of: folder))
            }
            state = .inUse(made: made)
            return url
        }
    }

    /// Makes the root, and the run's folder of containers above it the first time.
    private static func makeRoot(_ path: String) {
        do {
            try Posix.makeDirectory(path)
        } catch {
            guard error.errno == ENOENT else { return }  // reported by the extension's write, as below
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                return  // likewise
            }
        }
    }

    /// Makes the directory at `path`, whose parent exists.
    private static func makeDirectory(_ path: String) {
        do {
            try Posix.makeDirectory(path)
        } catch {
            return  // reported by the extension's own write there, which fails
        }
    }

    /// Removes the container with everything in it, if any URL of it was handed out; after this nothing
    /// is made there. Returns why it could not be removed, if it could not: it then goes with the run's
    /// directory.
    @discardableResult
    public func remove() -> String? {
        let wasInUse = state.withLock { state in
            defer { state = .removed }
            if case .inUse = state { return true }
            return false
        }
        guard wasInUse else { return nil }
        do {
            try Posix.removeTree(rootPath)
            return nil
        } catch {
            return error.description
        }
    }
}
