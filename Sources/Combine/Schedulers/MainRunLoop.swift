import Dispatch
import Foundation
import SimulatedDevice

/// Work scheduled on `RunLoop.main` (`receive(on: RunLoop.main)`, `debounce(for:scheduler: RunLoop.main)`,
/// `Timer.publish(every:on: .main, in:)`), run on the main dispatch queue.
///
/// On iOS an extension's process runs its main run loop, so work and timers added to it fire. On Linux a
/// Swift program's main thread is parked in `dispatchMain()` and nothing runs `RunLoop.main` (inside `run`
/// with `--extension-processes 0`, in a test runner): work added to the run loop itself would wait forever
/// and an extension waiting on it would expire where a phone's delivers. The main queue runs either way,
/// and the main run loop drains it whenever one runs (an extension worker's main thread runs it), so the
/// work runs in order, on the main thread where iOS would run it.
enum MainRunLoop {
    /// Whether `runLoop` is the main thread's.
    static func isMain(_ runLoop: RunLoop) -> Bool { runLoop === RunLoop.main }

    /// Runs `action` on the main queue, after what is queued there.
    static func async(_ action: @escaping () -> Void) {
        let work = Unchecked(PhoneDispatch.carrying(action))
        DispatchQueue.main.async { work.value() }
    }

    /// Runs `action` on the main queue at `date` (at once for a date past).
    static func after(_ date: Date, _ action: @escaping () -> Void) {
        let work = Unchecked(PhoneDispatch.carrying(action))
        DispatchQueue.main.asyncAfter(deadline: deadline(date)) { work.value() }
    }

    /// Runs `action` on the main queue at `date`, then every `interval` seconds (at least a millisecond apart)
    /// until the returned cancellable is cancelled, with `tolerance` seconds of leeway.
    static func repeating(
        from date: Date, every interval: TimeInterval, tolerance: TimeInterval, _ action: @escaping () -> Void
    ) -> AnyCancellable {
        let work = Unchecked(PhoneDispatch.carrying(action))
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(
            deadline: deadline(date), repeating: max(interval, 0.001),
            leeway: .nanoseconds(Int(min(max(tolerance, 0), 3600) * 1e9)))
        source.setEventHandler { work.value() }
        source.resume()
        return AnyCancellable { source.cancel() }
    }

    private static func deadline(_ date: Date) -> DispatchTime {
        .now() + .nanoseconds(Int(min(max(date.timeIntervalSinceNow, 0), 86_400 * 365) * 1e9))
    }
}
