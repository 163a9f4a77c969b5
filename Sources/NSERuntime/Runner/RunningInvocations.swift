import Synchronization

/// How many invocations (open and burst runs) or closed slots are running, and the admission's one
/// wait: for one of them to end, or for a timer of the run's to ring.
final class RunningInvocations: Sendable {
    /// What ended a wait.
    enum Wake: Equatable {
        /// Fewer ran than the wait's limit, at once or after an end while it waited.
        case ended
        /// ``ring()`` was called (before the wait, or during it).
        case rung
    }

    private struct Waiting {
        /// The admission's wait.
        var waiter: CheckedContinuation<Wake, Never>?
        /// A ring no wait has taken yet.
        var rung = false
    }

    private let running = Atomic<Int>(0)
    private let waiting = Mutex(Waiting())
    /// Whether the admission waits: read by every end, so that only an end it waits for takes the lock.
    private let admissionWaits = Atomic<Bool>(false)
    /// The waiting admission's limit: only an end that leaves fewer running wakes it. The drain waits for
    /// the last of thousands of closed slots that end together; woken by each end, it took the thread of
    /// each (a transport loop's) with a wake-up and a context switch.
    private let wakeBelow = Atomic<Int>(0)

    /// Whether the admission waits now (for tests: a wait under way, not yet woken).
    var admissionIsWaiting: Bool { admissionWaits.load(ordering: .sequentiallyConsistent) }

    /// How many run now.
    var count: Int { running.load(ordering: .sequentiallyConsistent) }

    /// Counts one more running.
    func started() { running.add(1, ordering: .sequentiallyConsistent) }

    /// Counts an end, waking the admission when it waits for fewer than now run.
    func ended() {
        let remaining = running.subtract(1, ordering: .sequentiallyConsistent).newValue
        guard admissionWaits.load(ordering: .sequentiallyConsistent),
            remaining < wakeBelow.load(ordering: .sequentiallyConsistent)
        else { return }
        let waiter = waiting.withLock { waiting in
            defer { waiting.waiter = nil }
            if waiting.waiter != nil { admissionWaits.store(false, ordering: .sequentiallyConsistent) }
            return waiting.waiter
        }
        waiter?.resume(returning: .ended)
    }

    /// Wakes the admission's wait, now or (when it is not waiting) its next one: a timer of the run's.
    func ring() {
        let waiter = waiting.withLock { waiting in
            guard let waiter = waiting.waiter else {
                waiting.rung = true
                return nil as CheckedContinuation<Wake, Never>?
            }
            waiting.waiter = nil
            admissionWaits.store(false, ordering: .sequentiallyConsistent)
            return waiter
        }
        waiter?.resume(returning: .rung)
    }

    /// Returns at once when fewer than `limit` run, or a ring waits to be taken; otherwise at the end
    /// that leaves fewer than `limit` running (more may have started since: the caller looks again), or
    /// at a ring.
    func wait(unlessFewerThan limit: Int) async -> Wake {
        guard count >= limit else { return .ended }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
            let now = waiting.withLock { waiting -> Wake? in
                if waiting.rung {
                    waiting.rung = false
                    return .rung
                }
                // Said before counting: an end either sees it, or is counted here.
                wakeBelow.store(limit, ordering: .sequentiallyConsistent)
                admissionWaits.store(true, ordering: .sequentiallyConsistent)
                guard count >= limit else {
                    admissionWaits.store(false, ordering: .sequentiallyConsistent)
                    return .ended
                }
                waiting.waiter = continuation
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
