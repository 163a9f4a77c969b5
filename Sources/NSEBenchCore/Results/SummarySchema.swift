/// The columns of `summary.csv`: the contract between `run` (which writes them) and `compare`
/// (which reads them). Stable and documented: a column is only ever added, never renamed, and
/// ``version`` changes when a meaning changes.
public enum SummarySchema {
    /// Written in every row's `schema_version`; `compare` refuses rows of another version.
    ///
    /// Version 2: `unchanged` and `not_mutable` split off from `degraded` and `expired_best_attempt` (what
    /// the user sees: the original), and the self-check columns in unscaled time like every other time.
    public static let version = 2

    /// Columns added to this ``version`` after files were first written with it; a file without them
    /// reads them as empty (self-check figures, blame counts, scale-out provenance and outcome classes
    /// added since; an outcome read as empty counts 0), so older results still compare.
    public static let addedLater: Set<String> = Set(
        ["transport_lag_p99_ms", "instances", "segment", "start_lag_ms"] + MissCause.allCases.map(\.summaryColumn)
            + networkClassColumns.map(\.name) + [crashReasonsColumn.name] + [
                "harness_wait_p99_ms", "server_lateness_p99_ms", "fanout_s", "uncertain",
                InvocationOutcome.unchanged.rawValue, InvocationOutcome.notMutable.rawValue, "machine_busy_peak",
                "extension_timeout_s", "extension_footprint_peak_bytes", "cold_start", "warm_pct", "low_data_mode_pct",
                Phase.coldStart.summaryColumn(.p50), Phase.coldStart.summaryColumn(.p99),
                "fanout_curve", "wake_jitter", "endpoints", "wind_down_s", "machine_steal",
                "extension_call_wait_p99_ms",
            ] + originCacheColumns + mediaPeakColumns.map(\.name))

    /// The origin cache's settings and counts (`--origin-fetch`, `--coalesce`), added later.
    static let originCacheColumns = ["origin_fetch", "coalesce", "origin_fetches", "origin_coalesced", "cache_hits"]

    /// The media host's busiest second, from the run's timeline (timeline.csv's `transport_requests` and
    /// `transport_bytes`), added later, at the end of the row: a merge takes them from the merged
    /// timeline, never from the instances' own peaks.
    public static let mediaPeakColumns: [Column] = [
        Column(
            name: "media_peak_requests", kind: .measure, polarity: .smallerIsBetter,
            meaning: "media requests started in the run's busiest (unscaled) second, the herd the media host "
                + "meets (a burst's --fanout spreads it); empty when none were made"),
        Column(
            name: "media_peak_requests_second", kind: .measure, polarity: .none,
            meaning: "which second that was, counted from the run's start (unscaled); the earliest of a tie"),
        Column(
            name: "media_peak_bytes", kind: .measure, polarity: .smallerIsBetter,
            meaning: "media body bytes received in the run's busiest (unscaled) second for them; empty when none were"),
        Column(
            name: "media_peak_bytes_second", kind: .measure, polarity: .none,
            meaning: "which second that was, counted from the run's start (unscaled); the earliest of a tie"),
    ]

    /// The extension's crashes by reason (``CrashTally``'s text), added later, at the end of the row.
    public static let crashReasonsColumn = Column(
        name: "crash_reasons", kind: .tally, polarity: .smallerIsBetter,
        meaning: "the extension's crashes by reason, largest first: COUNT REASON entries joined by '; ' (a ';' "
            + "or '%' in a reason written %3B or %25), the first \(CrashTally.limit) reasons and then COUNT "
            + "(other reasons); empty when none crashed. compare names a place in the extension's code (the "
            + "reason without its line and column) that crashed in the candidate and not in the baseline")

    /// What a column holds, which decides how `compare` treats it.
    public enum Kind: String, Sendable, CaseIterable {
        /// Who and what produced the row (version, commit, time): never compared.
        case provenance
        /// The host fingerprint: rows must match, else "not comparable" (exit 3).
        case fingerprint
        /// A scenario setting: rows must match, else "not comparable" (exit 3).
        case setting
        /// A count of invocations (compared through the rates built from them).
        case count
        /// A fraction from 0 to 1 of `invocations`: compared with a two-proportion test.
        case rate
        /// A time in milliseconds (a percentile): compared with tolerances.
        case time
        /// Another measured figure (throughput, CPU, memory): compared with tolerances.
        case measure
        /// The run's own validity (`valid`, `partial`, reasons): reported, never compared.
        case validity
        /// Invocations counted by a label (``CrashTally``): `compare` judges the labels one side has and
        /// the other has not.
        case tally
    }

    /// Which direction is better for a compared metric.
    public enum Polarity: String, Sendable {
        case smallerIsBetter = "smaller"
        case largerIsBetter = "larger"
        case none
    }

    /// One column.
    public struct Column: Sendable, Equatable {
        public let name: String
        public let kind: Kind
        public let polarity: Polarity
        /// What it means, for the README and `--help`.
        public let meaning: String
        /// For a rate of part of the run (one network class): the count columns it is the share of,
        /// `successes` over `trials`, instead of an outcome's share of `invocations`.
        public let share: (successes: String, trials: String)?

        public init(name: String, kind: Kind, polarity: Polarity, meaning: String, share: (String, String)? = nil) {
            self.name = name
            self.kind = kind
            self.polarity = polarity
            self.meaning = meaning
            self.share = share.map { (successes: $0.0, trials: $0.1) }
        }

        public static func == (lhs: Column, rhs: Column) -> Bool {
            lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.polarity == rhs.polarity && lhs.meaning == rhs.meaning
                && lhs.share?.successes == rhs.share?.successes && lhs.share?.trials == rhs.share?.trials
        }
    }

    /// The column prefix of network class `name` (a ``NetworkProfile`` preset): `net_lte_`,
    /// `net_overloaded_cdn_`.
    public static func networkClassPrefix(_ name: String) -> String {
        "net_" + name.replacingHyphensWithUnderscores() + "_"
    }

    /// Per network class, for every preset a population can hold: its invocations, enriched and
    /// fallback counts and their rates of the class's own invocations. Empty for a class the run
    /// did not have.
    public static let networkClassColumns: [Column] = NetworkProfile.allNames.flatMap { name -> [Column] in
        let prefix = networkClassPrefix(name)
        return [
            Column(
                name: prefix + "invocations", kind: .count, polarity: .none,
                meaning: "invocations on a \(name) phone (empty when the run had none)"),
            Column(
                name: prefix + "enriched", kind: .count, polarity: .none,
                meaning: "of those, how many arrived enriched"),
            Column(
                name: prefix + "fallback", kind: .count, polarity: .none,
                meaning: "of those, how many showed the original"),
            Column(
                name: prefix + "enriched_rate", kind: .rate, polarity: .largerIsBetter,
                meaning: "enriched share of the \(name) phones' invocations",
                share: (prefix + "enriched", prefix + "invocations")),
            Column(
                name: prefix + "fallback_rate", kind: .rate, polarity: .smallerIsBetter,
                meaning: "fallback share of the \(name) phones' invocations",
                share: (prefix + "fallback", prefix + "invocations")),
        ]
    }

    /// The outcome classes, in column order (their counts are columns of the same names).
    public static let outcomeNames = InvocationOutcome.allCases.map(\.rawValue)

    /// Every column, in file order.
    public static let columns: [Column] = {
        var columns: [Column] = [
            Column(name: "schema_version", kind: .provenance, polarity: .none, meaning: "this table's schema version"),
            Column(name: "nse_bench_version", kind: .provenance, polarity: .none, meaning: "nse-bench release"),
            Column(
                name: "git_commit", kind: .provenance, polarity: .none, meaning: "commit of the checkout, when known"),
            Column(name: "timestamp", kind: .provenance, polarity: .none, meaning: "run start, ISO 8601 UTC"),
            // Provenance, not a setting: a merge of N segments runs the same load as one machine, so
            // it compares with a single run's row.
            Column(
                name: "instances", kind: .provenance, polarity: .none,
                meaning: "instances whose results the row holds (1 for a run, N for `merge` of N segments)"),
        ]
        columns += [
            ("host_cpu", "CPU model"), ("host_cores", "logical cores"), ("host_os", "distribution; kernel release"),
            ("swift_version", "compiler that built nse-bench"), ("libcurl_version", "libcurl version"),
            ("openssl_version", "OpenSSL version"), ("allocator", "allocator (jemalloc) version"),
        ].map { Column(name: $0.0, kind: .fingerprint, polarity: .none, meaning: $0.1) }
        columns += [
            ("scenario", "scenario name (from --scenario's file, else \"default\")"),
            ("load_model", "closed, open or burst"), ("concurrency", "closed: invocations in flight"),
            ("rate_per_s", "open: arrivals per second"), ("arrivals", "open: poisson or constant"),
            ("max_in_flight", "open and burst: the most invocations running at once"),
            ("ramp_s", "ramp length in (unscaled) seconds"),
            ("invocations_target", "--invocations (empty for --duration)"),
            ("duration_s", "--duration in (unscaled) seconds (empty for --invocations)"),
            (
                "fanout_s",
                "burst: --fanout, the window its arrivals are spread over, in (unscaled) seconds (empty: at once)"
            ),
            ("fanout_curve", "burst: --fanout-curve's measured curve, file:PATH as given (empty: linear)"),
            (
                "wake_jitter",
                "burst: --wake-jitter, each phone's delay from delivery to arrival, unscaled (empty: none)"
            ),
            ("origin_fetch", "--origin-fetch: the cold CDN cache's origin fetch time, unscaled (empty: no cache)"),
            ("coalesce", "--coalesce: on or off, whether concurrent misses share one origin fetch (empty: no cache)"),
            ("extension", "the extension run"), ("network", "network conditions, as query parameters"),
            ("media_mix", "media sizes and types with weights"), ("encrypted_fraction", "share of encrypted payloads"),
            ("media_fraction", "share of payloads with media"), ("deadline_s", "the extension's budget"),
            ("grace_s", "grace period after serviceExtensionTimeWillExpire"),
            ("memory_limit_bytes", "memory budget"), ("time_scale", "--time-scale factor"), ("seed", "--seed"),
            ("target", "media host (\"embedded\" or the --target URL)"),
            ("segment", "--segment i/N of one instance (empty for a whole run, and for a merge of every segment)"),
            ("cold_start", "--cold-start: the time a cold start takes, as a distribution (empty: every start free)"),
            ("warm_pct", "--warm: the percentage of starts that reuse a running process (empty without --cold-start)"),
            ("low_data_mode_pct", "--low-data-mode: the percentage of phones on a constrained network (empty: none)"),
            (
                "endpoints",
                "--endpoint: each side endpoint's own conditions, NAME:SETTINGS, space-separated (empty: none)"
            ),
            ("wind_down_s", "--wind-down: how long a finished invocation's work still runs, unscaled s (empty: 1 s)"),
        ].map { Column(name: $0.0, kind: .setting, polarity: .none, meaning: $0.1) }
        columns.append(Column(name: "invocations", kind: .count, polarity: .none, meaning: "invocations that finished"))
        columns += outcomeNames.map {
            Column(
                name: $0, kind: .count, polarity: $0 == "enriched" ? .largerIsBetter : .smallerIsBetter,
                meaning: "invocations whose outcome was \($0)")
        }
        columns += [
            Column(
                name: "finished_before_deadline_rate", kind: .rate, polarity: .largerIsBetter,
                meaning: "share delivered before the deadline (enriched, degraded, unchanged, discarded)"),
            Column(
                name: "fallback_rate", kind: .rate, polarity: .smallerIsBetter,
                meaning: "share where the user saw the original content"),
            Column(
                name: "enriched_rate", kind: .rate, polarity: .largerIsBetter,
                meaning: "share delivered before the deadline with every enrichment asked for"),
        ]
        columns += networkClassColumns
        columns.append(
            Column(
                name: "uncertain", kind: .count, polarity: .none,
                meaning: "misses whose download ended after the deadline by no more than the harness's own delay "
                    + "(their wait inside it plus transport lag, server lateness and admission lag, p99), or that "
                    + "the extension's own timeout cut no more than that short of the body's end: outcomes the "
                    + "harness may have decided"))
        columns += [
            ("double_delivery", "content handler calls after the first"),
            ("late_delivery", "first content handler calls after the invocation had finished"),
            ("alert_text_removed", "deliveries without alert text"),
        ].map { Column(name: $0.0, kind: .count, polarity: .smallerIsBetter, meaning: $0.1) }
        columns += MissCause.allCases.map {
            Column(
                name: $0.summaryColumn, kind: .count, polarity: .none,
                meaning: "misses whose blame was \($0.rawValue): \($0.meaning)")
        }
        columns += ["p50", "p90", "p99", "p999", "max"].map {
            Column(
                name: "deliver_\($0)_ms", kind: .time, polarity: .smallerIsBetter,
                meaning: "time to deliver, from scheduled arrival, \($0)")
        }
        columns += ["p50", "p10", "p1", "min"].map {
            Column(
                name: "slack_\($0)_ms", kind: .time, polarity: .largerIsBetter,
                meaning: "time left before the deadline at delivery (0 for those that missed it), \($0)")
        }
        for phase in Phase.summarised {
            for percentile in Phase.SummaryPercentile.allCases {
                columns.append(
                    Column(
                        name: phase.summaryColumn(percentile), kind: .time, polarity: .smallerIsBetter,
                        meaning: "\(phase.meaning), \(percentile.rawValue)"))
            }
        }
        columns += [
            Column(
                name: "throughput_per_s", kind: .measure, polarity: .largerIsBetter,
                meaning: "invocations finished per second"),
            Column(
                name: "origin_fetches", kind: .measure, polarity: .smallerIsBetter,
                meaning: "media requests the CDN cache sent to the origin (--origin-fetch); empty without "
                    + "--origin-fetch and with --target"),
            Column(
                name: "origin_coalesced", kind: .measure, polarity: .none,
                meaning: "media requests that missed the cache and waited for another's origin fetch (--coalesce on)"),
            Column(
                name: "cache_hits", kind: .measure, polarity: .none,
                meaning: "media requests served from the CDN cache (--origin-fetch)"),
            Column(
                name: "harness_cpu_s", kind: .measure, polarity: .smallerIsBetter, meaning: "CPU seconds nse-bench used"
            ),
            Column(
                name: "extension_timeout_s", kind: .measure, polarity: .none,
                meaning: "the shortest total timeout the extension's downloads set (its own resource timeout, "
                    + "unscaled s), as the harness saw each request; empty when none set one; shown, never gated"),
            Column(name: "peak_rss_bytes", kind: .measure, polarity: .smallerIsBetter, meaning: "peak resident memory"),
            Column(
                name: "extension_footprint_peak_bytes", kind: .measure, polarity: .smallerIsBetter,
                meaning: "the largest real footprint charged to one invocation of a user's extension in its worker "
                    + "processes (the modelled baseline plus its share of the process's heap growth), as jetsam "
                    + "judges it against --memory-limit; empty for built-ins and --extension-processes 0"),
            Column(
                name: "mallocs_per_invocation", kind: .measure, polarity: .smallerIsBetter,
                meaning: "allocations per invocation (jemalloc); empty when jemalloc could not count them"),
            Column(
                name: "timer_lateness_p99_ms", kind: .validity, polarity: .none,
                meaning: "the harness's own deadline-timer lateness, p99 (unscaled)"),
            Column(
                name: "transport_lag_p99_ms", kind: .validity, polarity: .none,
                meaning:
                    "how late the harness's transport loop ran (a probe timer every 10 ms, and each probe a stall "
                    + "skipped), p99 (unscaled)"),
            Column(
                name: "admission_lag_p99_ms", kind: .validity, polarity: .none,
                meaning: "how far behind schedule the harness admitted arrivals, p99 (unscaled)"),
            Column(
                name: "harness_wait_p99_ms", kind: .validity, polarity: .none,
                meaning: "how long an invocation's downloads waited inside the harness (its transport's queue) "
                    + "before their connection attempts, p99 over invocations that downloaded (unscaled)"),
            Column(
                name: "server_lateness_p99_ms", kind: .validity, polarity: .none,
                meaning: "how late the embedded media server sent delayed first bytes (its own timing error), p99 "
                    + "(unscaled); empty with --target"),
            Column(
                name: "extension_call_wait_p99_ms", kind: .validity, polarity: .none,
                meaning: "how long calls into a user's extension and its session callbacks waited for a harness "
                    + "thread, p99 (unscaled; a phone makes each at once); empty when none was made (a built-in "
                    + "extension other than the SDK profiles, in nse-bench's own process)"),
            Column(
                name: "cpu_utilisation", kind: .validity, polarity: .none,
                meaning: "CPU of the harness and the embedded server / (wall time × cores)"),
            Column(
                name: "machine_busy_peak", kind: .validity, polarity: .none,
                meaning: "share of all cores busy (every process) in the run's busiest second; empty if not measured"),
            Column(
                name: "machine_steal", kind: .validity, polarity: .none,
                meaning: "share of the machine's CPU time its virtual machine's host took for others over the run "
                    + "(steal time); named in invalid_reason from 5% beside the harness's delays; empty for a run under a "
                    + "second or if not measured"),
            Column(
                name: "start_lag_ms", kind: .validity, polarity: .none,
                meaning: "how long after --start-at the run began admitting (a merge: the latest instance's)"),
            Column(name: "fd_headroom", kind: .validity, polarity: .none, meaning: "file descriptors left at the peak"),
            Column(
                name: "valid", kind: .validity, polarity: .none, meaning: "false when the harness distorted the figures"
            ),
            Column(name: "invalid_reason", kind: .validity, polarity: .none, meaning: "why valid is false"),
            Column(name: "partial", kind: .validity, polarity: .none, meaning: "true when interrupted before the end"),
        ]
        // Added later: at the end, so the columns before keep their places.
        columns += mediaPeakColumns
        columns.append(crashReasonsColumn)
        return columns
    }()

    /// The column named `name`.
    public static func column(named name: String) -> Column? { columns.first { $0.name == name } }
}

extension String {
    fileprivate func replacingHyphensWithUnderscores() -> String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}
