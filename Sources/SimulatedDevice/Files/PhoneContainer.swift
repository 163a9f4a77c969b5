public import Foundation
import Synchronization

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
/// cost a `mkdir` and a recursive removal each (the host's `TemporaryFiles`). The first time it asks,
/// the container is made as iOS makes it (`Documents`, `Library`, `Library/Caches`, `tmp`), so that a
/// write there works as on a phone; a folder iOS does not make (`Library/Application Support`,
/// `Downloads`) is made only when asked to (`url(for:in:appropriateFor:create: true)`), as on iOS. The host
/// removes the container when the invocation ends (``remove()``); a URL asked for after that is still
/// given, and nothing is made there any more, as a process that is gone writes nothing.
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
        /// Made, as iOS makes it: the root and the folders a phone has from the start.
        case made
        /// Removed when the invocation ended.
        case removed
    }
    private let state = Mutex(State.untouched)

    /// A container at `rootPath`, made only when the extension asks for one of its folders.
    public init(rootPath: String) {
        self.rootPath = rootPath
    }

    /// The container's root, as `NSHomeDirectory()` gives it.
    public var home: URL { hand(root, creating: false) }

    /// `folder`'s URL; a folder iOS does not make with the container is made here only when `create`.
    public func url(of folder: Folder, create: Bool = false) -> URL {
        hand(url(of: folder), creating: create && !folder.existsOnAPhone)
    }

    private func url(of folder: Folder) -> URL {
        URL(fileURLWithPath: rootPath + "/" + folder.relativePath, isDirectory: true)
    }

    /// Hands out `url`: the first time, the container is made as iOS makes it (the root, `Documents`,
    /// `Library`, `Library/Caches`, `tmp`), and `url` too when `creating`; nothing is made once the
    /// container has been removed. A failure to make a folder is left for the extension's write there to
    /// meet and report, as a full phone's would be.
    private func hand(_ url: URL, creating: Bool) -> URL {
        state.withLock { state in
            switch state {
            case .removed: return url
            case .made: break
            case .untouched:
                for folder in Folder.allCases where folder.existsOnAPhone { Self.makeDirectory(self.url(of: folder)) }
                state = .made
            }
            if creating { Self.makeDirectory(url) }
            return url
        }
    }

    /// Makes `directory` with its parents.
    private static func makeDirectory(_ directory: URL) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return  // reported by the extension's own write there, which fails
        }
    }

    /// Removes the container with everything in it, if any URL of it was handed out; after this nothing
    /// is made there. Returns why it could not be removed, if it could not: it then goes with the run's
    /// directory.
    @discardableResult
    public func remove() -> String? {
        let wasMade = state.withLock { state in
            defer { state = .removed }
            if case .made = state { return true }
            return false
        }
        guard wasMade else { return nil }
        do {
            try FileManager.default.removeItem(at: root)
            return nil
        } catch let error as CocoaError where error.code == .fileNoSuchFile {
            return nil  // the extension removed it itself
        } catch {
            return error.localizedDescription
        }
    }
}
