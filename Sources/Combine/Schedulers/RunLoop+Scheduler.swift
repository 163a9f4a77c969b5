public import Foundation
import SimulatedDevice

extension RunLoop: Scheduler {
    /// A run loop's clock, as Apple's: a `Date`.
    public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable {
        /// The time.
        public var date: Date

        /// The time `date`.
        public init(_ date: Date) {
            self.date = date
        }

        /// The stride from this time to `other`.
        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        /// This time moved by `n`.
        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
        }

        /// An interval in seconds, as Apple's: integer and float literals are seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            /// The interval in seconds.
            public var magnitude: TimeInterval

            /// The interval in seconds.
            public var timeInterval: TimeInterval { magnitude }

            /// An interval of `timeInterval` seconds.
            public init(_ timeInterval: TimeInterval) {
                magnitude = timeInterval
            }

            /// `value` seconds.
            public init(floatLiteral value: Double) {
                magnitude = value
            }

            /// `value` seconds.
            public init(integerLiteral value: Int) {
                magnitude = TimeInterval(value)
            }

            /// `source` seconds, if exact.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = TimeInterval(exactly: source) else { return nil }
                magnitude = seconds
            }

            /// `s` seconds.
            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            /// `s` seconds.
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            /// `ms` milliseconds.
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
            /// `us` microseconds.
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
            /// `ns` nanoseconds.
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }

            /// Orders intervals by length.
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            /// The sum.
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            /// The difference.
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            /// The product.
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            /// Adds `rhs`.
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            /// Subtracts `rhs`.
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            /// Multiplies by `rhs`.
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Options for scheduling on a run loop (none, as Apple's).
    public struct SchedulerOptions: Sendable {}

    /// The run loop's clock: now.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// No tolerance.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Runs `action` on the run loop's next pass, in its default mode (waking it if it waits). It runs only
    /// when the run loop runs;
    /// `RunLoop.main`'s work runs on the main queue (``MainRunLoop``), as an iOS process runs its main run loop.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if MainRunLoop.isMain(self) { return MainRunLoop.async(action) }
        let work = Unchecked(PhoneDispatch.carrying(action))
        // A timer due now, not `perform`: on Linux, `perform` does not wake a run loop that is waiting, while
        // adding a timer does.
        let timer = Timer(fire: Date(), interval: 0, repeats: false) { _ in work.value() }
        add(timer, forMode: .default)
    }

    /// Runs `action` on the run loop at or after `date` (a timer in the default mode; `RunLoop.main`'s on the
    /// main queue).
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        if MainRunLoop.isMain(self) { return MainRunLoop.after(date.date, action) }
        let work = Unchecked(PhoneDispatch.carrying(action))
        let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.value() }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
    }

    /// Runs `action` on the run loop from `date` every `interval`, until cancelled (`RunLoop.main`'s on the
    /// main queue).
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        if MainRunLoop.isMain(self) {
            return MainRunLoop.repeating(
                from: date.date, every: interval.timeInterval, tolerance: tolerance.timeInterval, action)
        }
        let work = Unchecked(PhoneDispatch.carrying(action))
        let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in work.value() }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
        let handle = Unchecked(timer)
        return AnyCancellable { handle.value.invalidate() }
    }
}
