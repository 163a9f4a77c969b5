/// How long a delay lasts, drawn afresh for each connection or request: time to first byte, connect delay.
///
/// Written in flags and query parameters as (see ``init(parsing:)``):
///
/// | form | meaning |
/// |---|---|
/// | `200ms` (or `fixed:200ms`) | always 200 ms |
/// | `uniform:100ms..300ms` | uniform between the bounds, both included |
/// | `normal:200ms,50ms` | normal with mean 200 ms and standard deviation 50 ms, negative draws clamped to 0 |
/// | `lognormal:median=300ms,p99=3s` | log-normal with that median and 99th percentile |
/// | `pareto:scale=100ms,shape=1.5[,cap=30s]` | Pareto tail from 100 ms, optionally capped |
/// | `file:PATH` | one duration per line of a file, drawn uniformly (see ``empirical(parsingLines:)``) |
///
/// Sampling returns whole nanoseconds, never negative, and consumes exactly one 64-bit draw from the
/// generator whatever the case, so changing a distribution never shifts the draws that follow it.
/// `description` gives back the parse form.
///
/// ```swift
/// let ttfb = try LatencyDistribution(parsing: "lognormal:median=300ms,p99=3s")
/// var generator = Xoshiro256StarStar(seed: 1)
/// let delay = ttfb.sample(using: &generator)  // nanoseconds; median 300 ms, 1% above 3 s
/// ttfb.description  // "lognormal:median=300ms,p99=3s"
/// ```
public enum LatencyDistribution: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Always the same delay.
    case fixed(DurationValue)
    /// Uniform between `lower` and `upper`, both included.
    case uniform(lower: DurationValue, upper: DurationValue)
    /// Normal (Gaussian) around `mean`; draws below zero become zero.
    case normal(mean: DurationValue, standardDeviation: DurationValue)
    /// Log-normal with the given median and 99th percentile: μ = ln(median),
    /// σ = ln(p99 / median) / 2.3263478740408408 (the 99th percentile of the standard normal).
    /// The usual shape of real time to first byte: most requests near the median, a long right tail.
    case lognormal(median: DurationValue, p99: DurationValue)
    /// Pareto: `scale / U^(1/shape)` for U uniform in (0, 1); never below `scale`, heavy-tailed (infinite
    /// variance when `shape <= 2`, infinite mean when `shape <= 1`), cut at `cap` when one is given.
    case pareto(scale: DurationValue, shape: Double, cap: DurationValue?)
    /// Samples read from a file, in nanoseconds, drawn uniformly.
    case empirical([Int64])
    /// Samples still to be read from the file at `path`: parsing cannot read files, so the system layer
    /// replaces this case with ``empirical(_:)`` through ``empirical(parsingLines:)`` before a run.
    /// Until then it has no samples and draws 0.
    case file(path: String)

    /// The parse form: `200ms`, `uniform:100ms..300ms`, `normal:200ms,50ms`,
    /// `lognormal:median=300ms,p99=3s`, `pareto:scale=100ms,shape=1.5,cap=30s`, `file:PATH`.
    /// Samples already read from a file have no parse form and read `empirical(N samples)`.
    public var description: String {
        switch self {
        case .fixed(let delay): delay.description
        case .uniform(let lower, let upper): "uniform:\(lower)..\(upper)"
        case .normal(let mean, let deviation): "normal:\(mean),\(deviation)"
        case .lognormal(let median, let p99): "lognormal:median=\(median),p99=\(p99)"
        case .pareto(let scale, let shape, let cap):
            "pareto:scale=\(scale),shape=\(plainDecimalText(shape))" + (cap.map { ",cap=\($0)" } ?? "")
        case .empirical(let samples): "empirical(\(samples.count) samples)"
        case .file(let path): "file:\(path)"
        }
    }

    /// The path of a `file:` distribution that is still to be read; nil for every other case.
    ///
    /// ```swift
    /// try LatencyDistribution(parsing: "file:ttfb.txt").unresolvedPath  // "ttfb.txt"
    /// ```
    public var unresolvedPath: String? {
        if case .file(let path) = self { path } else { nil }
    }
}
