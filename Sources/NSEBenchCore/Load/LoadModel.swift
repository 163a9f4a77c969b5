/// How invocations arrive: the load model of a run.
///
/// - Closed (`--concurrency N`): N invocations in flight; the next starts when one finishes, as in
///   k6's `constant-vus`. There is no queue, so queue time is zero by construction.
/// - Open (`--rate R`): arrivals on a schedule that does not wait for the system (k6's
///   `constant-arrival-rate`, wrk2), Poisson or evenly spaced, with at most `maxInFlight` running;
///   an arrival that finds every slot busy waits, and its 30 s budget runs while it waits.
/// - Burst (`--burst M`): M notifications arrive at the same instant, as a broadcast push does.
///
/// A ramp (`--ramp T`) raises the open rate, or the closed concurrency, linearly from zero to the
/// target over T.
public enum LoadModel: Sendable, Equatable, CustomStringConvertible {
    case closed(concurrency: Int)
    case open(ratePerSecond: Double, arrivals: ArrivalProcess, maxInFlight: Int)
    case burst(count: Int, maxInFlight: Int)

    /// How open-model arrivals are spaced.
    public enum ArrivalProcess: String, Sendable, Equatable, CaseIterable {
        /// Exponential gaps: independent devices receiving a push.
        case poisson
        /// Even gaps: a sender throttled to a fixed rate.
        case constant
    }

    /// The most invocations that may run at once.
    public var maxInFlight: Int {
        switch self {
        case .closed(let concurrency): concurrency
        case .open(_, _, let maxInFlight), .burst(_, let maxInFlight): maxInFlight
        }
    }

    /// `closed`, `open` or `burst`, for the summary's `load_model` column.
    public var name: String {
        switch self {
        case .closed: "closed"
        case .open: "open"
        case .burst: "burst"
        }
    }

    public var description: String {
        switch self {
        case .closed(let concurrency): "closed, \(concurrency) in flight"
        case .open(let rate, let arrivals, let maxInFlight):
            "open, \(rate)/s \(arrivals.rawValue) arrivals, at most \(maxInFlight) in flight"
        case .burst(let count, let maxInFlight): "burst of \(count), at most \(maxInFlight) in flight"
        }
    }
}

/// When a run stops admitting new invocations.
public enum RunLength: Sendable, Equatable, CustomStringConvertible {
    /// After this many invocations have arrived.
    case invocations(Int)
    /// After this many nanoseconds of arrivals (in-flight invocations then finish).
    case duration(UInt64)

    public var description: String {
        switch self {
        case .invocations(let count): "\(count) invocations"
        case .duration(let nanoseconds): "\(Double(nanoseconds) / 1e9) s"
        }
    }
}
