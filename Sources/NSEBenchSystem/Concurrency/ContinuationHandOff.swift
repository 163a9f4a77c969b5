/// Who resumes a task's continuation when a loop works for it: the life of one sleep or one download,
/// as a value.
///
/// Three parties race: the task, which hands over its continuation (``handOver(_:)``); its
/// cancellation handler, which may run before or after that (``cancel()``); and the loop, which ends
/// the work (``finish()``: a timer fired, a transfer completed, or the loop refused or dropped it).
/// Each event returns what its caller must do, so the continuation is resumed exactly once and never
/// while a lock is held. Pure: tested without a loop.
///
/// A cancel while the loop holds the continuation only reports it (``cancel()`` returns true): a
/// sleep then takes the continuation back at once (``finish()``) and resumes it with
/// `CancellationError`; a download asks the loop to cancel the transfer, which then finishes it.
struct ContinuationHandOff<Continuation> {
    enum Stage {
        /// Created; the continuation is not handed over yet.
        case idle
        /// Cancelled before the continuation was handed over: ``handOver(_:)`` resumes at once.
        case cancelledEarly
        /// With the loop, which will finish it.
        case waiting(Continuation)
        /// Resumed, or about to be by whoever took the continuation.
        case finished
    }

    private(set) var stage = Stage.idle

    /// What ``handOver(_:)`` tells the task to do.
    enum HandOverAction {
        /// Give the work to the loop; the continuation is stored.
        case proceed
        /// The task was cancelled first: resume it as cancelled without starting anything.
        case resumeCancelled(Continuation)
    }

    /// The task hands over its continuation.
    mutating func handOver(_ continuation: Continuation) -> HandOverAction {
        switch stage {
        case .idle:
            stage = .waiting(continuation)
            return .proceed
        case .cancelledEarly:
            stage = .finished
            return .resumeCancelled(continuation)
        case .waiting, .finished:
            // A second hand-over cannot happen; resume it as cancelled rather than lose either.
            return .resumeCancelled(continuation)
        }
    }

    /// The task was cancelled. Returns whether the loop holds the continuation (the caller then
    /// takes it back with ``finish()`` or has the loop finish the work); before the hand-over, it
    /// marks the cancel for ``handOver(_:)``.
    mutating func cancel() -> Bool {
        switch stage {
        case .idle:
            stage = .cancelledEarly
            return false
        case .waiting:
            return true
        case .cancelledEarly, .finished:
            return false
        }
    }

    /// The work is over: returns the continuation to resume, once.
    mutating func finish() -> Continuation? {
        guard case .waiting(let continuation) = stage else { return nil }
        stage = .finished
        return continuation
    }

    /// Whether the loop still holds the continuation (a sleep's timer is worth scheduling).
    var isWaiting: Bool {
        if case .waiting = stage { return true }
        return false
    }
}
