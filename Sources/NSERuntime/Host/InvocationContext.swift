public import Foundation
import Synchronization

/// What an invocation offers an extension that knows it runs under nse-bench (``HostAwareExtension``):
/// the budget, the run's downloader, timers and App Group container, a ``MemoryMeter``, a way to report
/// stage timings, to run tracked asynchronous work, and to crash on purpose.
///
/// ```swift
/// override func didReceive(_ request: UNNotificationRequest,
///                          withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
///     let handler = ContentHandler(contentHandler)
///     let content = request.content
///     guard let context = invocationContext else { return handler(content) }
///     context.run {  // tracked: the work has returned when this ends; a throw is a crash
///         let file = try context.makeTemporaryFileURL()
///         let start = context.now()
///         let result = await context.downloader.download(MediaDownload(url: url, destinationPath: file.path))
///         context.recordDownload(result, start: start)
///         handler(content)
///     }
/// }
/// ```
public final class InvocationContext: Sendable {
    /// The invocation's id.
    public let invocationID: Int
    /// The notification's scheduled arrival, in ``InvocationClock`` nanoseconds.
    public let arrival: UInt64
    /// When the time budget runs out: arrival plus the budget.
    public let deadline: UInt64
    /// The clock the host stamps events with.
    public let clock: any InvocationClock
    /// The run's timers, for waits that end with the invocation (``InvocationTimers/sleep(until:)``).
    public let timers: any InvocationTimers
    /// The run's media downloader.
    public let downloader: any MediaDownloading
    /// The App Group container, holding the payload key; nil when the run has none.
    public let sharedContainer: SharedContainer?
    /// The memory the extension reports holding.
    public let memory: MemoryMeter
    /// Whether the invocation's phone is in Low Data Mode (``InvocationInput/constrainedNetwork``): its
    /// `URLSession` requests that refuse constrained networks fail. The harness's own downloader
    /// ignores it, as an extension using it has no session to set the refusal on.
    public let isOnConstrainedNetwork: Bool
    /// Whether the invocation's phone is on a cellular network (``InvocationInput/cellularNetwork``): its
    /// `URLSession` requests that refuse cellular or expensive networks fail.
    public let isOnCellularNetwork: Bool

    let measurements: InvocationMeasurements
    private let session: InvocationSession
    private let temporaryFiles: TemporaryFiles
    /// The temporary files named for the invocation, removed when it ends.
    private let files = Mutex(TemporaryFileNames())

    init(
        invocationID: Int, arrival: UInt64, deadline: UInt64, environment: HostEnvironment, memory: MemoryMeter,
        measurements: InvocationMeasurements, session: InvocationSession, temporaryFiles: TemporaryFiles,
        isOnConstrainedNetwork: Bool = false, isOnCellularNetwork: Bool = false
    ) {
        self.isOnConstrainedNetwork = isOnConstrainedNetwork
        self.isOnCellularNetwork = isOnCellularNetwork
        self.invocationID = invocationID
        self.arrival = arrival
        self.deadline = deadline
        self.clock = environment.clock
        self.timers = environment.timers
        self.downloader = ObservedDownloader(
            base: environment.downloader, measurements: measurements, clock: environment.clock)
        self.sharedContainer = environment.sharedContainer
        self.memory = memory
        self.measurements = measurements
        self.session = session
        self.temporaryFiles = temporaryFiles
    }

    /// The temporary files the host will remove when the invocation ends.
    var temporaryFilePaths: [String] { files.withLock { $0.paths } }

    /// Tells the host that the extension moved one of its temporary files (a download renamed by its type):
    /// the host removes it under its new name when the invocation ends, unless it was delivered. A user's
    /// extension's `FileManager` tells it of its moves (``InvocationNetwork/fileMoved(from:to:)``); a move
    /// the host is not told of (`rename(2)` called directly) leaves the new file to the run's directory,
    /// and the old name to a removal that finds nothing.
    public func temporaryFileMoved(from path: String, to newPath: String) {
        files.withLock { files in files.replace(path, with: newPath) }
    }

    /// The extension's own `FileManager` moved the file at `path` to `newPath`: one of its temporary files
    /// renamed in the temporary directory is removed under its new name when the invocation ends (unless
    /// delivered), as after ``temporaryFileMoved(from:to:)``; one moved elsewhere is the extension's: in the
    /// App Group container it stays, in the phone's own container (its `tmp`, `Caches`) it goes with that
    /// container when the invocation ends. Either way nothing is looked for under the old name.
    func temporaryFileMovedByExtension(from path: String, to newPath: String) {
        if temporaryFiles.isDirectlyInside(newPath) {
            temporaryFileMoved(from: path, to: newPath)
        } else {
            temporaryFileTaken(path)
        }
    }

    /// Whether the host would remove `path` when the invocation ends: named for it, and neither moved
    /// (that the host was told of) nor taken away since.
    func holdsTemporaryFile(_ path: String) -> Bool {
        files.withLock { $0.holds(path) }
    }

    /// The host took `path` away (an attachment moved into the store): nothing is left there to remove.
    func temporaryFileTaken(_ path: String) {
        files.withLock { files in files.remove(path) }
    }

    /// Nanoseconds now.
    public func now() -> UInt64 { clock.now() }

    /// Nanoseconds left until the deadline: negative once it has passed.
    public var remainingBudget: Int64 { Nanoseconds.signedDifference(deadline, clock.now()) }

    /// A new file URL in the run's temporary directory (created on first use), named like the file a
    /// `URLSession` download task leaves: `CFNetworkDownload_<invocation>_<n>.tmp`. The host removes the
    /// file when the invocation ends, unless it was delivered as an attachment (moved to the store).
    public func makeTemporaryFileURL(pathExtension: String = "tmp") throws(InvocationContextError) -> URL {
        URL(fileURLWithPath: try makeTemporaryFilePath(pathExtension: pathExtension), isDirectory: false)
    }

    /// ``makeTemporaryFileURL(pathExtension:)``'s file, as a path.
    public func makeTemporaryFilePath(pathExtension: String = "tmp") throws(InvocationContextError) -> String {
        // Named under the lock, so two callers never get the same number.
        try files.withLock { files throws(InvocationContextError) -> String in
            let path = try temporaryFiles.filePath(
                invocation: invocationID, number: files.named + 1, pathExtension: pathExtension)
            files.append(path)
            return path
        }
    }

    /// Runs `work` as a task the host tracks: the invocation's work has returned only when `didReceive` and
    /// every such task have, an error thrown out of `work` crashes the extension, and the host cancels the
    /// task when the process is gone (killed, crashed, or wound down).
    ///
    /// A built-in extension's work runs on the invocation's executor (a transport loop, beside its
    /// downloads), so it must never block its thread; a user's runs on the global concurrent executor.
    /// Returns the task, to cancel the work early; nil when the process is gone and nothing was started.
    @discardableResult
    public func run(_ work: @escaping @Sendable () async throws -> Void) -> Task<Void, Never>? {
        session.run(work)
    }

    /// Runs a simulated session's transfer as tracked work on the invocation's executor, whatever the
    /// extension: the harness's code, which never blocks (``InvocationSession/runPhoneWork(_:)``).
    func runPhoneWork(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        session.runPhoneWork(work)
    }

    /// Crashes the extension now: the invocation ends as ``InvocationOutcome/crashed`` (unless a delivery
    /// already fixed its outcome) and nothing the extension does afterwards reaches the system.
    public func simulateCrash(reason: String) {
        session.crash(reason: reason)
    }

    /// Reports that `stage` ran from `start` to `end` (nanoseconds).
    public func record(_ stage: InvocationStage, start: UInt64, end: UInt64) {
        measurements.record(stage, PhaseSpan(start: start, end: end))
    }

    /// Runs `body` and reports its time as `stage`.
    public func measure<Result, Failure: Error>(
        _ stage: InvocationStage, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let start = clock.now()
        defer { record(stage, start: start, end: clock.now()) }
        return try body()
    }

    /// Reports a download's result: its bytes, status, failure and phase timings go into the record, and
    /// the time from `start` to now is the download stage. `failed` false keeps a status that is no
    /// failure of the request (a redirect its session follows) out of the stage's errors.
    public func recordDownload(_ result: MediaDownloadResult, start: UInt64, failed: Bool = true) {
        record(.download, start: start, end: clock.now())
        measurements.recordDownload(result)
        if failed, let failure = result.failureDescription { recordError(.download, failure) }
    }

    /// Reports that the download failed after its last result was reported (a redirect chain that went on
    /// too long or ran out of time between hops): the download's error in the record, and the stage's.
    public func recordDownloadFailure(_ error: MediaDownloadError) {
        measurements.recordDownloadFailure(error)
        recordError(.download, error.description)
    }

    /// Reports a download the phone failed before sending anything (its session's settings allowed none
    /// of its networks), as iOS fails such a task at once: the last download's failure, `error`, with
    /// timings of its own, and the host was asked nothing. No download stage is recorded: it took no
    /// time, and a 0 ms sample would pull the download phase's percentiles down.
    public func recordUnsentDownload(_ error: MediaDownloadError) {
        measurements.recordUnsentDownload(error, at: clock.now())
        recordError(.download, error.description)
    }

    /// Reports why `stage` failed, for the record (the last report of a stage wins).
    public func recordError(_ stage: InvocationStage, _ message: String) {
        measurements.recordError(stage, message)
    }
}

/// Why an ``InvocationContext`` could not do what an extension asked.
public enum InvocationContextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The invocation's temporary directory could not be created.
    case cannotCreateTemporaryDirectory(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateTemporaryDirectory(let path, let reason):
            "cannot create the invocation's temporary directory \(path): \(reason)"
        }
    }
}
