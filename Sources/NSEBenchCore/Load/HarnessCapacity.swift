/// What `nse-bench capacity` measured this machine to sustain: the highest open arrival rate at which
/// a run stayed valid and delivered within its error budget of the first byte, and the invocations
/// in flight that rate amounts to. `run` warns before a load beyond it.
public struct HarnessCapacity: Sendable, Equatable, Codable {
    /// Arrivals a second (real time) the harness sustained.
    public var arrivalsPerSecond: Double
    /// Invocations in flight at that rate: the rate times the first byte.
    public var inFlight: Int
    /// The probe's first byte and the budget deliver p99 had to stay within, in milliseconds.
    public var firstByteMilliseconds: Double
    public var budgetMilliseconds: Double
    /// When, and by which nse-bench, on which host.
    public var measuredAt: String
    public var version: String
    public var host: HostFingerprint

    public init(
        arrivalsPerSecond: Double, inFlight: Int, firstByteMilliseconds: Double, budgetMilliseconds: Double,
        measuredAt: String, version: String, host: HostFingerprint
    ) {
        self.arrivalsPerSecond = arrivalsPerSecond
        self.inFlight = inFlight
        self.firstByteMilliseconds = firstByteMilliseconds
        self.budgetMilliseconds = budgetMilliseconds
        self.measuredAt = measuredAt
        self.version = version
        self.host = host
    }

    /// A warning for a run of `load` at `timeScale` (rates speed up by 1/scale) when it asks more
    /// than this capacity, or nil. Measured on another host, it says nothing about this one: nil.
    public func warning(for load: LoadModel, timeScale: Double, on host: HostFingerprint) -> String? {
        guard host == self.host else { return nil }
        let scale = timeScale > 0 ? timeScale : 1
        let measured =
            "this machine's measured capacity is \(Self.count(arrivalsPerSecond)) arrivals a second and "
            + "\(inFlight) in flight (nse-bench capacity, \(measuredAt))"
        let advice = "expect its times to include the harness's own delay, or split the load over machines"
        let asked: String
        switch load {
        case .open(let rate, _, _):
            let real = rate / scale
            guard real > arrivalsPerSecond else { return nil }
            asked =
                "\(Self.count(real)) arrivals a second"
                + (scale != 1 ? " (\(Self.count(rate))/s at --time-scale \(scale))" : "")
        case .closed(let concurrency):
            guard concurrency > inFlight else { return nil }
            asked = "\(concurrency) in flight"
        case .burst(let count, let maxInFlight):
            guard min(count, maxInFlight) > inFlight else { return nil }
            asked = "a burst of \(min(count, maxInFlight)) at once"
        }
        return "\(asked) is beyond what the harness sustains here: \(measured); \(advice)"
    }

    static func count(_ value: Double) -> String { String(Int64(value.rounded())) }
}
