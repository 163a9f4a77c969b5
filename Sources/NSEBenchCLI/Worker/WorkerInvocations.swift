import Synchronization

/// The invocations a worker has started and not yet answered, and the wait for the last of them once
/// its input has ended: what a task group gave the worker, without a task that takes each request
/// from the loop that reads them and hands it on (a thread wake-up per invocation).
final class WorkerInvocations: Sendable {
    private struct State {
        var running = 0
        /// Whether any invocation has started.
        var startedAny = false
        var inputEnded = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// One more invocation started; returns whether it is the first.
    @discardableResult
    func started() -> Bool {
        state.withLock { state in
            state.running += 1
            guard !state.startedAny else { return false }
            state.startedAny = true
            return true
        }
    }

    /// One invocation answered.
    func finished() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.running -= 1
            return Self.takeWaiterIfDone(&state)
        }
        waiter?.resume()
    }

    /// Whether ``drained()`` is waiting.
    var isWaited: Bool { state.withLock { $0.waiter != nil } }

    /// No invocation will start after this.
    func inputEnded() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.inputEnded = true
            return Self.takeWaiterIfDone(&state)
        }
        waiter?.resume()
    }

    /// Returns once the input has ended and every invocation started has finished. One caller only.
    func drained() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.inputEnded && state.running == 0 { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }

    private static func takeWaiterIfDone(_ state: inout State) -> CheckedContinuation<Void, Never>? {
        guard state.inputEnded, state.running == 0 else { return nil }
        defer { state.waiter = nil }
        return state.waiter
    }
}
