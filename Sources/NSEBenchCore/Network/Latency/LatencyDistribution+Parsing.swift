extension LatencyDistribution {
    /// Every accepted form, quoted in error messages.
    static let expectedForm =
        "a duration (200ms) or one of uniform:100ms..300ms, normal:200ms,50ms, lognormal:median=300ms,p99=3s, "
        + "pareto:scale=100ms,shape=1.5[,cap=30s], file:PATH"

    /// Reads a distribution in one of the forms listed on ``LatencyDistribution``.
    ///
    /// The kind before the first `:` is matched in any letter case. Throws, naming the whole input, for
    /// an unknown kind, a part that is not a duration, a missing, unknown or repeated `key=`, a uniform
    /// whose lower bound is above its upper one, a log-normal whose p99 is not above its median, or a
    /// Pareto whose scale or shape is not above zero or whose cap is below its scale.
    ///
    /// ```swift
    /// try LatencyDistribution(parsing: "uniform:100ms..300ms")
    /// try LatencyDistribution(parsing: "pareto:scale=100ms,shape=1.5,cap=30s")
    /// try LatencyDistribution(parsing: "lognormal:median=3s,p99=300ms")
    /// // throws: invalid latency distribution "lognormal:median=3s,p99=300ms": the p99 300ms is not above
    /// // the median 3s; expected lognormal:median=DURATION,p99=DURATION with p99 above the median, ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        let input = String(text)
        let trimmed = text.trimmingWhitespace()
        guard let colon = trimmed.firstIndex(of: ":") else {
            do {
                self = .fixed(try DurationValue(parsing: trimmed))
                return
            } catch {
                throw ValueParseError(
                    subject: "latency distribution", input: input, expected: Self.expectedForm, reason: error.reason)
            }
        }
        var parser = FormParser(input: input, kind: trimmed[..<colon].lowercased())
        let body = trimmed[trimmed.index(after: colon)...]
        switch parser.kind {
        case "fixed":
            parser.expected = "fixed:DURATION such as fixed:200ms"
            self = .fixed(try parser.duration(body, role: "delay"))
        case "uniform":
            self = try parser.uniform(body)
        case "normal":
            self = try parser.normal(body)
        case "lognormal":
            self = try parser.lognormal(body)
        case "pareto":
            self = try parser.pareto(body)
        case "file":
            parser.expected = "file:PATH, a file with one duration per line"
            let path = body.trimmingWhitespace()
            guard !path.isEmpty else { throw parser.failure("the path is empty") }
            self = .file(path: String(path))
        default:
            throw parser.failure("unknown kind \"\(trimmed[..<colon])\"")
        }
    }
}

/// Reads the body of one `kind:` form, building errors that name the whole input and that kind's form.
private struct FormParser {
    let input: String
    let kind: String
    var expected = LatencyDistribution.expectedForm

    init(input: String, kind: String) {
        self.input = input
        self.kind = kind
    }

    func failure(_ reason: String) -> ValueParseError {
        ValueParseError(subject: "latency distribution", input: input, expected: expected, reason: reason)
    }

    func duration(_ text: Substring, role: String) throws(ValueParseError) -> DurationValue {
        do {
            return try DurationValue(parsing: text)
        } catch {
            throw failure("the \(role) \"\(text)\" is not a duration (\(error.reason ?? "use 250ms, 1.5s, 2m, 500us"))")
        }
    }

    mutating func uniform(_ body: Substring) throws(ValueParseError) -> LatencyDistribution {
        expected = "uniform:LOW..HIGH with LOW <= HIGH, such as uniform:100ms..300ms"
        guard let range = body.firstRange(of: "..") else { throw failure("the \"..\" between the bounds is missing") }
        let lower = try duration(body[..<range.lowerBound], role: "lower bound")
        let upper = try duration(body[range.upperBound...], role: "upper bound")
        guard lower <= upper else { throw failure("the lower bound \(lower) is above the upper bound \(upper)") }
        return .uniform(lower: lower, upper: upper)
    }

    mutating func normal(_ body: Substring) throws(ValueParseError) -> LatencyDistribution {
        expected = "normal:MEAN,STDDEV such as normal:200ms,50ms"
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw failure("it needs exactly two durations, the mean and the deviation") }
        return .normal(
            mean: try duration(parts[0], role: "mean"),
            standardDeviation: try duration(parts[1], role: "standard deviation"))
    }

    mutating func lognormal(_ body: Substring) throws(ValueParseError) -> LatencyDistribution {
        expected =
            "lognormal:median=DURATION,p99=DURATION with p99 above the median, such as lognormal:median=300ms,p99=3s"
        let fields = try keyedFields(body, required: ["median", "p99"], optional: [])
        let median = try duration(fields["median"]!, role: "median")
        let p99 = try duration(fields["p99"]!, role: "p99")
        guard median > .zero else { throw failure("the median must be above zero") }
        guard p99 > median else { throw failure("the p99 \(p99) is not above the median \(median)") }
        return .lognormal(median: median, p99: p99)
    }

    mutating func pareto(_ body: Substring) throws(ValueParseError) -> LatencyDistribution {
        expected = "pareto:scale=DURATION,shape=NUMBER[,cap=DURATION] such as pareto:scale=100ms,shape=1.5,cap=30s"
        let fields = try keyedFields(body, required: ["scale", "shape"], optional: ["cap"])
        let scale = try duration(fields["scale"]!, role: "scale")
        let shapeText = fields["shape"]!.trimmingWhitespace()
        guard DecimalNumber(shapeText) != nil, let shape = Double(String(shapeText)), shape > 0 else {
            throw failure("the shape \"\(shapeText)\" is not a number above zero")
        }
        guard scale > .zero else { throw failure("the scale must be above zero") }
        let cap = try fields["cap"].map { text throws(ValueParseError) in try duration(text, role: "cap") }
        if let cap, cap < scale { throw failure("the cap \(cap) is below the scale \(scale)") }
        return .pareto(scale: scale, shape: shape, cap: cap)
    }

    /// Splits `key=value,key=value`, refusing unknown, repeated and missing keys.
    func keyedFields(_ body: Substring, required: [String], optional: [String]) throws(ValueParseError)
        -> [String: Substring]
    {
        var fields: [String: Substring] = [:]
        for part in body.split(separator: ",", omittingEmptySubsequences: false) {
            guard let equals = part.firstIndex(of: "=") else {
                throw failure("\"\(part)\" is not a key=value pair")
            }
            let key = part[..<equals].trimmingWhitespace().lowercased()
            guard required.contains(key) || optional.contains(key) else {
                throw failure("unknown key \"\(part[..<equals])\"")
            }
            guard fields[key] == nil else { throw failure("\(key) is given twice") }
            fields[key] = part[part.index(after: equals)...]
        }
        for key in required where fields[key] == nil {
            throw failure("\(key)= is missing")
        }
        return fields
    }
}
