import Synchronization

/// A serial queue of callbacks on lent threads (``PhoneCallbackThreads``): one callback at a time, in
/// the order given, each on whichever thread is lent for it, as a serial dispatch queue runs its blocks.
///
/// A lane holds a thread only while one of its callbacks runs: after each callback it gives the thread
/// back and asks for one again when more are waiting, so one phone's burst of callbacks does not keep
/// another phone's waiting.
final class SerialCallbackLane: Sendable {
    private struct State {
        /// Callbacks not yet run, oldest first from `head`: a burst is taken in O(1) each.
        var waiting: [@Sendable () -> Void] = []
        var head = 0
        /// Whether a callback of this lane runs or has been handed to the threads to run.
        var scheduled = false
    }

    private let threads: any PhoneCallbackThreads
    private let state = Mutex(State())

    init(on threads: any PhoneCallbackThreads) {
        self.threads = threads
    }

    /// Runs `work` after every callback given before it has returned.
    func run(_ work: @escaping @Sendable () -> Void) {
        let schedule = state.withLock { state in
            state.waiting.append(work)
            defer { state.scheduled = true }
            return !state.scheduled
        }
        if schedule { threads.submit { [self] in runNext() } }
    }

    private func runNext() {
        let next = state.withLock { state in
            defer { state.head += 1 }
            return state.waiting[state.head]
        }
        next()
        let more = state.withLock { state in
            if state.head == state.waiting.count {
                state.waiting.removeAll(keepingCapacity: true)
                state.head = 0
            }
            state.scheduled = !state.waiting.isEmpty
            return state.scheduled
        }
        if more { threads.submit { [self] in runNext() } }
    }
}
