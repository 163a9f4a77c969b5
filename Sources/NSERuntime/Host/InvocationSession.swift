import Dispatch
import Foundation
import NSEBenchCore
import Synchronization
import UserNotifications

/// One invocation in flight: feeds the ``InvocationLifecycle`` the events that happen (handler calls,
/// timers, memory reports, crashes, the work returning) and performs the actions it returns.
///
/// Every event takes the session's `Mutex`, updates the state and collects ``Effect``s; the effects that
/// call into extension code, cancel tasks or resume the caller run after the lock is released, so an
/// extension that calls its handler from inside `serviceExtensionTimeWillExpire` (or from a task's
/// cancellation handler) re-enters safely. Timers are scheduled and cancelled under the lock, which
/// ``InvocationTimers`` allows: it never runs an action synchronously.
final class InvocationSession: Sendable {
    let input: InvocationInput
    let settings: HostSettings
    let environment: HostEnvironment
    let calls: ExtensionCalls
    /// Where the invocation runs (a transport loop), and with it the sessions' transfers
    /// (``runPhoneWork(_:)``), which never block: a download's end resumes the transfer on the thread it
    /// ended on. nil: the global concurrent executor.
    let executor: (any TaskExecutor)?
    /// Where the extension's tracked work (``run(_:)``) runs: ``executor`` for a built-in extension,
    /// nil (the global concurrent executor) for a user's, whose work may block.
    let workExecutor: (any TaskExecutor)?
    let temporaryFiles: TemporaryFiles
    let inspector: DeliveryInspector
    let request: UNNotificationRequest
    /// Arrival plus the time budget, in nanoseconds.
    let deadline: UInt64
    /// The payload's size, counted against the memory limit.
    let payloadBytes: Int
    let measurements = InvocationMeasurements()
    let state: Mutex<State>

    init(
        input: InvocationInput, settings: HostSettings, environment: HostEnvironment, calls: ExtensionCalls,
        workExecutor: (any TaskExecutor)?, temporaryFiles: TemporaryFiles, expectedText: NotificationText?
    ) {
        self.request = input.payload.notificationRequest(identifier: "nse-bench-\(input.id)")
        self.input = input
        self.settings = settings
        self.environment = environment
        self.calls = calls
        self.executor = workExecutor
        // A user's extension's work may block: never on the harness's own loops.
        self.workExecutor = input.extensionFactory.callsMayBlock ? nil : workExecutor
        self.temporaryFiles = temporaryFiles
        self.inspector = DeliveryInspector(payload: input.payload, expectedText: expectedText)
        let (deadline, overflow) = input.arrival.addingReportingOverflow(settings.timeBudget)
        self.deadline = overflow ? .max : deadline
        self.payloadBytes = input.payloadByteCount
        let limits = InvocationLimits(
            timeBudget: Nanoseconds.duration(settings.timeBudget),
            gracePeriod: Nanoseconds.duration(settings.gracePeriod))
        let lifecycle = InvocationLifecycle(arrivedAt: Nanoseconds.duration(input.arrival), limits: limits)
        self.state = Mutex(
            State(
                lifecycle: lifecycle, peakMemory: settings.baselineFootprint + payloadBytes,
                crashPending: settings.crashInjection.strikes(invocation: input.id)))
    }

    var clock: any InvocationClock { environment.clock }

    /// Admits the invocation: starts the deadline timer and calls `didReceive` (after the process's cold
    /// start, when it has one), or finds the budget spent and ends it as killed, or the payload not mutable
    /// and ends it as `not_mutable` without starting the extension. `completion` is given the record, once.
    /// `callingHere`: whether the caller's thread is the invocation's own (not a timer's), where a
    /// built-in extension's `didReceive` is then called.
    func start(callingHere: Bool = true, completion: @escaping @Sendable (InvocationRecord) -> Void) {
        let memory = MemoryMeter { [self] buffered in memoryChanged(buffered: buffered) }
        let context = InvocationContext(
            invocationID: input.id, arrival: input.arrival, deadline: deadline, environment: environment,
            memory: memory, measurements: measurements, session: self, temporaryFiles: temporaryFiles,
            isOnConstrainedNetwork: input.constrainedNetwork, isOnCellularNetwork: input.cellularNetwork)
        let effects = state.withLock { state -> [Effect] in
            state.completion = completion
            state.context = context
            let now = clock.now()
            var effects = [event(.started, at: now)]
            guard input.payload.isMutable else {
                // iOS shows the payload as it arrived: no extension, no timers.
                let action = state.lifecycle.arrivedNotMutable(at: Nanoseconds.duration(now))
                return effects + apply(action, processEnds: true, now, &state)
            }
            state.admittedAt = now
            if now < deadline {
                state.deadlineTimer = environment.timers.schedule(at: deadline) { [self] in deadlineFired() }
            }
            if let coldStart = input.coldStart, coldStart > 0, now < deadline {
                // The process starts first; the deadline timer runs meanwhile, and a deadline before the
                // start ends is a kill without the expiry call (the lifecycle is still `received`).
                let (ready, overflow) = now.addingReportingOverflow(coldStart)
                state.coldStartTimer = environment.timers.schedule(at: overflow ? .max : ready) { [self] in
                    coldStartEnded()
                }
                return effects
            }
            effects += apply(state.lifecycle.started(at: Nanoseconds.duration(now)), processEnds: true, now, &state)
            effects += checkMemory(buffered: 0, now, &state)
            return effects
        }
        perform(effects, callingHere: callingHere)
    }

    /// The cold start timer fired: the process is up, `didReceive` is called now unless the budget is
    /// already spent.
    func coldStartEnded() {
        let effects = state.withLock { state -> [Effect] in
            state.coldStartTimer = nil
            guard !state.isComplete else { return [] }
            let now = clock.now()
            var effects = apply(
                state.lifecycle.started(at: Nanoseconds.duration(now)), processEnds: true, now, &state)
            effects += checkMemory(buffered: 0, now, &state)
            return effects
        }
        perform(effects)
    }

    /// The deadline timer fired.
    func deadlineFired() {
        let effects = state.withLock { state -> [Effect] in
            guard !state.isComplete else { return [] }
            let now = clock.now()
            measurements.deadlineReached(deadline)
            // Still waiting for a slot: the budget ran out before the extension started, a kill.
            let neverStarted = state.lifecycle.state == .received
            return apply(
                state.lifecycle.deadlineReached(at: Nanoseconds.duration(now)), processEnds: neverStarted, now, &state)
        }
        perform(effects)
    }

    /// The grace timer fired.
    func graceFired() {
        let effects = state.withLock { state -> [Effect] in
            guard !state.isComplete else { return [] }
            let now = clock.now()
            return apply(state.lifecycle.graceEnded(at: Nanoseconds.duration(now)), processEnds: false, now, &state)
        }
        perform(effects)
    }

    /// The wind-down timer fired: whatever still runs is abandoned.
    func windDownFired() {
        let effects = state.withLock { state -> [Effect] in
            guard !state.isComplete else { return [] }
            return endWindDown(clock.now(), &state)
        }
        perform(effects)
    }

    /// The extension's meter changed: a kill when the process goes over the limit.
    func memoryChanged(buffered: Int) {
        let effects = state.withLock { state -> [Effect] in
            guard !state.isComplete else { return [] }
            return checkMemory(buffered: buffered, clock.now(), &state)
        }
        perform(effects)
    }

    /// The process this invocation ran in was killed for its memory (jetsam, judged on the process's real
    /// heap: ``SharedProcessFootprint``), charging this invocation `footprint` bytes: killed without the
    /// expiry call, unless it had already delivered.
    func processKilledForMemory(footprint: Int) {
        let effects = state.withLock { state -> [Effect] in
            guard !state.isComplete else { return [] }
            let now = clock.now()
            state.peakMemory = max(state.peakMemory, footprint)
            if state.lifecycle.isFinished { return complete(now, &state) }
            return apply(
                state.lifecycle.memoryExceeded(at: Nanoseconds.duration(now)), processEnds: true, now, &state)
        }
        perform(effects)
    }

    /// The extension crashed (on purpose, or its tracked work threw).
    func crash(reason: String) {
        let effects = state.withLock { state -> [Effect] in
            guard !state.isComplete else { return [] }
            let now = clock.now()
            if state.lifecycle.isFinished {
                state.lateCrashReason = reason
                return complete(now, &state)
            }
            let action = state.lifecycle.crashed(at: Nanoseconds.duration(now), reason: reason)
            return apply(action, processEnds: true, now, &state)
        }
        perform(effects)
    }

    /// Starts tracked work for ``InvocationContext/run(_:)`` and returns its task; nothing (nil) once the
    /// process is gone.
    func run(_ work: @escaping @Sendable () async throws -> Void) -> Task<Void, Never>? {
        track(work, on: workExecutor)
    }

    /// Starts a simulated session's transfer as tracked work
    /// (``SimulatedDevice/PhoneTransferTracking/trackTransfer(_:)``) where the invocation runs, for a
    /// user's extension too: it is the harness's code and never blocks (a transfer on the global pool
    /// cost Examples/MediaDownload a thread wake-up at its start and one at its end). The user's code
    /// runs in ``ExtensionCalls``' threads and the sessions' delegate queues, never here.
    func runPhoneWork(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        track(work, on: executor)
    }

    private func track(
        _ work: @escaping @Sendable () async throws -> Void, on executor: (any TaskExecutor)?
    ) -> Task<Void, Never>? {
        state.withLock { state -> Task<Void, Never>? in
            guard !state.isComplete else { return nil }
            let id = state.work.makeID()
            let task = Task(executorPreference: executor) { [self] in
                do {
                    try await work()
                } catch {
                    crash(reason: "the extension's work threw \(type(of: error)): \(error)")
                }
                workEnded(id)
            }
            state.work.insert(task, id: id)
            return task
        }
    }

    private func workEnded(_ id: Int) {
        let effects = state.withLock { state -> [Effect] in
            state.work.remove(id)
            return workMaybeReturned(clock.now(), &state)
        }
        perform(effects)
    }

    func didReceiveReturned() {
        let effects = state.withLock { state -> [Effect] in
            state.didReceiveReturned = true
            return workMaybeReturned(clock.now(), &state)
        }
        perform(effects)
    }

    private func checkMemory(buffered: Int, _ now: UInt64, _ state: inout State) -> [Effect] {
        guard !state.isComplete else { return [] }
        let total = settings.baselineFootprint + payloadBytes + buffered
        state.peakMemory = max(state.peakMemory, total)
        guard total > settings.memoryLimit else { return [] }
        if state.lifecycle.isFinished { return complete(now, &state) }
        return apply(state.lifecycle.memoryExceeded(at: Nanoseconds.duration(now)), processEnds: true, now, &state)
    }
}
