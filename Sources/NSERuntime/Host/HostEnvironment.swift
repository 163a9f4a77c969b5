public import Foundation
public import SimulatedDevice

/// What the host runs extensions against: time, timers, the network, the file system of the run.
///
/// ```swift
/// let environment = HostEnvironment(
///     clock: MonotonicInvocationClock(), timers: loopTimers, downloader: curlDownloader,
///     attachmentStore: try AttachmentStore(directory: run.appendingPathComponent("attachments")),
///     temporaryDirectory: run.appendingPathComponent("tmp"), sharedContainer: container, payloadKey: key)
/// ```
public struct HostEnvironment: Sendable {
    /// The monotonic clock every event is stamped with.
    public var clock: any InvocationClock
    /// The timers for deadlines, grace periods and extensions' waits.
    public var timers: any InvocationTimers
    /// The downloader extensions fetch media with.
    public var downloader: any MediaDownloading
    /// Where delivered attachments are moved.
    public var attachmentStore: AttachmentStore
    /// Where extensions' temporary files go (created on first use): each file's name carries its
    /// invocation's id, and the files an invocation was given are removed when its record is complete.
    public var temporaryDirectory: URL
    /// The App Group container holding the payload key, for extensions that decrypt.
    public var sharedContainer: SharedContainer? {
        didSet { keychain = sharedContainer.map { PhoneKeychain.at($0.keychainFile) } }
    }
    /// The keychain the app shares with its extension, kept beside ``sharedContainer``; nil without one.
    public private(set) var keychain: PhoneKeychain?
    /// The run's payload key, so the host can tell that delivered text is the decrypted text; nil when
    /// only ``InvocationInput/expectedText`` says so (or, lacking it, text of an encrypted payload that no
    /// longer holds its placeholder counts as decrypted: ``DeliveryInspector``).
    public var payloadKey: [UInt8]?
    /// Receives every ``InvocationEvent``, on the thread where it happened; keep it quick.
    public var trace: (@Sendable (InvocationEvent) -> Void)?
    /// Marks the threads that run extension code with their invocation (an extension worker's crash
    /// reporter); nil to mark nothing.
    public var threadMarker: (any ThreadMarking)?

    /// An environment.
    public init(
        clock: any InvocationClock, timers: any InvocationTimers, downloader: any MediaDownloading,
        attachmentStore: AttachmentStore, temporaryDirectory: URL, sharedContainer: SharedContainer? = nil,
        payloadKey: [UInt8]? = nil, trace: (@Sendable (InvocationEvent) -> Void)? = nil,
        threadMarker: (any ThreadMarking)? = nil
    ) {
        self.clock = clock
        self.timers = timers
        self.downloader = downloader
        self.attachmentStore = attachmentStore
        self.temporaryDirectory = temporaryDirectory
        self.sharedContainer = sharedContainer
        keychain = sharedContainer.map { PhoneKeychain.at($0.keychainFile) }
        self.payloadKey = payloadKey
        self.trace = trace
        self.threadMarker = threadMarker
    }
}
