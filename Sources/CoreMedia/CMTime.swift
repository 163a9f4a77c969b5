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

    /// `seconds`, rounded to `preferredTimescale`.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard seconds.isFinite else {
            self = seconds.isNaN ? .invalid : (seconds > 0 ? .positiveInfinity : .negativeInfinity)
            return
        }
        self.init(value: CMTimeValue((seconds * Double(preferredTimescale)).rounded()), timescale: preferredTimescale)
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

    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { lhs.ordering < rhs.ordering }

    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { lhs.ordering == rhs.ordering }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordering.0)
        hasher.combine(ordering.1)
    }

    /// The key times compare by: invalid first, then negative infinity, numbers, positive infinity.
    private var ordering: (Int, Double) {
        guard isValid else { return (0, 0) }
        if isNegativeInfinity { return (1, 0) }
        if isPositiveInfinity || isIndefinite { return (3, isIndefinite ? 1 : 0) }
        return (2, seconds)
    }

    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime {
        guard lhs.isNumeric, rhs.isNumeric else { return .invalid }
        let scale = max(lhs.timescale, rhs.timescale)
        return CMTime(seconds: lhs.seconds + rhs.seconds, preferredTimescale: scale)
    }

    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime {
        guard lhs.isNumeric, rhs.isNumeric else { return .invalid }
        let scale = max(lhs.timescale, rhs.timescale)
        return CMTime(seconds: lhs.seconds - rhs.seconds, preferredTimescale: scale)
    }
}

/// `value / timescale` seconds.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// `seconds` at `preferredTimescale`.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// -1, 0 or 1 as `time1` is before, at or after `time2`.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
    time1 < time2 ? -1 : (time1 == time2 ? 0 : 1)
}
