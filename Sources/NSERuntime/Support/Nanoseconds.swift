/// Conversions between the runtime's nanosecond counts (`UInt64`, monotonic) and the `Duration`s of
/// ``InvocationLifecycle``, whose origin is the monotonic clock's zero.
enum Nanoseconds {
    /// Nanoseconds in a second.
    static let perSecond: UInt64 = 1_000_000_000
    /// Nanoseconds in a millisecond.
    static let perMillisecond: UInt64 = 1_000_000

    /// `nanoseconds` as a `Duration`; values past `Int64.max` (292 years) saturate.
    static func duration(_ nanoseconds: UInt64) -> Duration {
        .nanoseconds(Int64(clamping: nanoseconds))
    }

    /// A `Duration` as nanoseconds, rounded down; negative durations become 0.
    static func count(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: perSecond)
        guard !overflow else { return .max }
        return whole &+ UInt64(attoseconds / 1_000_000_000)
    }

    /// `end - start` as a signed count: negative when `end` comes first.
    static func signedDifference(_ end: UInt64, _ start: UInt64) -> Int64 {
        end >= start ? Int64(clamping: end - start) : -Int64(clamping: start - end)
    }
}
