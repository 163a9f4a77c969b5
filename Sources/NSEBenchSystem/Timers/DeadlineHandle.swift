import Dispatch
import NSEBenchCore
import Synchronization

/// A pending deadline from ``TimerService/deadline(at:_:)``: its action runs on the loop thread when
/// the deadline passes, unless ``cancel()`` wins first (or, from
/// ``TimerService/deadline(at:offLoop:_:)``, on Dispatch's global queue).
///
/// ``cancel()`` may be called from any thread; it releases the action at once, on its caller's thread,
/// and removes the timer from the loop's wheel in the loop's next iteration, so a cancelled deadline
/// costs nothing after that. Exactly one of "the action ran" and "cancel returned true" happens.
///
/// The action is released where it is cancelled because a deadline is usually set and cancelled on
/// the same thread (an invocation's loop): memory allocated on one thread and freed on another is
/// what makes jemalloc's thread caches refill from the arena (docs/performance.md), and a run's two
/// timers per invocation released on the timer loop were four of those crossings per invocation.
public final class DeadlineHandle: @unchecked Sendable {
    // @unchecked Sendable: `status` is an Atomic and decides the race between firing and cancelling;
    // `action` is a Mutex, taken by whichever of firing and cancelling wins `status`; `timer` is
    // written on the loop thread only (the handle reaches the loop through the service's inbox
    // Mutex); `service`, `deadline` and `offLoop` are lets.

    /// Where a deadline stands.
    public enum Status: UInt8, Sendable {
        /// Neither fired nor cancelled.
        case pending
        /// The action ran (or is running).
        case fired
        /// Cancelled, or refused because the loop was already shut down: the action never runs.
        case cancelled
    }

    /// The deadline, in ``MonotonicClock`` nanoseconds.
    public let deadline: UInt64
    private let service: TimerService
    private let rawStatus = Atomic<UInt8>(Status.pending.rawValue)
    /// Loop thread only, after init.
    var timer: TimerID?
    /// Released by whichever of firing and cancelling wins `status`, or by a loop that refused it.
    private let action: Mutex<Action?>
    /// When set, the action runs on Dispatch's global queue, after this is told its lateness.
    private let offLoop: (@Sendable (UInt64) -> Void)?

    /// The action in a struct: a bare closure in the generic `Mutex` was stored through a
    /// reabstraction thunk, one more allocation per deadline.
    private struct Action {
        let run: @Sendable () -> Void
    }

    init(
        deadline: UInt64, service: TimerService, offLoop: (@Sendable (UInt64) -> Void)? = nil,
        action: @escaping @Sendable () -> Void
    ) {
        self.deadline = deadline
        self.service = service
        self.offLoop = offLoop
        self.action = Mutex(Action(run: action))
    }

    /// Where the deadline stands now.
    public var status: Status { Status(rawValue: rawStatus.load(ordering: .acquiring)) ?? .cancelled }

    /// Stops the action from running and frees the timer. Callable from any thread; the action is
    /// released here, so a caller must not hold a lock that what the action captures takes as it ends.
    ///
    /// - Returns: true if this call stopped the action; false if it had already run (or started
    ///   running) or the deadline was already cancelled.
    @discardableResult
    public func cancel() -> Bool {
        guard claim(.cancelled) else { return false }
        _ = takeAction()
        service.submit(.cancelDeadline(self))
        return true
    }

    /// Takes the action out, for the party that won `status` (or a loop that never scheduled it) to run
    /// or release.
    func takeAction() -> (@Sendable () -> Void)? {
        action.withLock { $0.take() }?.run
    }

    /// Moves the status from pending to `status`; false if another party got there first.
    func claim(_ status: Status) -> Bool {
        rawStatus.compareExchange(
            expected: Status.pending.rawValue, desired: status.rawValue, ordering: .acquiringAndReleasing
        ).exchanged
    }

    /// The timer fired: runs the action unless cancelled first (here, or handed off the loop). Loop
    /// thread only.
    func fire() {
        timer = nil
        // Lost to a cancel: that cancel releases the action.
        guard claim(.fired), let action = takeAction() else { return }
        guard let offLoop else { return action() }
        let deadline = deadline
        DispatchQueue.global().async {
            let now = MonotonicClock.now()
            offLoop(now >= deadline ? now - deadline : 0)
            action()
        }
    }
}
