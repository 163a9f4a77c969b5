public import Foundation

/// The folders extension code asks Foundation for, answered from the container of the phone it runs on
/// (``PhoneContainer``), and Foundation's answer outside any invocation or for a folder the container does
/// not hold (another domain than the user's, `.desktopDirectory`).
///
/// ``PhoneFileManager`` answers `urls(for:in:)` and `temporaryDirectory` with these; the file nse-bench
/// generates in your module shadows `FileManager.url(for:in:appropriateFor:create:)`, `NSTemporaryDirectory()`,
/// `NSHomeDirectory()`, `NSSearchPathForDirectoriesInDomains`, `URL.temporaryDirectory` and `URL.homeDirectory`
/// with them. `URL.documentsDirectory`, `cachesDirectory`, `libraryDirectory` and `applicationSupportDirectory`,
/// which Foundation on Linux lacks, are declared here. A call qualified with its module
/// (`Foundation.NSTemporaryDirectory()`) names Foundation's and gets the host's folder (the source scan names it).
public enum PhoneFolders {
    /// The container of the phone whose code runs here; nil outside any invocation.
    private static var container: PhoneContainer? { SimulatedPhone.current?.container }

    /// `NSTemporaryDirectory()`: the phone's `tmp`, with the trailing `/` Foundation's has.
    public static func temporaryDirectoryPath() -> String {
        guard let container else { return Foundation.NSTemporaryDirectory() }
        return container.url(of: .temporary).path + "/"
    }

    /// `FileManager.temporaryDirectory` and `URL.temporaryDirectory`: the phone's `tmp`.
    public static func temporaryDirectory() -> URL {
        container?.url(of: .temporary) ?? Foundation.FileManager.default.temporaryDirectory
    }

    /// `NSHomeDirectory()`: the container's root.
    public static func homeDirectoryPath() -> String {
        container?.home.path ?? Foundation.NSHomeDirectory()
    }

    /// `URL.homeDirectory`: the container's root.
    public static func homeDirectory() -> URL {
        container?.home ?? URL(fileURLWithPath: Foundation.NSHomeDirectory(), isDirectory: true)
    }

    /// The user's `directory`: the phone's (``url(for:in:create:)``) in an invocation, else the host's.
    public static func folder(_ directory: FileManager.SearchPathDirectory) -> URL {
        url(for: directory, in: .userDomainMask)
            ?? Foundation.FileManager.default.urls(for: directory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: Foundation.NSHomeDirectory(), isDirectory: true)
    }

    /// The phone's `directory` in `domains`, when they include the user's and the container holds it (made
    /// as ``PhoneContainer/url(of:create:)`` makes it); nil to ask Foundation.
    public static func url(
        for directory: FileManager.SearchPathDirectory, in domains: FileManager.SearchPathDomainMask,
        create: Bool = false
    ) -> URL? {
        guard domains.contains(.userDomainMask), let folder = PhoneContainer.Folder(directory), let container
        else { return nil }
        return container.url(of: folder, create: create)
    }

    /// `FileManager.url(for:in:appropriateFor:create:)`: the phone's own folder for the user's domain, made
    /// when `create`; `fileManager`'s (Foundation's) answer for another domain, a folder the container does
    /// not hold, or outside an invocation. Foundation declares it in an extension, which a subclass cannot
    /// override: the generated file shadows it with this.
    public static func url(
        for directory: FileManager.SearchPathDirectory, in domain: FileManager.SearchPathDomainMask,
        appropriateFor url: URL?, create: Bool, of fileManager: Foundation.FileManager
    ) throws -> URL {
        guard domain == .userDomainMask, let own = self.url(for: directory, in: domain, create: create) else {
            return try fileManager.url(for: directory, in: domain, appropriateFor: url, create: create)
        }
        return own
    }

    /// `FileManager.urls(for:in:)` of Foundation's `FileManager` (a module naming `FileManagerDelegate`
    /// keeps it, not ``PhoneFileManager``): the phone's folder, or `fileManager`'s answer.
    public static func urls(
        for directory: FileManager.SearchPathDirectory, in domains: FileManager.SearchPathDomainMask,
        of fileManager: Foundation.FileManager
    ) -> [URL] {
        guard let url = url(for: directory, in: domains) else { return fileManager.urls(for: directory, in: domains) }
        return [url]
    }

    /// `NSSearchPathForDirectoriesInDomains`: the phone's folder, or Foundation's answer.
    public static func searchPath(
        _ directory: FileManager.SearchPathDirectory, _ domains: FileManager.SearchPathDomainMask,
        _ expandTilde: Bool
    ) -> [String] {
        guard let url = url(for: directory, in: domains) else {
            return Foundation.NSSearchPathForDirectoriesInDomains(directory, domains, expandTilde)
        }
        return [url.path]
    }
}

extension URL {
    /// The phone's `Documents` (iOS 16's `URL.documentsDirectory`), or the host's outside an invocation. A
    /// module declaring its own (a backport) keeps it: its declaration wins over this imported one.
    public static var documentsDirectory: URL { PhoneFolders.folder(.documentDirectory) }

    /// The phone's `Library/Caches` (iOS 16's `URL.cachesDirectory`), or the host's outside an invocation.
    public static var cachesDirectory: URL { PhoneFolders.folder(.cachesDirectory) }

    /// The phone's `Library` (iOS 16's `URL.libraryDirectory`), or the host's outside an invocation.
    public static var libraryDirectory: URL { PhoneFolders.folder(.libraryDirectory) }

    /// The phone's `Library/Application Support` (iOS 16's `URL.applicationSupportDirectory`), not made until
    /// the extension makes it, as on iOS; the host's outside an invocation.
    public static var applicationSupportDirectory: URL { PhoneFolders.folder(.applicationSupportDirectory) }
}
