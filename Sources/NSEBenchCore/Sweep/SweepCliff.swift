/// One measured point of a sweep: the setting's value and the share of invocations that arrived
/// enriched there.
public struct SweepPoint: Sendable, Equatable {
    public var value: Double
    public var enrichedRate: Double
    /// Whether the run's self-check passed; a cliff drawn from an invalid point says so.
    public var valid: Bool

    public init(value: Double, enrichedRate: Double, valid: Bool = true) {
        self.value = value
        self.enrichedRate = enrichedRate
        self.valid = valid
    }
}

/// Where an extension falls off: for a level such as 95% enriched, the furthest value (largest
/// first byte, smallest bandwidth: the worse way, see ``SweepSetting/worseWhenLarger``) at which it
/// still arrives at least that enriched, walking from the range's good end.
///
/// The walk stops at the first point below the level, so a curve that dips and recovers has its
/// cliff at the dip. Between the last point at or above the level and that first point below it, the
/// cliff is refined by ``bisect(_:level:setting:)`` runs, then placed by linear interpolation.
public struct SweepCliff: Sendable, Equatable {
    public enum Finding: Sendable, Equatable {
        /// The level is held up to `value` and lost before `lost`.
        case at(value: Double, held: Double, lost: Double)
        /// Even the best end of the range is below the level.
        case belowAcrossTheRange(best: Double)
        /// The whole range holds the level: the cliff lies beyond `worst`.
        case beyondTheRange(worst: Double)
    }

    public var level: Double
    public var finding: Finding
    /// Whether every point the finding rests on came from a valid run.
    public var fromValidRuns: Bool

    public init(level: Double, finding: Finding, fromValidRuns: Bool) {
        self.level = level
        self.finding = finding
        self.fromValidRuns = fromValidRuns
    }

    /// The cliff value for cliffs.csv: the interpolated value, the range's end when it is never
    /// lost, nil when never held.
    public var value: Double? {
        switch finding {
        case .at(let value, _, _): value
        case .belowAcrossTheRange: nil
        case .beyondTheRange(let worst): worst
        }
    }

    /// The cliff at `level` among `points` (in any order; at least one).
    public static func find(_ points: [SweepPoint], level: Double, setting: SweepSetting) -> SweepCliff {
        let walk = ordered(points, setting: setting)
        guard let first = walk.first else {
            return SweepCliff(level: level, finding: .belowAcrossTheRange(best: 0), fromValidRuns: false)
        }
        guard first.enrichedRate >= level else {
            return SweepCliff(
                level: level, finding: .belowAcrossTheRange(best: first.value), fromValidRuns: first.valid)
        }
        for (held, lost) in zip(walk, walk.dropFirst()) where lost.enrichedRate < level {
            let prefixValid = walk.prefix { $0.value != lost.value }.allSatisfy(\.valid) && lost.valid
            let span = held.enrichedRate - lost.enrichedRate
            let fraction = span > 0 ? (held.enrichedRate - level) / span : 0
            let value = held.value + (lost.value - held.value) * fraction
            return SweepCliff(
                level: level,
                finding: .at(value: setting.isWhole ? held.value : value, held: held.value, lost: lost.value),
                fromValidRuns: prefixValid)
        }
        let last = walk[walk.count - 1]
        return SweepCliff(
            level: level, finding: .beyondTheRange(worst: last.value), fromValidRuns: walk.allSatisfy(\.valid))
    }

    /// The value to run next to narrow the cliff at `level`: the middle of its bracket, or nil when
    /// there is no bracket or it cannot be narrowed (whole settings one apart).
    public static func bisect(_ points: [SweepPoint], level: Double, setting: SweepSetting) -> Double? {
        guard case .at(_, let held, let lost) = find(points, level: level, setting: setting).finding else { return nil }
        var middle = (held + lost) / 2
        if setting.isWhole { middle = middle.rounded(.down) }
        guard middle != held, middle != lost, abs(lost - held) > 1e-9 * max(abs(held), abs(lost), 1) else {
            return nil
        }
        return middle
    }

    /// Points from the good end of the range to the bad end; a value measured twice keeps the last.
    static func ordered(_ points: [SweepPoint], setting: SweepSetting) -> [SweepPoint] {
        var byValue: [Double: SweepPoint] = [:]
        for point in points { byValue[point.value] = point }
        let sorted = byValue.values.sorted { $0.value < $1.value }
        return setting.worseWhenLarger ? sorted : sorted.reversed()
    }

    /// A sentence for the terminal: "media-25s stays ≥ 95% enriched up to a 21.4 s first byte".
    public func sentence(extension name: String, setting: SweepSetting) -> String {
        let percent = FixedPoint.text(level * 100, places: level * 100 == (level * 100).rounded() ? 0 : 1)
        let way = setting.worseWhenLarger ? "up to" : "down to"
        let caveat = fromValidRuns ? "" : " (from runs the self-check marked invalid)"
        switch finding {
        case .at(let value, let held, let lost):
            return "\(name) stays ≥ \(percent)% enriched \(way) \(setting.phrase(value)) "
                + "(held at \(setting.display(held)), lost at \(setting.display(lost)))\(caveat)"
        case .belowAcrossTheRange(let best):
            return "\(name) is below \(percent)% enriched across the range, even at \(setting.phrase(best))\(caveat)"
        case .beyondTheRange(let worst):
            return "\(name) stays ≥ \(percent)% enriched across the range, \(way) \(setting.phrase(worst))\(caveat)"
        }
    }
}
