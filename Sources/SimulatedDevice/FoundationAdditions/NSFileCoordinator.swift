public import Foundation
import Synchronization

@_implementationOnly import NSEBenchSystem

// `NSFileCoordinator`, which Foundation on Linux does not have: code an extension shares with its app and
// widgets reads and writes App Group files through one (`NSFileCoordinator(filePresenter: nil)
// .coordinate(writingItemAt:options:error:byAccessor:)`), and stopped at "cannot find 'NSFileCoordinator' in
// scope". Each user's module imports SimulatedDevice implicitly, so the unchanged code finds this one.
//
// The coordination is real, between the threads and worker processes of a run (which share the App Group
// container, as an app, its widgets and its extension do): a `flock(2)` on the item's folder, shared for a
// read, exclusive for a write, held while the accessor runs, so readers run together and a writer alone.
// Coarser than iOS's (per folder, not per item), and no file presenter is told of anything. Coordination
// nested in an accessor, on the same thread, does not wait for itself, as on iOS.

/// Where a call writes the error it ends with (`&error`, an `NSError?`), as Foundation's `NSErrorPointer`
/// on Apple's platforms, which Linux's lacks.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

/// An object that presents a file to others, as Foundation's protocol: kept, never called here.
public protocol NSFilePresenter: NSObjectProtocol {
    /// The presented file.
    var presentedItemURL: URL? { get }
    /// Where its callbacks would run.
    var presentedItemOperationQueue: OperationQueue { get }
}

/// Coordinates reads and writes of files shared between processes, as Foundation's: see the file's note.
open class NSFileCoordinator: NSObject {
    /// How an item is read.
    public struct ReadingOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Without saving others' changes first.
        public static let withoutChanges = ReadingOptions(rawValue: 1 << 0)
        /// Following a symbolic link.
        public static let resolvesSymbolicLink = ReadingOptions(rawValue: 1 << 1)
        /// Metadata available at once.
        public static let immediatelyAvailableMetadataOnly = ReadingOptions(rawValue: 1 << 2)
        /// For uploading.
        public static let forUploading = ReadingOptions(rawValue: 1 << 3)
    }

    /// How an item is written.
    public struct WritingOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// To delete it.
        public static let forDeleting = WritingOptions(rawValue: 1 << 0)
        /// To move it.
        public static let forMoving = WritingOptions(rawValue: 1 << 1)
        /// To merge into it.
        public static let forMerging = WritingOptions(rawValue: 1 << 2)
        /// To replace it.
        public static let forReplacing = WritingOptions(rawValue: 1 << 3)
        /// Metadata only.
        public static let contentIndependentMetadataOnly = WritingOptions(rawValue: 1 << 4)
    }

    /// The presenter the coordinator acts for, if any.
    public let filePresenter: (any NSFilePresenter)?
    /// What it coordinates for, as Foundation's: a new identifier unless set.
    open var purposeIdentifier = UUID().uuidString

    /// A coordinator acting for `filePresenter` (nil for none, as extensions pass).
    public init(filePresenter: (any NSFilePresenter)?) {
        self.filePresenter = filePresenter
        super.init()
    }

    /// A coordinator acting for no presenter.
    public convenience override init() { self.init(filePresenter: nil) }

    /// Registers a presenter: kept by no one here, as nothing is presented.
    open class func addFilePresenter(_ filePresenter: any NSFilePresenter) {}

    /// Unregisters a presenter.
    open class func removeFilePresenter(_ filePresenter: any NSFilePresenter) {}

    /// The registered presenters: none.
    open class var filePresenters: [any NSFilePresenter] { [] }

    /// Runs `reader` with `url` while no writer holds its folder.
    open func coordinate(
        readingItemAt url: URL, options: ReadingOptions = [], error outError: NSErrorPointer,
        byAccessor reader: (URL) -> Void
    ) {
        Self.holding([(url, false)]) { reader(url) }
    }

    /// Runs `writer` with `url` while no one else holds its folder.
    open func coordinate(
        writingItemAt url: URL, options: WritingOptions = [], error outError: NSErrorPointer,
        byAccessor writer: (URL) -> Void
    ) {
        Self.holding([(url, true)]) { writer(url) }
    }

    /// Runs `readerWriter` holding the first item's folder for reading and the second's for writing.
    open func coordinate(
        readingItemAt readingURL: URL, options readingOptions: ReadingOptions = [], writingItemAt writingURL: URL,
        options writingOptions: WritingOptions = [], error outError: NSErrorPointer,
        byAccessor readerWriter: (URL, URL) -> Void
    ) {
        Self.holding([(readingURL, false), (writingURL, true)]) { readerWriter(readingURL, writingURL) }
    }

    /// Runs `writer` holding both items' folders for writing.
    open func coordinate(
        writingItemAt url1: URL, options options1: WritingOptions = [], writingItemAt url2: URL,
        options options2: WritingOptions = [], error outError: NSErrorPointer, byAccessor writer: (URL, URL) -> Void
    ) {
        Self.holding([(url1, true), (url2, true)]) { writer(url1, url2) }
    }

    /// Cancels coordination in progress: each accessor here runs at once, so there is none to cancel.
    open func cancel() {}

    /// Runs `body` holding each item's folder (one lock a folder, its links resolved, exclusive when any
    /// item of it is written), taken in the folders' order so that two coordinators never wait for each
    /// other. A folder this thread already holds (coordination nested in an accessor) is not locked again:
    /// as on iOS, coordination never blocks itself. A folder that cannot be locked (it does not exist) is
    /// not held, and `body` runs all the same, as iOS runs an accessor for an item that is not there.
    private static func holding(_ items: [(url: URL, writes: Bool)], _ body: () -> Void) {
        var folders: [String: Bool] = [:]
        for (url, writes) in items {
            let folder = url.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath().path
            folders[folder] = (folders[folder] ?? false) || writes
        }
        let thread = pthread_self()
        let mine = held.withLock { $0[thread] ?? [] }
        let needed = folders.filter { !mine.contains($0.key) }.sorted { $0.key < $1.key }
        func lock(_ remaining: ArraySlice<(key: String, value: Bool)>) {
            guard let (folder, exclusive) = remaining.first else { return body() }
            held.withLock { $0[thread, default: []].insert(folder) }
            defer {
                held.withLock { held in
                    held[thread]?.remove(folder)
                    // A thread holding nothing has no entry: the registry does not grow with every thread.
                    if held[thread]?.isEmpty == true { held[thread] = nil }
                }
            }
            if Posix.withLock(onExisting: folder, exclusive: exclusive, { lock(remaining.dropFirst()) }) == nil {
                lock(remaining.dropFirst())
            }
        }
        lock(ArraySlice(needed))
    }

    /// The folders each thread holds, so that coordination nested on the same thread does not wait for
    /// itself.
    private static let held = Mutex<[pthread_t: Set<String>]>([:])
}
