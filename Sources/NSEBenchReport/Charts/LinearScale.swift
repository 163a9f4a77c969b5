/// Maps a data range onto a pixel range, linearly (an SVG y range runs downwards: pass it reversed).
public struct LinearScale: Sendable, Equatable {
    public let domain: (lower: Double, upper: Double)
    public let range: (lower: Double, upper: Double)

    public init(domain: (lower: Double, upper: Double), range: (lower: Double, upper: Double)) {
        self.domain = domain
        self.range = range
    }

    /// The pixel position of `value`; the middle of the range for an empty domain.
    public func callAsFunction(_ value: Double) -> Double {
        let width = domain.upper - domain.lower
        guard width != 0, width.isFinite else { return (range.lower + range.upper) / 2 }
        return range.lower + (value - domain.lower) / width * (range.upper - range.lower)
    }

    public static func == (left: LinearScale, right: LinearScale) -> Bool {
        left.domain == right.domain && left.range == right.range
    }
}
