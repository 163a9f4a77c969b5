// Core Media's time, as AVFoundation's calls take it: `CMTime(seconds: 1, preferredTimescale: 600)`,
// `CMTimeMake(value: 1, timescale: 60)`, `CMTimeGetSeconds(asset.duration)`.
@_exported public import Foundation

/// A time's value count.
public typealias CMTimeValue = Int64
/// Parts of a second a time counts in.
public typealias CMTimeScale = Int32
/// A time's epoch.
public typealias CMTimeEpoch = Int64

/// A rational time, as Core Media's: `value / timescale` seconds.
public struct CMTime: Sendable, Hashable, Comparable {
    /// What a time is: valid, and whether it is an infinity or indefinite.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let valid = Flags(rawValue: 1)
        public static let hasBeenRounded = Flags(rawValue: 2)
        public static let positiveInfinity = Flags(rawValue: 4)
        public static let negativeInfinity = Flags(rawValue: 8)
        public static let indefinite = Flags(rawValue: 16)
    }

    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: Flags
    public var epoch: CMTimeEpoch

    /// A time of all its fields.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: Flags, epoch: CMTimeEpoch) {
        (self.value, self.timescale, self.flags, self.epoch) = (value, timescale, flags, epoch)
    }

    /// `value / timescale` seconds; invalid for a timescale not above zero.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// `seconds`, rounded to `preferredTimescale`; an infinity when that is beyond a 64-bit count.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard seconds.isFinite else {
            self = seconds.isNaN ? .invalid : (seconds > 0 ? .positiveInfinity : .negativeInfinity)
            return
        }
        let count = (seconds * Double(preferredTimescale)).rounded()
        guard count.magnitude < 9.2e18 else {
            self = count > 0 ? .positiveInfinity : .negativeInfinity
            return
        }
        self.init(value: CMTimeValue(count), timescale: preferredTimescale)
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [], epoch: 0)
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)

    /// Whether the time is valid.
    public var isValid: Bool { flags.contains(.valid) }
    /// Whether it is a number: valid, and no infinity or indefinite.
    public var isNumeric: Bool {
        isValid && flags.isDisjoint(with: [.positiveInfinity, .negativeInfinity, .indefinite])
    }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }

    /// The time in seconds: NaN when it is invalid or indefinite, an infinity for one.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// The time in `timescale` units, rounded to the nearest (half away from zero).
    public func convertScale(_ timescale: CMTimeScale, method: CMTimeRoundingMethod = .default) -> CMTime {
        guard isNumeric, timescale > 0 else { return self }
        let scaled = Int128(value) * Int128(timescale)
        let divisor = Int128(self.timescale)
        var quotient = scaled / divisor
        let remainder = scaled % divisor
        if remainder.magnitude * 2 >= divisor.magnitude { quotient += scaled < 0 ? -1 : 1 }
        guard let count = CMTimeValue(exactly: quotient) else {
            return scaled < 0 ? .negativeInfinity : .positiveInfinity
        }
        var converted = CMTime(value: count, timescale: timescale)
        converted.epoch = epoch
        if remainder != 0 { converted.flags.insert(.hasBeenRounded) }
        return converted
    }

    // Apple's order (CMTimeCompare): negative infinity < numbers (by epoch, then value) < indefinite <
    // positive infinity < invalid; equal times compare equal whatever their timescales.
    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) < 0 }

    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) == 0 }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rank)
        guard rank == 1 else { return }
        // Equal fractions hash alike: the fraction in lowest terms.
        var (numerator, denominator) = (Int128(value), Int128(timescale))
        var (a, b) = (numerator.magnitude, denominator.magnitude)
        while b != 0 { (a, b) = (b, a % b) }
        if a > 1 { (numerator, denominator) = (numerator / Int128(a), denominator / Int128(a)) }
        hasher.combine(epoch)
        hasher.combine(numerator)
        hasher.combine(denominator)
    }

    /// 0 negative infinity, 1 a number, 2 indefinite, 3 positive infinity, 4 invalid.
    private var rank: Int {
        guard isValid else { return 4 }
        if isNegativeInfinity { return 0 }
        if isPositiveInfinity { return 3 }
        if isIndefinite { return 2 }
        return 1
    }

    /// -1, 0 or 1, in Apple's order, numbers compared exactly.
    static func compare(_ lhs: CMTime, _ rhs: CMTime) -> Int {
        guard lhs.rank == rhs.rank else { return lhs.rank < rhs.rank ? -1 : 1 }
        guard lhs.rank == 1 else { return 0 }
        if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch ? -1 : 1 }
        let left = Int128(lhs.value) * Int128(rhs.timescale)
        let right = Int128(rhs.value) * Int128(lhs.timescale)
        return left == right ? 0 : (left < right ? -1 : 1)
    }

    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { combine(lhs, rhs, sign: 1) }

    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime { combine(lhs, rhs, sign: -1) }

    public static prefix func - (time: CMTime) -> CMTime { .zero - time }

    public static func += (lhs: inout CMTime, rhs: CMTime) { lhs = lhs + rhs }

    public static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = lhs - rhs }

    public static func * (time: CMTime, multiplier: Int32) -> CMTime {
        guard time.isNumeric else { return time }
        let product = Int128(time.value) * Int128(multiplier)
        guard let value = CMTimeValue(exactly: product) else {
            return product < 0 ? .negativeInfinity : .positiveInfinity
        }
        return CMTime(value: value, timescale: time.timescale)
    }

    public static func * (multiplier: Int32, time: CMTime) -> CMTime { time * multiplier }

    /// A sum or difference over a common timescale (the least common multiple, or the larger one rounded
    /// to when that does not fit); infinities as Core Media adds them.
    private static func combine(_ lhs: CMTime, _ rhs: CMTime, sign: Int) -> CMTime {
        guard lhs.isValid, rhs.isValid else { return .invalid }
        let right = sign < 0 ? rhs.negated : rhs
        if lhs.isIndefinite || right.isIndefinite { return .indefinite }
        switch (lhs.isPositiveInfinity || right.isPositiveInfinity, lhs.isNegativeInfinity || right.isNegativeInfinity)
        {
        case (true, true): return .invalid
        case (true, false): return .positiveInfinity
        case (false, true): return .negativeInfinity
        case (false, false): break
        }
        var (a, b) = (Int(lhs.timescale), Int(right.timescale))
        while b != 0 { (a, b) = (b, a % b) }
        let common = Int(lhs.timescale) / a * Int(right.timescale)
        let scale = common <= Int(Int32.max) ? CMTimeScale(common) : max(lhs.timescale, right.timescale)
        let (x, y) = (lhs.convertScale(scale), right.convertScale(scale))
        guard x.isNumeric, y.isNumeric else { return x.isNumeric ? y : x }
        let (sum, overflow) = x.value.addingReportingOverflow(y.value)
        guard !overflow else { return x.value > 0 ? .positiveInfinity : .negativeInfinity }
        return CMTime(value: sum, timescale: scale)
    }

    /// The time negated; infinities swap.
    private var negated: CMTime {
        if isPositiveInfinity { return .negativeInfinity }
        if isNegativeInfinity { return .positiveInfinity }
        guard isNumeric else { return self }
        return CMTime(value: value == .min ? .max : -value, timescale: timescale)
    }
}

/// How a time is rounded to another timescale: to the nearest, half away from zero, here whichever is asked.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    case roundHalfAwayFromZero = 1
    case roundTowardZero, roundAwayFromZero, quickTime, roundTowardPositiveInfinity,
        roundTowardNegativeInfinity
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// A time range: a start and a duration, as Core Media's.
public struct CMTimeRange: Sendable, Hashable {
    public var start: CMTime
    public var duration: CMTime
    public init(start: CMTime, duration: CMTime) { (self.start, self.duration) = (start, duration) }
    public init(start: CMTime, end: CMTime) { self.init(start: start, duration: end - start) }
    /// The first time after the range.
    public var end: CMTime { start + duration }
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)
    /// Whether `time` is in the range (its start included, its end not).
    public func containsTime(_ time: CMTime) -> Bool { time >= start && time < end }
}

/// A range of `start` and `duration`.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
}

/// `lhs + rhs`.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }

/// `lhs - rhs`.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }

/// `time × multiplier`.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime { time * multiplier }

/// `time` in `newTimescale` units.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}

/// `value / timescale` seconds.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// `seconds` at `preferredTimescale`.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// -1, 0 or 1 as `time1` is before, at or after `time2`, in Apple's order (``CMTime``'s `<`).
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { Int32(CMTime.compare(time1, time2)) }
