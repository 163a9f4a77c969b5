import Dispatch
import NSEBenchCore
import Synchronization

/// Runs notification service extensions as iOS does, one invocation at a time per call, and records how
/// each one ends.
///
/// For each ``invoke(_:)`` the host:
/// - waits for the notification's scheduled arrival if called early; the 30-second budget runs from the
///   arrival, so an invocation the caller could not start in time has already lost some of it, and one
///   started after its deadline is killed without the expiry call, as iOS kills an extension that spends
///   its budget starting up;
/// - creates a fresh extension and calls `didReceive` with the request iOS would build from the payload:
///   a user's extension on a thread that may block without holding up another invocation, a built-in
///   one (it never blocks) where the invocation runs (``ExtensionCalls``);
/// - at the deadline calls `serviceExtensionTimeWillExpire` the same way, never before `didReceive`,
///   and starts the grace period;
/// - honours the first call of the content handler and counts the others as violations (the
///   ``InvocationLifecycle`` decides); moves the shown content's attachments into the attachment store;
/// - kills the invocation when the memory it can see (baseline, payload, the extension's ``MemoryMeter``)
///   goes over the limit, and records a crash when the extension simulates one or its tracked work throws;
/// - after the outcome is fixed, listens to the extension's work for the wind-down, then returns the
///   ``InvocationRecord``.
///
/// `invoke` ignores task cancellation: it always returns a record, at the latest at the deadline plus the
/// grace period plus the wind-down.
///
/// A payload without `"mutable-content":1` (``NotificationPayload/isMutable``) is shown as it arrived
/// without starting the extension, as iOS does: the record's outcome is ``InvocationOutcome/notMutable``.
///
/// ```swift
/// let host = ExtensionHost(environment: environment)
/// let media = try BuiltInExtensions.named("media")
/// let record = await host.invoke(InvocationInput(generated: payload, arrival: arrival, extension: media))
/// record.outcome   // .enriched, .degraded, .expiredBestAttempt, ...
/// ```
public final class ExtensionHost: Sendable {
    /// The limits every invocation runs under.
    public let settings: HostSettings
    /// The clock, timers, network and files.
    public let environment: HostEnvironment
    private let calls = ExtensionCalls()

    /// The most threads at once that calls into a user's extension needed beyond one per core
    /// (``ExtensionCalls``), added for calls that waited 2 ms with none free while calls blocked their
    /// threads; 0 when none was added.
    public var peakThreadsForBlockedCalls: Int { calls.peakThreadsForBlockedCalls }
    /// The same for the phones' session callbacks (its completion handlers and delegate calls), which
    /// run on threads of their own.
    public var peakThreadsForBlockedCallbacks: Int { calls.peakThreadsForBlockedCallbacks }
    /// How many threads for calls into a user's extension, or for its session callbacks, the system
    /// would not make, and why: those calls waited for the harness, not the extension. Nil when every
    /// one started.
    public var threadStartFailure: String? { calls.threadStartFailure }
    /// How long calls into a user's extension and its session callbacks waited for a thread, p99, in
    /// nanoseconds: harness delay, as a phone makes each at once. Nil when none was made.
    public var extensionCallWaitP99: UInt64? { calls.waitP99 }
    private let temporaryFiles: TemporaryFiles
    private let live = Mutex(LiveSessions())

    /// The invocations started and not yet finished, and whether their process was killed.
    private struct LiveSessions {
        var sessions: [Int: InvocationSession] = [:]
        /// Invocations whose `didReceive` is being called, before their session is registered: their
        /// allocations are in the heap already.
        var starting = 0
        /// Invocations that completed before ``sessions`` registered them: never registered after.
        var completedUnregistered: Set<Int> = []
        /// The footprint charged to each invocation when the process was killed for its memory.
        var killedFootprint: Int?
        /// Invocations whose code trapped before ``sessions`` registered them, with the reason: they
        /// crash as they are registered.
        var crashedUnregistered: [Int: String] = [:]
    }

    /// A host.
    public init(settings: HostSettings = HostSettings(), environment: HostEnvironment) {
        self.settings = settings
        self.environment = environment
        self.temporaryFiles = TemporaryFiles(directory: environment.temporaryDirectory)
    }

    /// Runs one invocation to its outcome and returns its record.
    public func invoke(_ input: InvocationInput) async -> InvocationRecord {
        let kept = Mutex<InvocationRecord?>(nil)
        await invoke(input) { record in kept.withLock { $0 = record } }
        // `recording` has run before invoke(_:recording:) returns.
        return kept.withLock { $0 }
            ?? .lost(
                input, to: .recordLost, detail: "", now: environment.clock.now(),
                deadline: input.arrival &+ settings.timeBudget)
    }

    /// Runs one invocation to its outcome and hands its record to `recording` (on the thread that
    /// completed it) before returning: ``prepare(_:)`` then ``invoke(prepared:recording:)``.
    public func invoke(_ input: InvocationInput, recording: @escaping @Sendable (InvocationRecord) -> Void) async {
        await invoke(prepared: prepare(input), recording: recording)
    }

    /// Builds the invocation's session (its request, lifecycle and timers to be) from `input`, without
    /// starting it: what a caller holding many invocations in flight keeps across the run is then a
    /// reference, not the 300-byte input.
    ///
    /// - Parameter executor: where a built-in extension's tracked work runs (the executor the caller's
    ///   task prefers, for work that should stay beside it); nil: the global concurrent executor. A
    ///   user's extension's work always runs there.
    public func prepare(_ input: InvocationInput, executor: (any TaskExecutor)? = nil) -> PreparedInvocation {
        PreparedInvocation(
            session: InvocationSession(
                input: input, settings: settings, environment: environment, calls: calls, workExecutor: executor,
                temporaryFiles: temporaryFiles, expectedText: expectedText(for: input)))
    }

    /// Runs a prepared invocation to its outcome and hands its record to `recording` (on the thread that
    /// completed it) before returning: ``start(_:recording:)``, waited for.
    ///
    /// Neither the record nor the input crosses a suspension point: a caller holding tens of thousands
    /// of invocations in flight keeps no record- or input-sized slot in each task's async frames (0.6 KB
    /// and 0.3 KB, in every frame on the way, in the task allocator's 1 KB slabs), only the session's
    /// reference.
    public func invoke(prepared: PreparedInvocation, recording: @escaping @Sendable (InvocationRecord) -> Void) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            start(prepared) { record in
                recording(record)
                continuation.resume()
            }
        }
    }

    /// Starts a prepared invocation and returns at once; `recording` is given its record, once, on the
    /// thread that completes it. Started before its scheduled arrival, the invocation waits for it on a
    /// timer: the 30-second budget runs from the arrival, and an early start would misstate queueing.
    ///
    /// For a caller that waits for many invocations without an async frame each: a parked invocation
    /// then holds no task allocator slab at all.
    public func start(_ prepared: PreparedInvocation, recording: @escaping @Sendable (InvocationRecord) -> Void) {
        let session = prepared.session
        let arrival = session.input.arrival
        if environment.clock.now() < arrival {
            _ = environment.timers.schedule(at: arrival) { [self] in
                begin(session, onTimer: true, recording: recording)
            }
        } else {
            begin(session, onTimer: false, recording: recording)
        }
    }

    /// Starts `session` now, registered as live until it completes; `onTimer`: from a timer's thread.
    private func begin(
        _ session: InvocationSession, onTimer: Bool, recording: @escaping @Sendable (InvocationRecord) -> Void
    ) {
        let id = session.input.id
        live.withLock { $0.starting += 1 }
        session.start(callingHere: !onTimer) { [self] record in
            live.withLock { live in
                // Completed before it was registered (inside start, or on another thread meanwhile).
                if live.sessions.removeValue(forKey: id) == nil { live.completedUnregistered.insert(id) }
            }
            recording(record)
        }
        let (killed, crash) = live.withLock { live -> (Int?, String?) in
            live.starting -= 1
            let completed = live.completedUnregistered.remove(id) != nil
            let crash = live.crashedUnregistered.removeValue(forKey: id)
            if live.killedFootprint == nil, !completed, crash == nil { live.sessions[id] = session }
            return (live.killedFootprint, crash)
        }
        if let killed { session.processKilledForMemory(footprint: killed) }
        if let crash { session.crash(reason: crash) }
    }

    /// The extension's code trapped on a thread of invocation `id`, which is held for ever
    /// (``NSEBenchSystem/CrashReporter/holdTraps(_:)``): that invocation ends `crashed` now, with
    /// `reason`, without the expiry call, as its phone's process would have died; the others go on.
    /// Nothing for an invocation already finished. Returns whether it was in flight; `inFlight` runs
    /// first when it was, before it ends (a memory watch sets its share aside while it still counts
    /// among those in flight, so that no sample in between charges it to the others).
    @discardableResult
    public func crashed(id: Int, reason: String, inFlight: () -> Void = {}) -> Bool {
        let session = live.withLock { live -> InvocationSession? in
            if let session = live.sessions[id] { return session }
            if live.starting > 0 { live.crashedUnregistered[id] = reason }
            return nil
        }
        guard let session else { return false }
        inFlight()
        session.crash(reason: reason)
        return true
    }

    /// Invocations started and not yet finished.
    public var invocationsInFlight: Int { live.withLock { $0.sessions.count + $0.starting } }

    /// The process is being killed for its memory, as jetsam kills an extension's process: every
    /// invocation in flight, and any started from now on, ends `killed` without the expiry call
    /// (those that had delivered keep their outcome), charged `footprint` bytes each. Their records
    /// come back from ``invoke(_:)`` as usual, so the caller can report them before the process ends.
    public func killForMemory(footprint: Int) {
        let sessions = live.withLock { live -> [InvocationSession] in
            live.killedFootprint = footprint
            return Array(live.sessions.values)
        }
        for session in sessions { session.processKilledForMemory(footprint: footprint) }
    }

    /// The text decryption should produce: the input's, or the payload's `encrypted_data` opened with the
    /// run's key; nil when neither is known (or the data does not open: nothing can decrypt it then).
    private func expectedText(for input: InvocationInput) -> NotificationText? {
        if let expected = input.expectedText { return expected }
        guard let encrypted = input.payload.encryptedData, let key = environment.payloadKey else { return nil }
        do {
            return try PayloadCrypto.open(encrypted, key: key)
        } catch {
            return nil
        }
    }
}
