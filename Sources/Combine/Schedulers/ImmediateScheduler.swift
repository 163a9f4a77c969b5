/// A scheduler that runs actions at once on the calling thread, as Apple's.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The immediate scheduler's clock: a count, which never advances.
    public struct SchedulerTimeType: Strideable, Sendable {
        /// A count of ticks.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            /// The tick count.
            public var magnitude: Int

            /// `value` ticks.
            public init(_ value: Int) {
                magnitude = value
            }

            /// `value` ticks.
            public init(integerLiteral value: Int) {
                magnitude = value
            }

            /// `value` ticks, truncated.
            public init(floatLiteral value: Double) {
                magnitude = Int(value)
            }

            /// `source` ticks, if exact.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            /// `s` ticks.
            public static func seconds(_ s: Int) -> Stride { Stride(s) }
            /// `s` ticks, truncated.
            public static func seconds(_ s: Double) -> Stride { Stride(Int(s)) }
            /// `ms` ticks.
            public static func milliseconds(_ ms: Int) -> Stride { Stride(ms) }
            /// `us` ticks.
            public static func microseconds(_ us: Int) -> Stride { Stride(us) }
            /// `ns` ticks.
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(ns) }

            /// Orders by count.
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

        /// The stride between two times: always zero.
        public func distance(to other: SchedulerTimeType) -> Stride { 0 }

        /// The same time: the clock does not advance.
        public func advanced(by n: Stride) -> SchedulerTimeType { self }
    }

    /// No options.
    public typealias SchedulerOptions = Never

    /// The shared immediate scheduler.
    public static let shared = ImmediateScheduler()

    /// The clock's only time.
    public var now: SchedulerTimeType { SchedulerTimeType() }

    /// No tolerance.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Runs `action` now.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    /// Runs `action` now, whatever `date`.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    /// Runs `action` once, now, as Apple's does.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        action()
        return AnyCancellable {}
    }
}
