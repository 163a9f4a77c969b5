// The JSON form of a comparison (`compare --format json`): snake_case keys, raw numbers (rates as
// fractions), null for a value a side lacks. Encoded by the CLI with Foundation's JSONEncoder.

extension Comparison: Encodable {
    private enum CodingKeys: String, CodingKey {
        case outcome
        case exitCode = "exit_code"
        case baseline, candidate, counts, scenarios
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome.rawValue, forKey: .outcome)
        try container.encode(outcome.exitCode.rawValue, forKey: .exitCode)
        try container.encode(baselineSource, forKey: .baseline)
        try container.encode(candidateSource, forKey: .candidate)
        let words = ["regression", "improvement", "unchanged", "missing"]
        try container.encode(Dictionary(uniqueKeysWithValues: words.map { ($0, count($0)) }), forKey: .counts)
        try container.encode(scenarios, forKey: .scenarios)
    }
}

extension ScenarioComparison: Encodable {
    private enum CodingKeys: String, CodingKey {
        case scenario, presence, comparable
        case untrustworthyRuns = "untrustworthy_runs"
        case baselineRuns = "baseline_runs"
        case candidateRuns = "candidate_runs"
        case differences, metrics
        case crashPlaces = "crash_places"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(presence.rawValue, forKey: .presence)
        try container.encode(isComparable, forKey: .comparable)
        try container.encode(hasUntrustworthyRuns, forKey: .untrustworthyRuns)
        try container.encode(baselineRuns, forKey: .baselineRuns)
        try container.encode(candidateRuns, forKey: .candidateRuns)
        try container.encode(differences, forKey: .differences)
        try container.encode(metrics, forKey: .metrics)
        try container.encode(crashPlaces, forKey: .crashPlaces)
    }
}

extension CrashPlaceChange: Encodable {
    private enum CodingKeys: String, CodingKey {
        case place, reason, baseline, candidate, presence
        case pValue = "p_value"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(place.key, forKey: .place)
        try container.encode(reason, forKey: .reason)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(candidate, forKey: .candidate)
        try container.encode(presence.rawValue, forKey: .presence)
        try container.encodeIfPresent(pValue, forKey: .pValue)
    }
}

extension RunStatus: Encodable {
    private enum CodingKeys: String, CodingKey {
        case line, valid, partial
        case invocations
        case invalidReason = "invalid_reason"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(invocations, forKey: .invocations)
        try container.encode(isValid, forKey: .valid)
        try container.encode(isPartial, forKey: .partial)
        try container.encode(invalidReason, forKey: .invalidReason)
    }
}

extension ColumnDifference: Encodable {
    private enum CodingKeys: String, CodingKey {
        case column, kind, baseline, candidate, allowed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(column, forKey: .column)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(candidate, forKey: .candidate)
        try container.encode(isAllowed, forKey: .allowed)
    }
}

extension MetricComparison: Encodable {
    private enum CodingKeys: String, CodingKey {
        case metric, kind, polarity, baseline, candidate
        case absoluteChange = "absolute_change"
        case relativeChange = "relative_change"
        case verdict, reason, test, threshold
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(metric.name, forKey: .metric)
        try container.encode(metric.kind.rawValue, forKey: .kind)
        try container.encode(metric.polarity.rawValue, forKey: .polarity)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(candidate, forKey: .candidate)
        try container.encode(absoluteChange, forKey: .absoluteChange)
        try container.encode(relativeChange, forKey: .relativeChange)
        try container.encode(verdict.word, forKey: .verdict)
        let reason: String? =
            switch verdict {
            case .unchanged(let why): why.rawValue
            case .missing(let side): "no value in \(side.rawValue)"
            case .regression, .improvement: nil
            }
        try container.encode(reason, forKey: .reason)
        try container.encode(test, forKey: .test)
        try container.encode(threshold, forKey: .threshold)
    }
}

extension MetricValue: Encodable {
    private enum CodingKeys: String, CodingKey {
        case value, runs, successes, trials
        case interval95 = "interval_95"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        if !runs.isEmpty { try container.encode(runs, forKey: .runs) }
        try container.encodeIfPresent(successes, forKey: .successes)
        try container.encodeIfPresent(trials, forKey: .trials)
        try container.encodeIfPresent(interval.map { [$0.lower, $0.upper] }, forKey: .interval95)
    }
}

extension SignificanceTest: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name
        case pValue = "p_value"
        case z, u
        case smallestPValue = "smallest_p_value"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        switch self {
        case .twoProportion(let test):
            try container.encode(test.pValue, forKey: .pValue)
            try container.encode(test.z, forKey: .z)
        case .mannWhitney(let test):
            try container.encode(test.pValue, forKey: .pValue)
            try container.encode(test.u, forKey: .u)
        case .tooFewRuns(let smallest):
            try container.encode(smallest, forKey: .smallestPValue)
        case .exactPlaces(let pValue):
            try container.encode(pValue, forKey: .pValue)
        }
    }
}

extension ResolvedThreshold: Encodable {
    private enum CodingKeys: String, CodingKey {
        case alpha
        case minimumEffect = "min_effect"
        case relative, absolute
        case reportOnly = "report_only"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(alpha, forKey: .alpha)
        try container.encodeIfPresent(minimumEffect, forKey: .minimumEffect)
        try container.encodeIfPresent(relative, forKey: .relative)
        try container.encodeIfPresent(absolute, forKey: .absolute)
        try container.encode(reportOnly, forKey: .reportOnly)
    }
}
