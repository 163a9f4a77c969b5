import Synchronization

extension InvocationTimers {
    /// Suspends until the clock reaches `deadline` (nanoseconds) or the task is cancelled.
    ///
    /// - Returns: true when the deadline was reached, false when the task was cancelled first (the timer
    ///   is then cancelled too).
    ///
    /// ```swift
    /// let reached = await context.timers.sleep(until: context.deadline - 2 * 1_000_000_000)
    /// ```
    public func sleep(until deadline: UInt64) async -> Bool {
        await TimerSleep(deadline: deadline).run(on: self, onScheduled: {})
    }
}

/// One sleep on ``InvocationTimers``: resumes its continuation exactly once, from the timer or from
/// cancellation, whichever comes first.
/// Every mutable field lives in `state`, a `Mutex`; `deadline` is a `let`.
final class TimerSleep: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Bool, Never>?
        var timer: (any InvocationTimer)?
        var result: Bool?
    }

    private let deadline: UInt64
    private let state = Mutex(State())

    init(deadline: UInt64) {
        self.deadline = deadline
    }

    /// Sleeps; `onScheduled` runs once the timer is registered (or the sleep already ended), so that a
    /// test clock advanced after it is sure to fire the timer.
    func run(on timers: some InvocationTimers, onScheduled: @Sendable () -> Void) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let alreadyEnded = state.withLock { state -> Bool in
                    guard state.result == nil else { return true }
                    state.continuation = continuation
                    return false
                }
                if alreadyEnded {
                    continuation.resume(returning: false)
                    onScheduled()
                    return
                }
                let timer = timers.schedule(at: deadline) { [self] in finish(true) }
                let cancelledMeanwhile = state.withLock { state -> Bool in
                    state.timer = timer
                    return state.result != nil
                }
                if cancelledMeanwhile { timer.cancel() }
                onScheduled()
            }
        } onCancel: {
            finish(false)
        }
    }

    /// Records the result and resumes the sleeper, once; a cancellation also cancels the timer.
    private func finish(_ reached: Bool) {
        let (continuation, timer) = state.withLock {
            state -> (CheckedContinuation<Bool, Never>?, (any InvocationTimer)?) in
            guard state.result == nil else { return (nil, nil) }
            state.result = reached
            defer {
                state.continuation = nil
                state.timer = nil
            }
            return (state.continuation, state.timer)
        }
        if !reached { timer?.cancel() }
        continuation?.resume(returning: reached)
    }
}
