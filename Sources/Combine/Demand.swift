extension Subscribers {
    /// How many values a subscriber asks for, as Apple's: a count, or unlimited. Arithmetic saturates:
    /// anything added to `.unlimited` stays unlimited, and nothing goes below `.none`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        // The count; `UInt.max` for unlimited.
        private let rawValue: UInt

        private init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// As many values as the publisher produces.
        public static let unlimited = Demand(rawValue: .max)

        /// No values.
        public static let none = Demand(rawValue: 0)

        /// At most `value` values; `value` must not be negative (Apple's traps too).
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "demand cannot be negative")
            return Demand(rawValue: UInt(value))
        }

        /// The count, or nil when unlimited.
        public var max: Int? {
            self == .unlimited ? nil : Int(rawValue)
        }

        /// "unlimited" or "max(n)".
        public var description: String {
            self == .unlimited ? "unlimited" : "max(\(rawValue))"
        }

        /// Decodes the count as Apple's encodes it: a single unsigned integer.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(UInt.self)
        }

        /// Encodes the count as a single unsigned integer.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        private static func saturating(_ value: Int) -> Demand {
            Demand(rawValue: UInt(Swift.max(0, value)))
        }

        /// The sum; unlimited if either is, or when it overflows.
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited || rhs == .unlimited { return .unlimited }
            let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
            return overflow || sum >= UInt(Int.max) ? .unlimited : Demand(rawValue: sum)
        }

        /// Adds `rhs` to the demand.
        public static func += (lhs: inout Demand, rhs: Demand) {
            lhs = lhs + rhs
        }

        /// Adds a count (negative counts subtract, down to none).
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            if rhs < 0 { return lhs - .max(-rhs) }
            return lhs + .max(rhs)
        }

        /// Adds a count to the demand.
        public static func += (lhs: inout Demand, rhs: Int) {
            lhs = lhs + rhs
        }

        /// The demand times `rhs`; unlimited stays unlimited.
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: rhs)
            return overflow ? .unlimited : saturating(product)
        }

        /// Multiplies the demand by `rhs`.
        public static func *= (lhs: inout Demand, rhs: Int) {
            lhs = lhs * rhs
        }

        /// The difference, not below none; unlimited minus anything finite stays unlimited, and anything
        /// minus unlimited is none (unlimited minus unlimited too).
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if rhs == .unlimited { return .none }
            if lhs == .unlimited { return .unlimited }
            return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
        }

        /// Subtracts `rhs` from the demand.
        public static func -= (lhs: inout Demand, rhs: Demand) {
            lhs = lhs - rhs
        }

        /// Subtracts a count, not below none.
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            if rhs < 0 { return lhs + .max(-rhs) }
            return lhs - .max(rhs)
        }

        /// Subtracts a count from the demand.
        public static func -= (lhs: inout Demand, rhs: Int) {
            lhs = lhs - rhs
        }

        /// Orders demands by count; unlimited is the greatest.
        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// Whether the demand is finite and equals `rhs`.
        public static func == (lhs: Demand, rhs: Int) -> Bool {
            lhs != .unlimited && rhs >= 0 && lhs.rawValue == UInt(rhs)
        }

        /// Whether the demand is not `rhs`.
        public static func != (lhs: Demand, rhs: Int) -> Bool {
            !(lhs == rhs)
        }

        /// Whether `lhs` equals the finite demand `rhs`.
        public static func == (lhs: Int, rhs: Demand) -> Bool {
            rhs == lhs
        }

        /// Whether `lhs` is not `rhs`.
        public static func != (lhs: Int, rhs: Demand) -> Bool {
            !(rhs == lhs)
        }

        /// Whether the demand is less than `rhs` (unlimited never is).
        public static func < (lhs: Demand, rhs: Int) -> Bool {
            lhs != .unlimited && Int(lhs.rawValue) < rhs
        }

        /// Whether the demand is at most `rhs`.
        public static func <= (lhs: Demand, rhs: Int) -> Bool {
            lhs != .unlimited && Int(lhs.rawValue) <= rhs
        }

        /// Whether the demand is greater than `rhs` (unlimited always is).
        public static func > (lhs: Demand, rhs: Int) -> Bool {
            lhs == .unlimited || Int(lhs.rawValue) > rhs
        }

        /// Whether the demand is at least `rhs`.
        public static func >= (lhs: Demand, rhs: Int) -> Bool {
            lhs == .unlimited || Int(lhs.rawValue) >= rhs
        }

        /// Whether `lhs` is less than the demand.
        public static func < (lhs: Int, rhs: Demand) -> Bool {
            rhs > lhs
        }

        /// Whether `lhs` is at most the demand.
        public static func <= (lhs: Int, rhs: Demand) -> Bool {
            rhs >= lhs
        }

        /// Whether `lhs` is greater than the demand.
        public static func > (lhs: Int, rhs: Demand) -> Bool {
            rhs < lhs
        }

        /// Whether `lhs` is at least the demand.
        public static func >= (lhs: Int, rhs: Demand) -> Bool {
            rhs <= lhs
        }
    }
}
