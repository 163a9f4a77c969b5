public import Foundation

@_implementationOnly import NSEBenchSystem

/// `FileManager` in an extension nse-bench compiles: Foundation's, with a move that costs what a move
/// costs, and the folders of the phone's own container (``PhoneContainer``, ``PhoneFolders``).
///
/// Every rich-media extension moves its download once (a `.tmp` file is not an attachment). On Linux,
/// Foundation's `moveItem(at:to:)` turns each URL into a path and back into a URL, which `stat`s the
/// path to learn whether it names a directory, then renames: in `perf` of `Examples/MediaDownload` inside
/// nse-bench (500 in flight, 1 KB) the moves took 7.4% of the harness's CPU, the two `stat`s and the
/// conversions more than the `rename(2)` itself. Here a move with no delegate to ask is first tried as
/// one `renameat2(2)` that never replaces a file: when it succeeds, it did what Foundation's move does
/// (Foundation's refuses to replace a file too). When it does not (a file at the destination, no source,
/// another file system, a path it cannot take), Foundation's own move runs, so that the outcome and the
/// error are Foundation's. A move made in a phone's extension code is told to that phone's network
/// (``PhoneNetwork/fileMoved(from:to:)``): the host then knows a download's body is gone from its old
/// name, and removes it under the new one when the invocation ends.
///
/// The file nse-bench generates in your module aliases `FileManager` to this class, so `FileManager.default`
/// and `FileManager()` are one of these, and extensions of `FileManager` and subclasses of it in your code
/// extend this class; not in a module whose sources name `FileManagerDelegate`, whose requirements take
/// Foundation's type.
///
/// `@unchecked Sendable` as Foundation's `FileManager` is: it adds no stored state.
open class PhoneFileManager: FileManager, @unchecked Sendable {
    private static let shared = PhoneFileManager()

    /// The process's one file manager, as Foundation's `default` is.
    open override class var `default`: PhoneFileManager { shared }

    /// The phone's own folder (``PhoneFolders``) for the user's domain; Foundation's outside an invocation.
    open override func urls(
        for directory: FileManager.SearchPathDirectory, in domainMask: FileManager.SearchPathDomainMask
    ) -> [URL] {
        guard let url = PhoneFolders.url(for: directory, in: domainMask) else {
            return super.urls(for: directory, in: domainMask)
        }
        return [url]
    }

    /// The phone's `tmp`; Foundation's outside an invocation.
    open override var temporaryDirectory: URL { PhoneFolders.temporaryDirectory() }

    open override func moveItem(at srcURL: URL, to dstURL: URL) throws {
        if delegate == nil, srcURL.isFileURL, dstURL.isFileURL {
            let (source, destination) = (srcURL.path, dstURL.path)
            if Self.renamed(source, to: destination) { return Self.tellPhone(movedFrom: source, to: destination) }
        }
        try super.moveItem(at: srcURL, to: dstURL)
        // With a delegate, Foundation's move may have been declined without an error: nothing is told.
        if delegate == nil, srcURL.isFileURL, dstURL.isFileURL {
            Self.tellPhone(movedFrom: srcURL.path, to: dstURL.path)
        }
    }

    open override func moveItem(atPath srcPath: String, toPath dstPath: String) throws {
        if delegate == nil, Self.renamed(srcPath, to: dstPath) {
            return Self.tellPhone(movedFrom: srcPath, to: dstPath)
        }
        try super.moveItem(atPath: srcPath, toPath: dstPath)
        if delegate == nil { Self.tellPhone(movedFrom: srcPath, to: dstPath) }
    }

    /// Tells the phone whose extension code runs here, if any, that its file moved: the host then
    /// neither looks for a download's body under its old name nor leaves it under the new one.
    private static func tellPhone(movedFrom source: String, to destination: String) {
        SimulatedPhone.current?.network.fileMoved(from: source, to: destination)
    }

    /// Whether one `renameat2(2)` moved `source` to `destination`. Its failure is not reported here:
    /// Foundation's move then runs and reports the failure as Foundation would. A path holding a NUL is
    /// left to Foundation: C would read it only up to the NUL, another path.
    static func renamed(_ source: String, to destination: String) -> Bool {
        guard !source.utf8.contains(0), !destination.utf8.contains(0) else { return false }
        do {
            return try Posix.moveWithoutReplacing(source, to: destination)
        } catch {
            return false
        }
    }
}
