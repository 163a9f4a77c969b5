public import Foundation
public import NSEBenchCore

/// One invocation sent to an extension worker process: everything of an ``InvocationInput`` but the
/// factory (the worker has the extension loaded), one ``WorkerWire`` line on the worker's standard input.
/// The payload travels as its model, already checked by whoever generated or parsed it, so the worker
/// neither serializes nor parses JSON per invocation.
public struct WorkerRequest: Sendable, Hashable, Codable {
    /// The invocation's id.
    public var id: Int
    /// The scheduled arrival on the machine's monotonic clock, which every process shares.
    public var arrival: UInt64
    /// The APNs payload.
    public var payload: NotificationPayload
    /// The size of the payload's compact JSON, which counts against the memory limit.
    public var payloadByteCount: Int
    /// The text decryption should produce, when known.
    public var expectedText: NotificationText?
    /// The fault injected into the payload, if any.
    public var injectedFault: InjectedCryptoFault?
    /// The process's cold start in (scaled) nanoseconds; nil for a warm start.
    public var coldStart: UInt64?
    /// Whether the phone is in Low Data Mode; nil for not.
    public var constrainedNetwork: Bool?
    /// Whether the phone is on a cellular network; nil for not.
    public var cellularNetwork: Bool?
    /// Where an SDK's own API calls go; nil when the run named none.
    public var apiHost: URL?

    /// The request for `input`.
    public init(_ input: InvocationInput) {
        id = input.id
        arrival = input.arrival
        payload = input.payload
        payloadByteCount = input.payloadByteCount
        expectedText = input.expectedText
        injectedFault = input.injectedFault
        coldStart = input.coldStart
        constrainedNetwork = input.constrainedNetwork ? true : nil
        cellularNetwork = input.cellularNetwork ? true : nil
        apiHost = input.apiHost
    }

    /// A request of these fields, as ``WorkerWire`` reads one.
    init(
        id: Int, arrival: UInt64, payload: NotificationPayload, payloadByteCount: Int, expectedText: NotificationText?,
        injectedFault: InjectedCryptoFault?, coldStart: UInt64?, constrainedNetwork: Bool?,
        cellularNetwork: Bool? = nil,
        apiHost: URL? = nil
    ) {
        self.id = id
        self.arrival = arrival
        self.payload = payload
        self.payloadByteCount = payloadByteCount
        self.expectedText = expectedText
        self.injectedFault = injectedFault
        self.coldStart = coldStart
        self.constrainedNetwork = constrainedNetwork
        self.cellularNetwork = cellularNetwork
        self.apiHost = apiHost
    }

    /// The input it stands for, run by `factory`.
    public func input(extension factory: ExtensionFactory) -> InvocationInput {
        var input = InvocationInput(
            id: id, payload: payload, arrival: arrival, extension: factory, expectedText: expectedText,
            injectedFault: injectedFault, payloadByteCount: payloadByteCount)
        input.coldStart = coldStart
        input.constrainedNetwork = constrainedNetwork ?? false
        input.cellularNetwork = cellularNetwork ?? false
        input.apiHost = apiHost
        return input
    }
}

/// A line on an extension worker's standard output.
public enum WorkerReply: Sendable, Hashable, Codable {
    /// An invocation's record.
    case record(InvocationRecord)
    /// The worker's own self-check, sent once its input ended and its invocations finished.
    case figures(WorkerFigures)
    /// The worker is dying of a fatal signal raised on a thread marked with invocation `id` (-1: an
    /// unmarked thread), in the extension's own code at `stack` where the reporter could read it
    /// (nil: outside the extension's libraries, or another crash wrote it first); written by the crash
    /// reporter's signal handler.
    case crashed(id: Int, stack: CrashStack? = nil)
    /// A Swift runtime trap (`signal` 4, SIGILL, or 5, SIGTRAP) on the thread of invocation `id`, in the
    /// extension's own code at `stack` where the reporter could read it: the thread is held and the
    /// process goes on (``NSEBenchSystem/CrashReporter/holdTraps(_:)``). The invocation's record, `crashed`,
    /// follows; the worker takes no more invocations. Written by the crash reporter's signal handler.
    case trapped(id: Int, signal: Int32, stack: CrashStack? = nil)
    /// A request the worker could not run (a payload that does not parse): the run counts it as a
    /// harness failure.
    case rejected(id: Int, reason: String)
    /// The worker's heap passed the memory limit (``SharedProcessFootprint``) with `inFlight` invocations
    /// held, each charged `footprint` bytes: it kills those invocations, reports their records and
    /// then kills itself, as jetsam kills an extension's process. Sent before those records.
    case memoryExceeded(footprint: Int, inFlight: Int)
    /// A request that reached the worker while it was being killed for its memory: it was not started,
    /// and runs in another process (a phone starts a fresh one for its next notification).
    case declined(id: Int)
    /// The worker set itself up (the extension loaded, its loops running) and reads requests now: a
    /// process that ends before saying so failed for the harness's sake, not the extension's.
    case ready
}

/// What a worker measured of itself, folded into the run's self-check (the worst worker counts).
public struct WorkerFigures: Sendable, Hashable, Codable {
    /// p99 lateness of its deadline timers and timer-loop probe, in nanoseconds.
    public var timerLatenessP99: UInt64
    /// p99 lag of its transport loop's probe, in nanoseconds.
    public var transportLagP99: UInt64
    /// p99 of how late requests reached the worker after their scheduled arrival (the pipe and the
    /// worker's reading: harness delay, counted as admission lag), in nanoseconds.
    public var dispatchLagP99: UInt64
    /// Its CPU seconds.
    public var cpuSeconds: Double
    /// Its peak resident memory, in bytes.
    public var peakResidentBytes: Int
    /// Requests of the extension no simulated phone could be told for (failed, not timed).
    public var unattributedRequests: Int = 0
    /// The largest footprint charged to one invocation (``SharedProcessFootprint``), in bytes; 0 when
    /// the heap could not be read.
    public var peakFootprintBytes: Int = 0
    /// Why its heap could not be read, when it could not: its memory was then judged by the model only.
    public var memoryWatchFailure: String?
    /// The most threads at once its extension's calls needed beyond one per core, added for calls that
    /// waited 2 ms with none free while calls blocked their threads
    /// (``ExtensionHost/peakThreadsForBlockedCalls``).
    public var peakBlockedCallThreads: Int = 0
    /// The same for its phones' session callbacks, which have threads of their own
    /// (``ExtensionHost/peakThreadsForBlockedCallbacks``).
    public var peakBlockedCallbackThreads: Int = 0
    /// Threads for its extension's calls that could not be started (``ExtensionHost/threadStartFailure``).
    public var threadStartFailure: String?
    /// p99 of how long its extension's calls and session callbacks waited for a thread
    /// (``ExtensionHost/extensionCallWaitP99``), in nanoseconds; nil when it made none.
    public var extensionCallWaitP99: UInt64?

    /// Figures.
    public init(
        timerLatenessP99: UInt64, transportLagP99: UInt64, dispatchLagP99: UInt64, cpuSeconds: Double,
        peakResidentBytes: Int
    ) {
        self.timerLatenessP99 = timerLatenessP99
        self.transportLagP99 = transportLagP99
        self.dispatchLagP99 = dispatchLagP99
        self.cpuSeconds = cpuSeconds
        self.peakResidentBytes = peakResidentBytes
    }
}

extension InvocationRecord {
    /// The record of an invocation whose extension process died under it (a crash in the extension's
    /// code: a trap, a segfault): `crashed`, the original shown, finished `now`.
    public static func processDied(_ input: InvocationInput, reason: String, now: UInt64, deadline: UInt64) -> Self {
        died(input, reason: reason, now: now, deadline: deadline)
    }

    /// The record of an invocation the harness lost before or outside the extension's code (`failure`,
    /// with `detail` saying how): `crashed` as a phone would show it, the original, but marked as the
    /// harness's, so that it counts as no crash of the extension and makes the run invalid.
    public static func lost(
        _ input: InvocationInput, to failure: HarnessFailure, detail: String, now: UInt64, deadline: UInt64
    ) -> Self {
        var record = died(input, reason: failure.errorText(detail: detail), now: now, deadline: deadline)
        record.lostToHarness = failure
        return record
    }

    private static func died(_ input: InvocationInput, reason: String, now: UInt64, deadline: UInt64) -> Self {
        let alert = input.payload.alert
        return InvocationRecord(
            id: input.id, extensionName: input.extensionFactory.name, outcome: .crashed,
            visible: VisibleNotification(
                kind: InvocationOutcome.crashed.whatTheUserSees, title: alert.title ?? "",
                subtitle: alert.subtitle ?? "", body: alert.body ?? ""),
            violations: Violations(), enrichment: EnrichmentResult(requested: input.requested, delivered: []),
            times: InvocationTimes(arrival: input.arrival, deadline: deadline, finished: max(now, input.arrival)),
            phases: InvocationPhases(queued: 0), download: nil, stageErrors: [:], peakMemory: 0,
            crashReason: reason, injectedCrash: false, injectedFault: input.injectedFault, workAbandoned: false)
    }
}
