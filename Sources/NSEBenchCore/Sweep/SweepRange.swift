/// What `--sweep SETTING=FROM..TO` asks for: one setting over a closed range, walked in `steps`
/// evenly spaced points from FROM to TO (either may be the larger).
///
/// ```swift
/// let range = try SweepRange(parsing: "ttfb=0s..40s")
/// range.points(steps: 5)  // [0, 10000, 20000, 30000, 40000] (milliseconds)
/// ```
public struct SweepRange: Sendable, Equatable {
    public var setting: SweepSetting
    /// The ends, in the setting's unit.
    public var from: Double
    public var to: Double

    public init(setting: SweepSetting, from: Double, to: Double) {
        self.setting = setting
        self.from = from
        self.to = to
    }

    /// The accepted form, quoted in errors.
    public static let expectedForm =
        "SETTING=FROM..TO with SETTING one of "
        + SweepSetting.allCases.map(\.rawValue).joined(separator: ", ")
        + " (ttfb=0s..40s, bandwidth=128kbit/s..4MB/s, concurrency=10..1000, media-size=100KB..20MB)"

    /// Reads `SETTING=FROM..TO`; throws naming the part that is wrong.
    public init(parsing text: String) throws(ValueParseError) {
        func failure(_ reason: String) -> ValueParseError {
            ValueParseError(subject: "sweep", input: text, expected: Self.expectedForm, reason: reason)
        }
        guard let equals = text.firstIndex(of: "=") else { throw failure("the '=' is missing") }
        let name = String(text[..<equals])
        guard let setting = SweepSetting(rawValue: name) else { throw failure("unknown setting '\(name)'") }
        let bounds = text[text.index(after: equals)...]
        guard let dots = bounds.firstRange(of: "..") else { throw failure("the '..' between FROM and TO is missing") }
        let fromText = bounds[..<dots.lowerBound]
        let toText = bounds[dots.upperBound...]
        let from: Double
        let to: Double
        do {
            from = try setting.value(parsing: fromText)
            to = try setting.value(parsing: toText)
        } catch {
            throw failure("\(error)")
        }
        guard from != to else { throw failure("FROM and TO are the same") }
        if !setting.allowsZero, min(from, to) <= 0 { throw failure("\(setting) must stay above 0") }
        self.init(setting: setting, from: from, to: to)
    }

    /// `steps` evenly spaced values from ``from`` to ``to``, both included; whole settings are
    /// rounded and repeats dropped.
    public func points(steps: Int) -> [Double] {
        guard steps >= 2 else { return [from] }
        var values: [Double] = []
        for index in 0..<steps {
            var value = from + (to - from) * Double(index) / Double(steps - 1)
            if setting.isWhole { value = value.rounded() }
            if values.last != value { values.append(value) }
        }
        return values
    }
}
