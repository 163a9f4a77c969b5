public import Dispatch
import SimulatedDevice

extension DispatchQueue: Scheduler {
    /// A dispatch queue's clock, as Apple's: a `DispatchTime`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        /// The time.
        public var dispatchTime: DispatchTime

        /// The time `time`.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// The stride from this time to `other`.
        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(
                magnitude: Int(bitPattern: UInt(other.dispatchTime.uptimeNanoseconds))
                    &- Int(bitPattern: UInt(dispatchTime.uptimeNanoseconds)))
        }

        /// This time moved by `n`.
        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(dispatchTime + .nanoseconds(n.magnitude))
        }

        /// Hashes the time.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        /// Whether the times are the same.
        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime == rhs.dispatchTime
        }

        /// A dispatch interval in nanoseconds, as Apple's: integer and float literals are seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            /// The interval in nanoseconds.
            public var magnitude: Int

            /// The interval as a `DispatchTimeInterval`.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            /// An interval of `magnitude` nanoseconds.
            public init(magnitude: Int) {
                self.magnitude = magnitude
            }

            /// The interval `timeInterval`.
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = s &* 1_000_000_000
                case .milliseconds(let ms): magnitude = ms &* 1_000_000
                case .microseconds(let us): magnitude = us &* 1000
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// `value` seconds.
            public init(floatLiteral value: Double) {
                magnitude = Int(value * 1_000_000_000)
            }

            /// `value` seconds.
            public init(integerLiteral value: Int) {
                magnitude = value &* 1_000_000_000
            }

            /// `source` seconds, if exact.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = Int(exactly: source) else { return nil }
                self.init(integerLiteral: seconds)
            }

            /// `s` seconds.
            public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
            /// `s` seconds.
            public static func seconds(_ s: Double) -> Stride { Stride(floatLiteral: s) }
            /// `ms` milliseconds.
            public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
            /// `us` microseconds.
            public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
            /// `ns` nanoseconds.
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }

            /// Orders intervals by length.
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            /// The sum.
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                Stride(magnitude: lhs.magnitude + rhs.magnitude)
            }
            /// The difference.
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                Stride(magnitude: lhs.magnitude - rhs.magnitude)
            }
            /// The product of nanosecond counts, as Apple's.
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                Stride(magnitude: lhs.magnitude * rhs.magnitude)
            }
            /// Adds `rhs`.
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            /// Subtracts `rhs`.
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            /// Multiplies by `rhs`.
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Options for scheduling on a queue, as Apple's.
    public struct SchedulerOptions {
        /// The work item's quality of service.
        public var qos: DispatchQoS
        /// The work item's flags.
        public var flags: DispatchWorkItemFlags
        /// The group the work joins.
        public var group: DispatchGroup?

        /// Options with the given values.
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    /// The queue's clock: now.
    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    /// No tolerance.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(magnitude: 0) }

    /// Runs `action` asynchronously on the queue.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = Unchecked(PhoneDispatch.carrying(action))
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            work.value()
        }
    }

    /// Runs `action` on the queue at or after `date`.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = Unchecked(PhoneDispatch.carrying(action))
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            work.value()
        }
    }

    /// Runs `action` on the queue from `date` every `interval`, until cancelled (a dispatch timer).
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let timer = DispatchSource.makeTimerSource(queue: self)
        let work = Unchecked(PhoneDispatch.carrying(action))
        timer.setEventHandler { work.value() }
        timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
