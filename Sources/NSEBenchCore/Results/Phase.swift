/// A timed stretch of one invocation's life: the key of ``InvocationMeasurement/phases``, each with a
/// histogram of its own (``HistogramKey/phase(_:)``).
///
/// Every name a file holds for a phase derives from ``name`` here, and nowhere else: its histogram in
/// `histograms.csv` and `histograms.hlog`, its `<name>_ms` column of `invocations.csv` and, for the
/// phases ``summarised`` (all but the harness's wait), its `phase_<name>_p50_ms` and
/// `phase_<name>_p99_ms` columns of `summary.csv`.
///
/// ```swift
/// Phase.firstByte.summaryColumn(.p99)   // "phase_first_byte_p99_ms"
/// Phase.harnessWait.invocationsColumn   // "harness_ms"
/// ```
public enum Phase: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// From the scheduled arrival to the start of `didReceive` (waiting for a free slot).
    case queued
    /// From the admission to `didReceive`: starting the extension's process (cold starts only,
    /// `--cold-start`). Added later: its `invocations.csv` column comes after the others.
    case coldStart = "cold_start"
    /// Decrypting `encrypted_data`.
    case decrypt
    /// From the download's start to the TCP (and TLS) connection.
    case connect
    /// From the download's start to the first response byte.
    case firstByte = "first_byte"
    /// The whole download.
    case download
    /// Creating and storing the attachment.
    case attach
    /// How long the invocation's downloads waited inside the harness (its transport's queue) before
    /// their connection attempts: harness delay, counted in no network phase. Judged by the self-check
    /// (`harness_wait_p99_ms`), not compared, so it has no `phase_` columns.
    case harnessWait = "harness"

    /// The phases with `phase_<name>_p50_ms` and `phase_<name>_p99_ms` columns in `summary.csv`, in
    /// column order: every phase but ``harnessWait``.
    public static let summarised: [Phase] = allCases.filter { $0 != .harnessWait }

    /// The phases whose `invocations.csv` columns come at the end, in this order, because they were
    /// added after the file's first readers: the harness's wait, then the cold start.
    public static let invocationsColumnsAddedLater: [Phase] = [.harnessWait, .coldStart]

    /// The phases whose `invocations.csv` columns follow the slack, in this order.
    public static let invocationsColumnsInline: [Phase] = allCases.filter { !invocationsColumnsAddedLater.contains($0) }

    /// The name in every file: `first_byte`, `harness`.
    public var name: String { rawValue }

    /// Hashes the case, not its name: the standard library hashes a raw-value enum by its `rawValue`, a
    /// string here, and each invocation's phases are looked up in the run's histograms by
    /// ``HistogramKey/phase(_:)`` (with the record and its row, before ``PhaseDurations``: 0.4% of case 1's
    /// CPU in perf, issue #18).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(position)
    }

    /// The case's place in ``allCases``.
    var position: Int {
        switch self {
        case .queued: 0
        case .coldStart: 1
        case .decrypt: 2
        case .connect: 3
        case .firstByte: 4
        case .download: 5
        case .attach: 6
        case .harnessWait: 7
        }
    }

    public var description: String { rawValue }

    /// What it times, for `summary.csv`'s column reference, the report and `--help`.
    public var meaning: String {
        switch self {
        case .queued:
            "from the scheduled arrival to the start of didReceive or of a cold start (waiting for a free slot)"
        case .coldStart: "from the admission to didReceive: starting the extension's process (cold starts only)"
        case .decrypt: "decrypting encrypted_data"
        case .connect: "from the download's start to the TCP (and TLS) connection"
        case .firstByte: "from the download's start to the first response byte"
        case .download: "the whole download"
        case .attach: "creating and storing the attachment"
        case .harnessWait: "how long the downloads waited inside the harness before their connection attempts"
        }
    }

    /// The `summary.csv` column holding this phase's `percentile`: `phase_<name>_<percentile>_ms`.
    public func summaryColumn(_ percentile: SummaryPercentile) -> String {
        "phase_\(name)_\(percentile.rawValue)_ms"
    }

    /// The `invocations.csv` column holding this phase's duration: `<name>_ms`.
    public var invocationsColumn: String { name + "_ms" }

    /// The percentiles each ``summarised`` phase has a `summary.csv` column for.
    public enum SummaryPercentile: String, Sendable, CaseIterable {
        case p50
        case p99

        /// The percentile, from 0 to 100.
        public var percentile: Double {
            switch self {
            case .p50: 50
            case .p99: 99
            }
        }
    }
}
