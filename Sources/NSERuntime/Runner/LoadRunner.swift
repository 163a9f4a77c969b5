public import NSEBenchCore
import Synchronization

/// Runs invocations under a load model with structured concurrency: one task group, whose children
/// are cohorts of invocations (open and burst) or of closed slots, each running its own as children of
/// a group of its own (``InvocationCohort``).
///
/// Each invocation's clock starts at its scheduled arrival. Open and burst arrivals come from an
/// ``ArrivalSchedule``; an arrival that finds `maxInFlight` invocations running waits, and that wait
/// is part of its measured time (no coordinated omission). A closed run starts the next invocation
/// when one finishes. ``stop()`` (Ctrl-C) stops admissions; invocations in flight then get
/// `drainLimit` nanoseconds to finish before they are cancelled. ``abort()`` (a second Ctrl-C) ends
/// the run at once.
public final class LoadRunner: Sendable {
    /// One admitted invocation.
    public struct Ticket: Sendable {
        /// 0, 1, 2, ... in arrival order: the invocation's index in the single-machine run (with a
        /// segment, `i`, `i + N`, `i + 2N`, ...), which decides its payload.
        public let index: Int
        /// Intended arrival, monotonic nanoseconds: where the invocation's budget starts.
        public let scheduledArrival: UInt64
        /// When the runner actually admitted it.
        public let admittedAt: UInt64
        /// The executor the invocation's task prefers (see ``LoadRunner/init(clock:admissionExecutor:invocationExecutors:)``);
        /// nil: the global concurrent executor. Work the invocation starts belongs there too: a task
        /// started with `Task {}` does not inherit its creator's preference.
        public var executor: (any TaskExecutor)? = nil
    }

    /// How the run ended.
    public struct Report: Sendable {
        /// Invocations admitted.
        public var admitted: Int
        /// True when stopped early (``stop()``, ``abort()``): the run did not reach its end.
        public var partial: Bool
        /// How far behind its schedule each arrival was admitted (open/burst: excluding waits for a
        /// free slot, which the invocation's own queue phase records).
        public var admissionLag: Histogram
        /// Wall time from the first arrival to the last completion, nanoseconds.
        public var elapsed: UInt64
        /// Invocations still running when the drain limit passed (after the last admission, or after a
        /// stop): they were cancelled, and one that does not end on cancellation was still waited for.
        public var cutOff = 0
    }

    private let clock: any RunnerClock
    private let stopRequested = Atomic<Bool>(false)
    private let admissionExecutor: (any TaskExecutor)?
    private let invocationExecutors: [any TaskExecutor]
    /// Invocations admitted so far, for the report of an aborted run.
    private let admittedCount = Atomic<Int>(0)
    /// Whoever ends ``run(model:length:ramp:seed:drainLimit:invoke:)`` first: the run itself, or
    /// ``abort()``.
    private let ending = Mutex(Ending())

    private struct Ending {
        var continuation: CheckedContinuation<Report, Never>?
        var aborted = false
        var start: UInt64 = 0
        var finished = false
    }

    /// - Parameters:
    ///   - admissionExecutor: where the admission loop runs (a thread of its own keeps arrivals on
    ///     time while invocations keep their executors busy).
    ///   - invocationExecutors: where invocations run, taken in turn (a closed slot keeps the
    ///     executor of its first invocation); none: the global concurrent executor. An event loop
    ///     that also carries the invocations' downloads resumes each invocation on the thread its
    ///     download ended on, with no other thread woken.
    public init(
        clock: any RunnerClock, admissionExecutor: (any TaskExecutor)? = nil,
        invocationExecutors: [any TaskExecutor] = []
    ) {
        self.clock = clock
        self.admissionExecutor = admissionExecutor
        self.invocationExecutors = invocationExecutors
    }

    /// Where the `turn`th slot or arrival launched runs; nil: the global concurrent executor.
    private func invocationExecutor(for turn: Int) -> (any TaskExecutor)? {
        guard !invocationExecutors.isEmpty else { return nil }
        return invocationExecutors[Int(UInt(bitPattern: turn) % UInt(invocationExecutors.count))]
    }

    /// Asks the run to stop admitting; safe from any thread (a signal handler's task).
    public func stop() { stopRequested.store(true, ordering: .relaxed) }

    /// Whether ``stop()`` was called.
    public var isStopping: Bool { stopRequested.load(ordering: .relaxed) }

    /// Ends the run at once (a second Ctrl-C): stops admitting and makes ``run(model:length:ramp:seed:drainLimit:invoke:)``
    /// return now with a partial report, without waiting for invocations in flight, which are
    /// abandoned (they may still call `invoke`'s recording; the caller stops listening). Safe from
    /// any thread.
    public func abort() {
        stop()
        let (continuation, report) = ending.withLock { state -> (CheckedContinuation<Report, Never>?, Report?) in
            state.aborted = true
            guard !state.finished, let continuation = state.continuation else { return (nil, nil) }
            state.finished = true
            state.continuation = nil
            let report = Report(
                admitted: admittedCount.load(ordering: .relaxed), partial: true,
                admissionLag: Histogram(highestTrackableValue: 1 << 40), elapsed: clock.now() &- state.start)
            return (continuation, report)
        }
        if let continuation, let report { continuation.resume(returning: report) }
    }

    /// Whether ``abort()`` was called.
    public var isAborted: Bool { ending.withLock { $0.aborted } }

    /// Runs the whole load; `invoke` runs one invocation and records its result itself (so progress
    /// and streamed CSV see each as it finishes). Returns when the last invocation has finished (or
    /// the drain limit cancelled it), or at once after ``abort()``. With a `segment` it runs only
    /// that share of the run: the arrivals, slots and invocations the segment owns. `start` is the
    /// schedule's time zero on the runner's clock (nil: when admission begins); the caller's own
    /// records count from it, and arrivals already due when admission begins are admitted at once,
    /// their lateness recorded as admission lag.
    public func run(
        model: LoadModel, length: RunLength, ramp: UInt64, seed: UInt64, drainLimit: UInt64,
        segment: ExecutionSegment = .whole, fanout: Fanout = .atOnce, start: UInt64? = nil,
        invoke: @escaping @Sendable (Ticket) async -> Void
    ) async -> Report {
        let work = Task(executorPreference: admissionExecutor) { [self] in
            await admitAll(
                model: model, length: length, ramp: ramp, seed: seed, drainLimit: drainLimit, segment: segment,
                fanout: fanout, start: start, invoke: invoke)
        }
        let start = start ?? clock.now()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Report, Never>) in
            let abortedAlready = ending.withLock { state in
                state.start = start
                guard !state.aborted else {
                    state.finished = true
                    return true
                }
                state.finished = false
                state.continuation = continuation
                return false
            }
            if abortedAlready {
                continuation.resume(
                    returning: Report(
                        admitted: admittedCount.load(ordering: .relaxed), partial: true,
                        admissionLag: Histogram(highestTrackableValue: 1 << 40), elapsed: 0))
                return
            }
            Task { [self] in
                let report = await work.value
                let waiting = ending.withLock { state -> CheckedContinuation<Report, Never>? in
                    guard !state.finished else { return nil }
                    state.finished = true
                    defer { state.continuation = nil }
                    return state.continuation
                }
                waiting?.resume(returning: report)
            }
        }
    }

    private func admitAll(
        model whole: LoadModel, length: RunLength, ramp: UInt64, seed: UInt64, drainLimit: UInt64,
        segment: ExecutionSegment, fanout: Fanout, start: UInt64?, invoke: @escaping @Sendable (Ticket) async -> Void
    ) async -> Report {
        // This instance's slots; the schedule below keeps its arrivals.
        let model = segment.share(of: whole)
        let start = start.map { min($0, clock.now()) } ?? clock.now()
        admittedCount.store(0, ordering: .relaxed)
        var lag = Histogram(highestTrackableValue: 1 << 40)
        var cutOff = 0
        // A discarding group: a cohort or timer that ended leaves it at once (a group that keeps its
        // ended children until taken held every ended cohort of an open run until its drain).
        await withDiscardingTaskGroup { group in
            let schedule = ArrivalSchedule(
                model: whole, length: length, ramp: ramp, seed: seed, segment: segment, fanout: fanout)
            // Due arrivals are a position in the schedule, not stored times: O(1) memory however far
            // the rate outruns admission.
            var pending = PendingArrivals(schedule: schedule, start: start)
            var tickerPending = false
            /// When the open admission's last round began: the next is at least ``admissionSpacing`` later.
            var lastRound: UInt64 = 0
            let closedSlots: ClosedSlots? =
                if case .closed = model { ClosedSlots(length: length, segment: segment, start: start) } else { nil }
            // Invocations (open, burst) or slots (closed) running, which the admission waits on, and the
            // cohort taking more for each executor (each cohort a child of `group`).
            let running = RunningInvocations()
            var openCohorts = [InvocationCohort?](repeating: nil, count: max(1, invocationExecutors.count))

            // Executors are taken in turn by launch, not by the ticket's index: a segment's indices
            // (i, i + N, ...) would use only some of them.
            var launched = 0

            /// What a cohort runs for each ticket: an invocation, or (closed) a slot, which runs its
            /// first invocation and then the next ones it claims itself, as a phone gets its next push:
            /// no hop through the admission thread and back per invocation.
            let work: @Sendable (Ticket) async -> Void =
                if let closedSlots {
                    { [self] first in
                        await runSlot(from: first, drawingFrom: closedSlots, segment: segment, invoke: invoke)
                        running.ended()
                    }
                } else {
                    { ticket in
                        await invoke(ticket)
                        running.ended()
                    }
                }

            /// Runs `ticket` on the next executor in turn, in that executor's open cohort (a new one, a
            /// child of the run's group on that executor, when it has none).
            func launch(_ ticket: Ticket) {
                let turn = launched % openCohorts.count
                var ticket = ticket
                ticket.executor = invocationExecutor(for: launched)
                launched += 1
                running.started()
                let cohort: InvocationCohort
                if let open = openCohorts[turn] {
                    cohort = open
                } else {
                    cohort = InvocationCohort(executor: ticket.executor)
                    openCohorts[turn] = cohort
                    // nil would inherit the admission task's executor: the global one is named instead.
                    group.addTask(executorPreference: ticket.executor ?? globalConcurrentExecutor) {
                        _ = await cohort.run(work)
                    }
                }
                if cohort.take(ticket) { openCohorts[turn] = nil }
            }

            /// Closes every open cohort: each then ends with its last invocation.
            func closeCohorts() {
                for turn in openCohorts.indices {
                    openCohorts[turn]?.close()
                    openCohorts[turn] = nil
                }
            }

            /// An open or burst arrival, admitted now.
            func admit(_ arrival: UInt64) {
                let local = admittedCount.wrappingAdd(1, ordering: .relaxed).oldValue
                launch(
                    Ticket(index: segment.globalIndex(local: local), scheduledArrival: arrival, admittedAt: clock.now())
                )
            }

            admission: while !isStopping {
                let now = clock.now()
                switch model {
                case .closed(let concurrency):
                    guard let slots = closedSlots, !slots.isExhausted(now: now) else { break admission }
                    let limit = rampedConcurrency(target: concurrency, elapsed: now &- start, ramp: ramp)
                    while running.count < limit, let claim = slots.claim(stopping: isStopping, now: clock.now) {
                        admittedCount.add(1, ordering: .relaxed)
                        launch(Self.ticket(claim, segment: segment))
                    }
                    // Counted before looking: a slot ends only once it finds nothing to claim, so an end
                    // before this count is seen below, and one after it ends the wait at once.
                    let seen = running.count
                    // Nothing left to start: the drain waits for the slots' last invocations.
                    if isStopping || slots.isExhausted(now: clock.now()) { break admission }
                    if !tickerPending {
                        // Wake every 50 ms to notice a stop or the end of a --duration (every 10 ms
                        // while ramping, to raise the limit).
                        tickerPending = true
                        let period: UInt64 = limit < concurrency ? 10_000_000 : 50_000_000
                        group.addTask { [clock] in
                            try? await clock.sleep(until: clock.now() &+ period)
                            running.ring()
                        }
                    }
                    // A slot ends only when it has nothing left to claim (the run's end, or a stop),
                    // which is then noticed at once; otherwise the tick.
                    // (With none running, as when a ramp starts from zero, only the tick.)
                    if await running.wait(unlessFewerThan: seen) == .rung { tickerPending = false }
                case .open, .burst:
                    // Arrivals that found no backlog and a free slot measure the harness's own lag;
                    // the rest waited for a slot, which their queue phase records. A round admits at
                    // most the free slots, so a stop is noticed between rounds at any rate.
                    lastRound = now
                    let backlog = pending.observe(now: clock.now())
                    while running.count < model.maxInFlight, !isStopping, let arrival = pending.popDue() {
                        if !backlog { lag.record(clock.now() &- arrival) }
                        admit(arrival)
                    }
                    if pending.isExhausted { break admission }
                    if pending.hasDue {
                        _ = await running.wait(unlessFewerThan: model.maxInFlight)
                    } else if let arrival = pending.head {
                        // Wake for the next arrival, at most 50 ms from now to notice a stop, and no
                        // sooner than the spacing after this round began.
                        let wake = max(arrival, lastRound &+ Self.admissionSpacing)
                        try? await clock.sleep(until: min(wake, clock.now() &+ 50_000_000))
                    }
                }
            }
            // Drain: let invocations in flight finish, within the limit.
            closeCohorts()
            let drainDeadline = clock.now() &+ drainLimit
            group.addTask { [clock] in
                try? await clock.sleep(until: drainDeadline)
                running.ring()
            }
            while case let stillRunning = running.count, stillRunning > 0 {
                if clock.now() >= drainDeadline {
                    cutOff = stillRunning
                    break
                }
                // Woken by the last end, or the deadline's ring.
                _ = await running.wait(unlessFewerThan: 1)
            }
            // The cut-off invocations, and the timers still asleep; the group then waits for the cohorts
            // to end, which takes them no longer than their invocations.
            group.cancelAll()
        }
        let admitted = admittedCount.load(ordering: .relaxed)
        // A closed run starts each invocation the moment a slot frees: no lag of its own to record.
        if case .closed = model { lag.record(0, count: UInt64(admitted)) }
        return Report(
            admitted: admitted, partial: isStopping, admissionLag: lag, elapsed: clock.now() &- start, cutOff: cutOff)
    }

    /// The least time between two rounds of an open run's admission, in nanoseconds: 500 µs. Woken for
    /// each arrival, at 5,000 a second the admission thread (a timer's wake-up, then its own) and the
    /// loops it woke for each invocation took 9% of the machine's busy samples (`perf record -a`,
    /// `--rate 5000 --ttfb 1s`). Arrivals due within 500 µs of a round now start together, at most that
    /// late: the lag is the admission's, recorded as such (`admission_lag_p99_ms`), inside the harness's
    /// 5 ms error budget. Below 2,000 a second each arrival still has a round of its own.
    static let admissionSpacing: UInt64 = 500_000

    /// A closed slot: runs `first`, then the invocations it claims, one after another, until none is
    /// left or the run stops.
    private func runSlot(
        from first: Ticket, drawingFrom slots: ClosedSlots, segment: ExecutionSegment,
        invoke: @Sendable (Ticket) async -> Void
    ) async {
        await invoke(first)
        var run = 0
        while let next = slots.claim(stopping: isStopping || Task.isCancelled, now: clock.now) {
            admittedCount.add(1, ordering: .relaxed)
            var following = Self.ticket(next, segment: segment)
            following.executor = first.executor
            // An invocation that completed without suspending (a built-in that delivers at once) would
            // otherwise keep its executor, a loop, for the whole run. Every 8th: a yield per invocation
            // doubled mallocs_per_invocation (15.6-16.3 against 7.7-8.8 at 100 in flight, one core,
            // against nginx).
            run += 1
            if run % 8 == 0 { await Task.yield() }
            await invoke(following)
        }
    }

    /// A closed slot's invocation: it arrives, and is admitted, the moment its slot claimed it.
    private static func ticket(_ claim: ClosedSlots.Claim, segment: ExecutionSegment) -> Ticket {
        Ticket(
            index: segment.globalIndex(local: claim.local), scheduledArrival: claim.arrival, admittedAt: claim.arrival)
    }
}
