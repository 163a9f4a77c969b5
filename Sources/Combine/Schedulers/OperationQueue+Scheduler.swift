public import Foundation
import SimulatedDevice

extension OperationQueue: Scheduler {
    /// An operation queue's clock: a `Date`, as a run loop's (Apple's has its own type of the same shape).
    public typealias SchedulerTimeType = RunLoop.SchedulerTimeType

    /// Options for scheduling on an operation queue (none, as Apple's).
    public typealias SchedulerOptions = RunLoop.SchedulerOptions

    /// The queue's clock: now.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// No tolerance.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Adds `action` to the queue as an operation.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = Unchecked(PhoneDispatch.carrying(action))
        addOperation { work.value() }
    }

    /// Adds `action` to the queue at or after `date`.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = Unchecked((self, PhoneDispatch.carrying(action)))
        let delay = max(0, date.date.timeIntervalSinceNow)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            work.value.0.schedule(options: nil, work.value.1)
        }
    }

    /// Adds `action` to the queue from `date` every `interval`, until cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let work = Unchecked((self, PhoneDispatch.carrying(action)))
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { work.value.0.schedule(options: nil, work.value.1) }
        timer.schedule(
            deadline: .now() + max(0, date.date.timeIntervalSinceNow), repeating: max(interval.timeInterval, 0.000_001))
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
