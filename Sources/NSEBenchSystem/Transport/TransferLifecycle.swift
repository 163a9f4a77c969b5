/// The life of one download as the calling task sees it: who resumes its continuation.
///
/// The task hands over its continuation (``begin(_:)``); its cancellation handler may run before or
/// after that (``cancel()``); the loop finishes the transfer (``finish()``). Each event says what
/// the caller must do, so the continuation is resumed exactly once and never under a lock. Pure:
/// tested without a loop or libcurl.
struct TransferLifecycle<Continuation> {
    enum Stage {
        /// Created; no continuation yet.
        case idle
        /// Cancelled before the continuation was handed over: ``begin(_:)`` resumes at once.
        case cancelledEarly
        /// Handed to the loop, which will finish it.
        case submitted(Continuation)
        /// Resumed.
        case finished
    }

    private(set) var stage = Stage.idle

    enum BeginAction {
        /// Hand the transfer to the loop.
        case submit
        /// The task was cancelled first: resume with a cancelled result without starting anything.
        case resumeCancelled(Continuation)
    }

    mutating func begin(_ continuation: Continuation) -> BeginAction {
        switch stage {
        case .idle:
            stage = .submitted(continuation)
            return .submit
        case .cancelledEarly, .submitted, .finished:
            stage = .finished
            return .resumeCancelled(continuation)
        }
    }

    /// The task was cancelled. Returns whether the loop must be asked to cancel the transfer (it
    /// then finishes it, resuming the task); otherwise nothing is running to cancel.
    mutating func cancel() -> Bool {
        switch stage {
        case .idle:
            stage = .cancelledEarly
            return false
        case .submitted:
            return true
        case .cancelledEarly, .finished:
            return false
        }
    }

    /// The transfer is over: returns the continuation to resume, once.
    mutating func finish() -> Continuation? {
        guard case .submitted(let continuation) = stage else { return nil }
        stage = .finished
        return continuation
    }
}
