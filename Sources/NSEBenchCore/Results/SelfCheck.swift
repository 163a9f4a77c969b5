/// Whether the harness distorted its own figures: its timer lateness, how far behind its transport
/// loop ran, how far behind schedule it admitted arrivals, how long a user's extension's calls waited for
/// its threads, CPU saturation and file-descriptor headroom. A run that fails a check is reported
/// `valid=false` with every reason, in the summary and the CSV.
public struct SelfCheck: Sendable, Equatable {
    /// Limits, in unscaled time (a lateness measured at `--time-scale 0.01` counts 100 times).
    public struct Limits: Sendable, Equatable {
        /// The most deadline-timer lateness (p99) tolerated: the larger of this and 1% of the deadline.
        public var timerLatenessNanoseconds: UInt64 = 5_000_000
        /// The most transport-loop lag (p99) tolerated, likewise: how late the loop that reads responses
        /// got round to them. The downloads' wait in the harness, the embedded server's lateness and the
        /// extension's calls' wait for a thread are held to it too.
        public var transportLagNanoseconds: UInt64 = 5_000_000
        /// The most admission lag (p99) tolerated, likewise.
        public var admissionLagNanoseconds: UInt64 = 10_000_000
        /// Harness CPU over wall time × cores above this means the machine, not the target, set the pace.
        public var cpuUtilisation: Double = 0.9
        /// The shortest run whose CPU share is judged, in wall seconds: over a shorter one the media
        /// server's CPU, read from /proc in 10 ms ticks, is too coarse to say (a 20 ms run with one tick
        /// of the server's reads as 25% of two cores). Its lags are still judged.
        public var cpuJudgedFromWallSeconds: Double = 1
        /// Fewer spare descriptors than this share of the limit at the peak means connections may
        /// have failed for the harness's sake.
        public var descriptorHeadroom: Double = 0.05
        /// The steal share (``SelfCheck/machineSteal``) from which a run whose harness fell behind also
        /// names the host's share (``SelfCheck/stealNote(delayed:limits:)``): below it, steal is too small
        /// to explain a delay.
        public var stealNamed: Double = 0.05

        public init() {}
    }

    public var timerLatenessP99: UInt64
    /// How late a probe timer on the transport loop fired, p99 (``LoopLagProbe``).
    public var transportLagP99: UInt64
    public var admissionLagP99: UInt64
    /// How long invocations' downloads waited inside the harness before their connection attempts,
    /// p99 (``Phase/harnessWait``): a saturated transport queues connections that
    /// the transport-loop probe never sees late.
    public var harnessWaitP99: UInt64 = 0
    /// How long calls into a user's extension (`didReceive`, its expiry call) and its session callbacks
    /// waited for a thread of the harness's, p99: a phone makes each at once, in a process of its own. Nil
    /// when none was made (a built-in extension's calls are made where its invocation runs; only the SDK
    /// profiles' session callbacks take such a thread).
    public var extensionCallWaitP99: UInt64? = nil
    /// How late the embedded media server sent its delayed first bytes, p99: the server's own timing
    /// error (0 with `--target`, or when nothing was delayed).
    public var serverLatenessP99: UInt64 = 0
    public var cpuUtilisation: Double
    /// The wall time ``cpuUtilisation`` was measured over, in seconds; nil when not known (judged then).
    public var wallSeconds: Double? = nil
    /// The share of all cores busy, by every process on the machine, in the run's busiest second; nil
    /// when not measured. Not judged by itself (a burst may fill a second and still keep time), but a
    /// saturated harness shows here while ``cpuUtilisation`` over a long run looks low.
    public var machineBusyPeak: Double? = nil
    /// The share of the machine's CPU time its virtual machine's host gave to others over the run (steal
    /// time, `/proc/stat`); nil when not measured. Not judged by itself, but named beside the delays it
    /// can cause: a host that takes the cores stalls timers and loops that a phone would not see stall.
    public var machineSteal: Double? = nil
    /// Spare descriptors at the peak, and the limit.
    public var descriptorsFree: Int
    public var descriptorLimit: Int

    public init(
        timerLatenessP99: UInt64, transportLagP99: UInt64, admissionLagP99: UInt64, cpuUtilisation: Double,
        descriptorsFree: Int, descriptorLimit: Int
    ) {
        self.timerLatenessP99 = timerLatenessP99
        self.transportLagP99 = transportLagP99
        self.admissionLagP99 = admissionLagP99
        self.cpuUtilisation = cpuUtilisation
        self.descriptorsFree = descriptorsFree
        self.descriptorLimit = descriptorLimit
    }

    /// The harness's delay an invocation's download could have suffered beyond its own measured wait:
    /// transport lag, server lateness, admission lag and the extension's calls' wait for a thread (a
    /// `didReceive` that waited starts its download that much later), p99 each, as measured, summed.
    public var harnessLagBound: UInt64 {
        transportLagP99 &+ serverLatenessP99 &+ admissionLagP99 &+ (extensionCallWaitP99 ?? 0)
    }

    /// The gate's default minimum effect on a rate (`compare`'s 1 point): an uncertainty band wider
    /// than this could hide or fake a regression.
    public static let uncertaintyLimit = 0.01

    /// Why a run whose `uncertain` misses (``RunAggregate/uncertain(lagBound:)``) are more than
    /// ``uncertaintyLimit`` of its `invocations` is not valid; nil when they are not.
    public static func problem(uncertain: Int, invocations: Int) -> String? {
        guard invocations > 0 else { return nil }
        let band = Double(uncertain) / Double(invocations)
        guard band > uncertaintyLimit else { return nil }
        return "\(uncertain) misses (\(FixedPoint.text(band * 100, places: 1)) points of the enriched rate) ended "
            + "their download after the deadline by less than the harness's own delay: more than the gate's "
            + "\(FixedPoint.text(uncertaintyLimit * 100, places: 0))-point minimum effect may be the harness's"
    }

    /// Why a run whose `count` invocations were still running `drainLimit` nanoseconds after its last
    /// admission (or its stop), and were cancelled, is the harness's failure; nil for none. Every
    /// invocation ends by its deadline, grace and wind-down (a worker's record, by its answer limit): one
    /// running long after is no interruption, and no outcome of the extension's.
    public static func problem(cutOff count: Int, drainLimit: UInt64) -> String? {
        guard count > 0 else { return nil }
        return "\(count) \(count == 1 ? "invocation was" : "invocations were") still running "
            + "\(FixedPoint.text(Double(drainLimit) / 1e9, places: 1)) s after the last admission (or the stop), "
            + "past \(count == 1 ? "its" : "their") deadline, grace and wind-down, and \(count == 1 ? "was" : "were") "
            + "cancelled: the harness did not end \(count == 1 ? "it" : "them") in time"
    }

    /// The reasons the run is not valid; empty when it is.
    ///
    /// - Parameters:
    ///   - timeScale: the run's `--time-scale`; measured times are divided by it before comparing.
    ///   - deadline: the extension's budget in unscaled nanoseconds.
    public func problems(timeScale: Double, deadline: UInt64, limits: Limits = Limits()) -> [String] {
        var problems = delays(timeScale: timeScale, deadline: deadline, limits: limits)
        if cpuUtilisation > limits.cpuUtilisation, (wallSeconds ?? .infinity) >= limits.cpuJudgedFromWallSeconds {
            problems.append(
                "harness CPU at \(Int((cpuUtilisation * 100).rounded()))% of the machine: the harness, not the target, "
                    + "set the pace")
        }
        if descriptorLimit > 0, Double(descriptorsFree) < Double(descriptorLimit) * limits.descriptorHeadroom {
            problems.append("only \(descriptorsFree) of \(descriptorLimit) file descriptors were free at the peak")
        }
        return problems
    }

    /// The harness's delays beyond their limits, the first of ``problems(timeScale:deadline:limits:)``:
    /// its timers, its transport loop, its transport's queue, its threads for the extension's calls, the
    /// embedded server's first bytes and its admission fell behind. A host that takes the cores shows
    /// here first (``stealNote(delayed:limits:)``).
    public func delays(timeScale: Double, deadline: UInt64, limits: Limits = Limits()) -> [String] {
        var problems: [String] = []
        let scale = timeScale > 0 ? timeScale : 1
        let onePercent = Double(deadline) / 100
        let latenessLimit = max(Double(limits.timerLatenessNanoseconds), onePercent)
        let lateness = Double(timerLatenessP99) / scale
        if lateness > latenessLimit {
            problems.append(
                "timer lateness p99 \(milliseconds(lateness)) ms (unscaled) exceeds \(milliseconds(latenessLimit)) ms")
        }
        let transportLimit = max(Double(limits.transportLagNanoseconds), onePercent)
        let transportLag = Double(transportLagP99) / scale
        if transportLag > transportLimit {
            problems.append(
                "transport loop lag p99 \(milliseconds(transportLag)) ms (unscaled) exceeds "
                    + "\(milliseconds(transportLimit)) ms: responses were read late")
        }
        let harnessWait = Double(harnessWaitP99) / scale
        if harnessQueued(timeScale: timeScale, deadline: deadline, limits: limits) {
            problems.append(
                "downloads waited \(milliseconds(harnessWait)) ms (p99, unscaled) inside the harness before their "
                    + "connection attempts, over \(milliseconds(transportLimit)) ms: the harness's transport queued "
                    + "them, not the network")
        }
        if let wait = extensionCallWaitP99, case let callWait = Double(wait) / scale, callWait > transportLimit {
            problems.append(
                "calls into the extension and its session callbacks waited \(milliseconds(callWait)) ms (p99, "
                    + "unscaled) for a thread of the harness's, over \(milliseconds(transportLimit)) ms: a phone "
                    + "makes each at once")
        }
        let serverLateness = Double(serverLatenessP99) / scale
        if serverLateness > transportLimit {
            problems.append(
                "the embedded media server sent delayed first bytes \(milliseconds(serverLateness)) ms late (p99, "
                    + "unscaled), over \(milliseconds(transportLimit)) ms: its own load, not the simulated network")
        }
        let lagLimit = max(Double(limits.admissionLagNanoseconds), onePercent)
        let lag = Double(admissionLagP99) / scale
        if lag > lagLimit {
            problems.append(
                "admission lag p99 \(milliseconds(lag)) ms (unscaled) exceeds \(milliseconds(lagLimit)) ms")
        }
        return problems
    }

    /// The host's share of the machine's CPU time (``machineSteal``), named beside the harness delays
    /// that made a run invalid (`delayed`: its timers, loops, admission or extension processes fell behind,
    /// or misses were within the harness's delay): a host that takes the cores stalls them as a phone's
    /// would not stall. Nil when nothing was delayed, or steal was below ``Limits/stealNamed``.
    public func stealNote(delayed: Bool, limits: Limits = Limits()) -> String? {
        guard delayed, let machineSteal, machineSteal >= limits.stealNamed else { return nil }
        return "the machine's host took \(Int((machineSteal * 100).rounded()))% of its CPU time during the run "
            + "(steal time), so the harness's delays above may be the host's doing rather than the load's: a "
            + "quieter machine may keep time"
    }

    /// Whether downloads waited in the harness's own queue longer than the transport's limit: the
    /// harness, not the network, set the pace (a ``SaturationEstimate`` then says what would fit).
    public func harnessQueued(timeScale: Double, deadline: UInt64, limits: Limits = Limits()) -> Bool {
        let scale = timeScale > 0 ? timeScale : 1
        let transportLimit = max(Double(limits.transportLagNanoseconds), Double(deadline) / 100)
        return Double(harnessWaitP99) / scale > transportLimit
    }

    private func milliseconds(_ nanoseconds: Double) -> String {
        let value = (nanoseconds / 1e4).rounded() / 100
        return String(value)
    }
}
