/// Every setting of a run that decides its results: the `setting` columns of `summary.csv`.
/// Two rows compare only when these match.
public struct RunSettings: Sendable, Equatable {
    public var scenario: String
    public var load: LoadModel
    public var length: RunLength
    /// Ramp length in nanoseconds, unscaled.
    public var ramp: UInt64
    public var extensionName: String
    /// The phones' networks: one class, or a population drawn per invocation.
    public var network: NetworkMix
    public var mediaMix: String
    public var encryptedFraction: Double
    public var mediaFraction: Double
    /// Unscaled nanoseconds.
    public var deadline: UInt64
    public var grace: UInt64
    public var memoryLimit: Int
    public var timeScale: Double
    public var seed: UInt64
    /// `embedded`, or the `--target` URL.
    public var target: String
    /// The share of the run this instance ran (`--segment`); the other settings describe the whole
    /// run, so that every segment's settings, and the merge's, match a single-machine run's.
    public var segment: ExecutionSegment = .whole
    /// A burst's fan-out window in unscaled nanoseconds (`--fanout`); 0 for every arrival at once.
    public var fanout: UInt64 = 0
    /// `--fanout-curve`: the delivery curve a fan-out follows; ``FanoutCurve/linear`` by default.
    public var fanoutCurve: FanoutCurve = .linear
    /// `--wake-jitter`, unscaled: each phone's delay from its delivery to its arrival; nil for none.
    public var wakeJitter: LatencyDistribution? = nil
    /// The origin cache's fetch time as given (`--origin-fetch`, unscaled); empty without one.
    public var originFetch: String = ""
    /// Whether the origin cache coalesces concurrent misses (`--coalesce`); nil without one.
    public var coalesce: Bool? = nil
    /// `--cold-start` and `--warm`, unscaled: the time phones take to start the extension's process;
    /// nil when every start is free.
    public var coldStarts: ColdStarts? = nil
    /// `--low-data-mode`: the share of phones on a constrained network.
    public var lowDataMode: LowDataMode = .off
    /// `--endpoint`, unscaled: the side endpoints' own network conditions; empty when none is shaped.
    public var endpoints: [EndpointConditions] = []
    /// `--wind-down`, unscaled: how long a finished invocation's work still runs before the phone suspends it.
    public var windDown: UInt64 = Self.defaultWindDown
    /// The wind-down the host assumes without `--wind-down`: 1 s.
    public static let defaultWindDown: UInt64 = 1_000_000_000

    public init(
        scenario: String, load: LoadModel, length: RunLength, ramp: UInt64, extensionName: String,
        network: NetworkMix, mediaMix: String, encryptedFraction: Double, mediaFraction: Double,
        deadline: UInt64, grace: UInt64, memoryLimit: Int, timeScale: Double, seed: UInt64, target: String
    ) {
        self.scenario = scenario
        self.load = load
        self.length = length
        self.ramp = ramp
        self.extensionName = extensionName
        self.network = network
        self.mediaMix = mediaMix
        self.encryptedFraction = encryptedFraction
        self.mediaFraction = mediaFraction
        self.deadline = deadline
        self.grace = grace
        self.memoryLimit = memoryLimit
        self.timeScale = timeScale
        self.seed = seed
        self.target = target
    }

    /// A burst's spread, unscaled: ``fanout``, ``fanoutCurve`` and ``wakeJitter`` together.
    public var burstFanout: Fanout { Fanout(window: fanout, curve: fanoutCurve, wakeJitter: wakeJitter) }

    /// The setting columns and their values.
    public var columns: [String: String] {
        var values: [String: String] = [
            "scenario": scenario, "load_model": load.name, "ramp_s": seconds(ramp), "extension": extensionName,
            "network": network.settingText,
            "media_mix": mediaMix,
            "encrypted_fraction": String(encryptedFraction), "media_fraction": String(mediaFraction),
            "deadline_s": seconds(deadline), "grace_s": seconds(grace), "memory_limit_bytes": String(memoryLimit),
            "time_scale": String(timeScale), "seed": String(seed), "target": target,
            "concurrency": "", "rate_per_s": "", "arrivals": "", "max_in_flight": "",
            "invocations_target": "", "duration_s": "",
            "segment": segment.isWhole ? "" : segment.description,
            "fanout_s": fanout > 0 ? seconds(fanout) : "",
            "fanout_curve": fanoutCurve.isLinear ? "" : fanoutCurve.source,
            "wake_jitter": wakeJitter?.description ?? "",
            "origin_fetch": originFetch, "coalesce": coalesce.map { $0 ? "on" : "off" } ?? "",
            "cold_start": coldStarts?.duration.description ?? "",
            "warm_pct": coldStarts?.warm.description ?? "",
            "low_data_mode_pct": lowDataMode.share.value > 0 ? lowDataMode.share.description : "",
            "endpoints": endpoints.map(\.description).joined(separator: " "),
            "wind_down_s": windDown == Self.defaultWindDown ? "" : seconds(windDown),
        ]
        switch load {
        case .closed(let concurrency): values["concurrency"] = String(concurrency)
        case .open(let rate, let arrivals, let maxInFlight):
            values["rate_per_s"] = String(rate)
            values["arrivals"] = arrivals.rawValue
            values["max_in_flight"] = String(maxInFlight)
        case .burst(_, let maxInFlight): values["max_in_flight"] = String(maxInFlight)
        }
        switch length {
        case .invocations(let count): values["invocations_target"] = String(count)
        case .duration(let nanoseconds): values["duration_s"] = seconds(nanoseconds)
        }
        if case .burst(let count, _) = load { values["invocations_target"] = String(count) }
        return values
    }

    private func seconds(_ nanoseconds: UInt64) -> String {
        String(Double(nanoseconds) / 1e9)
    }
}
