import NSEBenchCore
import Synchronization

/// A pending deadline from ``TimerService/deadline(at:_:)``: its action runs on the loop thread when
/// the deadline passes, unless ``cancel()`` wins first.
///
/// ``cancel()`` may be called from any thread; it removes the timer from the loop's wheel and
/// releases the action in the loop's next iteration, so a cancelled deadline costs nothing after
/// that. Exactly one of "the action ran" and "cancel returned true" happens.
public final class DeadlineHandle: @unchecked Sendable {
    // @unchecked Sendable: `status` is an Atomic and decides the race between firing and cancelling;
    // `timer` and `action` are written at init (published to the loop through the service's inbox
    // Mutex) and afterwards touched only on the loop thread; `service` and `deadline` are lets.

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
    /// Loop thread only, after init; released once the deadline fires or is cancelled.
    var action: (@Sendable () -> Void)?

    init(deadline: UInt64, service: TimerService, action: @escaping @Sendable () -> Void) {
        self.deadline = deadline
        self.service = service
        self.action = action
    }

    /// Where the deadline stands now.
    public var status: Status { Status(rawValue: rawStatus.load(ordering: .acquiring)) ?? .cancelled }

    /// Stops the action from running and frees the timer. Callable from any thread.
    ///
    /// - Returns: true if this call stopped the action; false if it had already run (or started
    ///   running) or the deadline was already cancelled.
    @discardableResult
    public func cancel() -> Bool {
        guard claim(.cancelled) else { return false }
        service.submit(.cancelDeadline(self))
        return true
    }

    /// Moves the status from pending to `status`; false if another party got there first.
    func claim(_ status: Status) -> Bool {
        rawStatus.compareExchange(
            expected: Status.pending.rawValue, desired: status.rawValue, ordering: .acquiringAndReleasing
        ).exchanged
    }

    /// The timer fired: runs the action unless cancelled first. Loop thread only.
    func fire() {
        timer = nil
        let action = self.action.take()
        if claim(.fired) { action?() }
    }
}
