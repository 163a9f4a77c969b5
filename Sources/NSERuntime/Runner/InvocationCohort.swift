import Synchronization

/// Invocations (or closed slots) that share one child of the run's task group: the cohort's task runs
/// each as a child of a group of its own, on the cohort's executor, as the admission hands them over,
/// until the admission closes it and the last has ended.
///
/// Swift's task group finds a child that ends by walking its list of children from the oldest, so with
/// each invocation a child of the run's group, an end cost time in the number of older children: the
/// run's 50 ms ticker, always the newest, walked every closed slot (91 µs at 10,000 in flight,
/// measured), and an open run's group, whose ended children waited in it until the admission took them,
/// walked thousands for each (`--rate 3000 --ttfb uniform:100ms..3s`: 7.8% of the harness's CPU). In
/// cohorts every walk is at most ``capacity`` children, or the cohorts alive.
final class InvocationCohort: Sendable {
    /// The most invocations or slots a cohort takes. A walk costs about a cache miss a child, and each
    /// end walks at most this many, while each cohort's end walks the cohorts alive (those in flight
    /// over this): 32 walks least from a few thousand to tens of thousands in flight. At `--rate 3000
    /// --ttfb uniform:100ms..3s` (about 4,600 in flight) `perf record -a` put 248 samples in the walks
    /// with 64, 166 with 32, against 2,123 with every invocation a child of the run's group.
    static let capacity = 32

    private struct State {
        /// Handed over, not yet started.
        var waiting: [LoadRunner.Ticket] = []
        /// The buffer the cohort's task ran its last batch from, empty, kept while it waits: a hand-over
        /// swaps the two, so that no batch costs an allocation (`--rate 2000 --ttfb 100ms`, where most
        /// hand-overs are of one: `mallocs_per_invocation` 7.4-7.6 with a fresh array a batch, 6.6 now).
        var spare: [LoadRunner.Ticket] = []
        /// Handed over in all.
        var taken = 0
        /// No more will be handed over.
        var closed = false
        /// The cohort's task, waiting for more.
        var consumer: CheckedContinuation<[LoadRunner.Ticket], Never>?

        /// What waits, taken out; the spare buffer waits for the next.
        mutating func takeWaiting() -> [LoadRunner.Ticket] {
            var batch = spare
            swap(&batch, &waiting)
            spare = []
            return batch
        }
    }

    /// Where the cohort's task and its invocations run; nil: the global concurrent executor.
    let executor: (any TaskExecutor)?
    private let state = Mutex(State())

    init(executor: (any TaskExecutor)?) {
        self.executor = executor
    }

    /// Hands `ticket` over to be run; true when the cohort has now taken ``capacity`` and was closed.
    func take(_ ticket: LoadRunner.Ticket) -> Bool {
        let (handOver, full) = state.withLock {
            state -> (handOver: (CheckedContinuation<[LoadRunner.Ticket], Never>, [LoadRunner.Ticket])?, full: Bool) in
            state.waiting.append(ticket)
            state.taken += 1
            if state.taken >= Self.capacity { state.closed = true }
            guard let consumer = state.consumer else { return (nil, state.closed) }
            state.consumer = nil
            return ((consumer, state.takeWaiting()), state.closed)
        }
        if let (consumer, tickets) = handOver { consumer.resume(returning: tickets) }
        return full
    }

    /// Takes no more: the cohort's task ends once those it took have ended.
    func close() {
        let consumer = state.withLock { state in
            state.closed = true
            defer { state.consumer = nil }
            return state.consumer
        }
        consumer?.resume(returning: [])
    }

    /// The cohort's task: runs `work` for each ticket handed over, each a child of a group of its own,
    /// until closed; returns how many it ran once all have ended.
    func run(_ work: @escaping @Sendable (LoadRunner.Ticket) async -> Void) async -> Int {
        let executor = executor ?? globalConcurrentExecutor
        await withDiscardingTaskGroup { group in
            var batch: [LoadRunner.Ticket] = []
            while await next(after: &batch) {
                for ticket in batch {
                    group.addTask(executorPreference: executor) { await work(ticket) }
                }
            }
        }
        return state.withLock { $0.taken }
    }

    /// Replaces `batch`, run, with those handed over since, waiting for one when none is; false once
    /// closed and all were given out.
    private func next(after batch: inout [LoadRunner.Ticket]) async -> Bool {
        batch.removeAll(keepingCapacity: true)
        let ran = batch
        batch = []
        let ready = state.withLock { state -> [LoadRunner.Ticket]? in
            state.spare = ran
            if !state.waiting.isEmpty || state.closed { return state.takeWaiting() }
            return nil
        }
        if let ready {
            batch = ready
            return !ready.isEmpty
        }
        batch = await withCheckedContinuation { (continuation: CheckedContinuation<[LoadRunner.Ticket], Never>) in
            let now = state.withLock { state -> [LoadRunner.Ticket]? in
                if !state.waiting.isEmpty || state.closed { return state.takeWaiting() }
                state.consumer = continuation
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
        return !batch.isEmpty
    }
}
