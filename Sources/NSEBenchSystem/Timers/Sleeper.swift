import NSEBenchCore
import Synchronization

/// One pending ``TimerService/sleep(until:)``: its deadline, its ``ContinuationHandOff`` and, on the loop
/// thread, its timer.
final class Sleeper: @unchecked Sendable {
    // @unchecked Sendable: `state` is a Mutex; `timer` is touched only on the loop thread (set when
    // the loop schedules the timer, read when it cancels it); `deadline` and `loopName` are lets.
    typealias Continuation = UnsafeContinuation<Void, any Error>

    let deadline: UInt64
    let loopName: String
    private let state = Mutex(ContinuationHandOff<Continuation>())
    /// The wheel entry, once the loop has scheduled it. Loop thread only.
    var timer: TimerID?

    init(deadline: UInt64, loopName: String) {
        self.deadline = deadline
        self.loopName = loopName
    }

    /// Hands over the task's continuation; returns whether the loop must schedule the timer (false:
    /// the task was cancelled first and has been resumed with `CancellationError`).
    func wait(_ continuation: Continuation) -> Bool {
        switch state.withLock({ $0.handOver(continuation) }) {
        case .proceed:
            return true
        case .resumeCancelled(let continuation):
            continuation.resume(throwing: CancellationError())
            return false
        }
    }

    /// The task was cancelled: resumes it with `CancellationError` if it was waiting. Returns whether
    /// the loop may hold a timer to remove.
    func cancel() -> Bool {
        // A sleep takes its continuation back from the loop at once; the timer, when it fires, finds none.
        guard let continuation = state.withLock({ $0.cancel() ? $0.finish() : nil }) else { return false }
        continuation.resume(throwing: CancellationError())
        return true
    }

    /// The timer fired: resumes the task.
    func fire() {
        state.withLock { $0.finish() }?.resume()
    }

    /// The loop refused the sleep, or dropped its timer unfired (shutdown): fails the task.
    func fail(_ error: EventLoopError) {
        state.withLock { $0.finish() }?.resume(throwing: error)
    }

    /// Whether the task still waits (so a timer is worth scheduling).
    var isWaiting: Bool { state.withLock { $0.isWaiting } }
}

/// What the wheel holds for a sleep. Fires the sleep, and if it is released unfired, which only the
/// loop's shutdown does (cancelling wins the state machine first), fails it: no task waits forever.
final class SleepTimer {
    private let sleeper: Sleeper

    init(_ sleeper: Sleeper) { self.sleeper = sleeper }

    func fire() { sleeper.fire() }

    deinit { sleeper.fail(.shutDown(loop: sleeper.loopName)) }
}
