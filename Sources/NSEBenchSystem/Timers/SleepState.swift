/// The life of one ``TimerService/sleep(until:)``, as a value: which party resumes the continuation.
///
/// Three parties race: the task (which hands over its continuation), the task's cancellation
/// handler, and the loop (the timer firing, or the timer being dropped when the loop shuts down).
/// Each event returns the continuation to resume, if this event is the one that must resume it, so
/// every sleep is resumed exactly once, and never while a lock is held. Pure: tested without a loop.
struct SleepState<Continuation> {
    enum Stage {
        /// Created; the continuation is not handed over yet.
        case idle
        /// Waiting for the timer with this continuation.
        case waiting(Continuation)
        /// Cancelled (before or during the wait); the continuation was, or will be, resumed with
        /// `CancellationError`.
        case cancelled
        /// Resumed by the timer, or failed because the loop refused or dropped it.
        case finished
    }

    private(set) var stage = Stage.idle

    /// What ``wait(_:)`` tells the task to do.
    enum WaitAction {
        /// Hand the sleep to the loop; the continuation is stored.
        case schedule
        /// The task was cancelled first: resume it with `CancellationError` at once.
        case resumeCancelled(Continuation)
    }

    /// The task hands over its continuation.
    mutating func wait(_ continuation: Continuation) -> WaitAction {
        switch stage {
        case .idle:
            stage = .waiting(continuation)
            return .schedule
        case .cancelled, .waiting, .finished:
            // A second wait cannot happen; treat it as already cancelled rather than losing it.
            return .resumeCancelled(continuation)
        }
    }

    /// The task was cancelled. Returns the continuation to resume with `CancellationError`, if the
    /// sleep was waiting.
    mutating func cancel() -> Continuation? {
        switch stage {
        case .idle:
            stage = .cancelled
            return nil
        case .waiting(let continuation):
            stage = .cancelled
            return continuation
        case .cancelled, .finished:
            return nil
        }
    }

    /// The timer fired, or the loop refused or dropped it: returns the continuation to resume
    /// (normally for a fired timer, with an error otherwise), if the sleep was waiting.
    mutating func finish() -> Continuation? {
        guard case .waiting(let continuation) = stage else { return nil }
        stage = .finished
        return continuation
    }

    /// Whether the sleep still waits for its timer (the loop skips scheduling one otherwise).
    var isWaiting: Bool {
        if case .waiting = stage { return true }
        return false
    }
}
