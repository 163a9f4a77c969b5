/// The tolerances `compare` judges with: built-in defaults, a thresholds file's entries and the
/// command line's flags, layered from the most general to the most specific.
///
/// The file (`Benchmarks/thresholds.json`) has this shape; every key is optional and an unknown key
/// is an error:
///
/// ```json
/// {
///   "defaults": {"alpha": 0.01, "min_effect": 0.01, "relative": 0.10, "absolute_ms": 5, "measure_relative": 0.25},
///   "metrics": {
///     "deliver_p99_ms": {"relative": 0.20, "absolute_ms": 10},
///     "enriched_rate": {"min_effect": 0.02},
///     "harness_cpu_s": {"ignore": true}
///   },
///   "scenarios": {"slow-3g": {"defaults": {"relative": 0.15}, "metrics": {"killed_rate": {"min_effect": 0.005}}}}
/// }
/// ```
///
/// For one metric of one scenario, the first value found wins, in this order:
/// `scenarios.<name>.metrics.<metric>`, `scenarios.<name>.defaults`, `metrics.<metric>`,
/// the command line's flags, `defaults`, then ``builtInDefaults`` and ``builtInMetrics``.
public struct Thresholds: Sendable, Equatable {
    public var defaults: ThresholdDefaults
    public var metrics: [String: MetricThresholds]
    public var scenarios: [String: ScenarioThresholds]

    public init(
        defaults: ThresholdDefaults = ThresholdDefaults(), metrics: [String: MetricThresholds] = [:],
        scenarios: [String: ScenarioThresholds] = [:]
    ) {
        self.defaults = defaults
        self.metrics = metrics
        self.scenarios = scenarios
    }

    /// The defaults used where neither a file nor a flag says otherwise.
    ///
    /// - alpha 0.01: a gate run on every pull request must not cry wolf; at 0.05 one scenario in
    ///   twenty with a dozen rate metrics would fail by chance every few runs.
    /// - min_effect 0.01 (one percentage point): with tens of thousands of invocations the test
    ///   finds differences of 0.1 point that no user notices; a point of enriched notifications is
    ///   the smallest change worth a red build.
    /// - relative 10 % and absolute_ms 5 for times: repeated runs on a CI machine move percentiles by
    ///   a few percent, and sub-5 ms moves are timer and scheduler noise, far below a 30 s budget.
    /// - measure_relative 25 %: allocation counts per invocation move little when the code does not.
    public static let builtInDefaults = ThresholdDefaults(
        alpha: 0.01, minimumEffect: 0.01, timeRelative: 0.10, timeAbsoluteMilliseconds: 5, measureRelative: 0.25)

    /// Metrics reported but never gating unless a file says `"ignore": false`: they measure the
    /// machine as much as the code (throughput follows the CI runner's cores and load, CPU seconds
    /// and resident memory its CPU model and kernel), so they would fail builds for reasons no
    /// commit caused. `mallocs_per_invocation` depends on the code alone and does gate.
    public static let builtInMetrics: [String: MetricThresholds] = [
        "throughput_per_s": MetricThresholds(reportOnly: true),
        "harness_cpu_s": MetricThresholds(reportOnly: true),
        "peak_rss_bytes": MetricThresholds(reportOnly: true),
    ]
}

/// Defaults for every metric of a kind; nil fields fall through to the next layer.
public struct ThresholdDefaults: Sendable, Equatable {
    /// Significance level of the two-proportion and Mann–Whitney tests (`alpha`).
    public var alpha: Double?
    /// Smallest change of a rate that counts, as a fraction: 0.01 is one percentage point (`min_effect`).
    public var minimumEffect: Double?
    /// Relative tolerance of time metrics, as a fraction of the baseline (`relative`).
    public var timeRelative: Double?
    /// Absolute tolerance of time metrics, in milliseconds (`absolute_ms`).
    public var timeAbsoluteMilliseconds: Double?
    /// Relative tolerance of measures (`measure_relative`).
    public var measureRelative: Double?

    public init(
        alpha: Double? = nil, minimumEffect: Double? = nil, timeRelative: Double? = nil,
        timeAbsoluteMilliseconds: Double? = nil, measureRelative: Double? = nil
    ) {
        self.alpha = alpha
        self.minimumEffect = minimumEffect
        self.timeRelative = timeRelative
        self.timeAbsoluteMilliseconds = timeAbsoluteMilliseconds
        self.measureRelative = measureRelative
    }
}

/// One metric's entry; nil fields fall through to the next layer.
public struct MetricThresholds: Sendable, Equatable {
    /// `alpha`: significance level (any kind).
    public var alpha: Double?
    /// `min_effect`: smallest change that counts (rates only).
    public var minimumEffect: Double?
    /// `relative`: relative tolerance (times and measures).
    public var relative: Double?
    /// `absolute_ms`: absolute tolerance in milliseconds (times only).
    public var absoluteMilliseconds: Double?
    /// `absolute`: absolute tolerance in the measure's own unit (measures only).
    public var absolute: Double?
    /// `ignore`: compare and show, but never count it as a regression or an improvement.
    public var reportOnly: Bool?

    public init(
        alpha: Double? = nil, minimumEffect: Double? = nil, relative: Double? = nil,
        absoluteMilliseconds: Double? = nil, absolute: Double? = nil, reportOnly: Bool? = nil
    ) {
        self.alpha = alpha
        self.minimumEffect = minimumEffect
        self.relative = relative
        self.absoluteMilliseconds = absoluteMilliseconds
        self.absolute = absolute
        self.reportOnly = reportOnly
    }
}

/// A scenario's own defaults and metric entries.
public struct ScenarioThresholds: Sendable, Equatable {
    public var defaults: ThresholdDefaults
    public var metrics: [String: MetricThresholds]

    public init(defaults: ThresholdDefaults = ThresholdDefaults(), metrics: [String: MetricThresholds] = [:]) {
        self.defaults = defaults
        self.metrics = metrics
    }
}

/// The tolerances that apply to one metric of one scenario, every layer resolved.
public struct ResolvedThreshold: Sendable, Equatable {
    public let alpha: Double
    /// Rates: the smallest absolute change that counts.
    public let minimumEffect: Double?
    /// Times and measures: the relative change a difference must exceed.
    public let relative: Double?
    /// Times and measures: the absolute change a difference must exceed (ms for times).
    public let absolute: Double?
    /// Shown, never gating.
    public let reportOnly: Bool

    public init(alpha: Double, minimumEffect: Double?, relative: Double?, absolute: Double?, reportOnly: Bool) {
        self.alpha = alpha
        self.minimumEffect = minimumEffect
        self.relative = relative
        self.absolute = absolute
        self.reportOnly = reportOnly
    }
}
