/// How much of a load this machine could have run without queueing in the harness, estimated from a
/// run the harness saturated: the most invocations it finished in one second, and how long each took
/// outside the harness's own queue.
///
/// By Little's law a closed load of N keeps N / T invocations a second going when each takes T; the
/// harness finished at most X a second, so about X × T fit at once. Running at ``headroom`` of that
/// pace leaves the queue short. Measured with the default job on 2 cores (the embedded server on
/// the same cores): X × T was 413 to 523 over runs; 200 and 250 in flight were valid (downloads' wait
/// p99 20 and 31 ms), 313 was valid with a wait of 47 and 218 ms in two runs (the limit is 300 ms),
/// and 300 was not (372 ms).
///
/// ```swift
/// let estimate = SaturationEstimate(
///     peakFinishedPerSecond: 569, meanTimeToDeliver: 993_000_000, meanHarnessWait: 267_000_000)
/// estimate?.inFlight  // 206: about that many in flight fit
/// ```
public struct SaturationEstimate: Sendable, Equatable {
    /// The share of the saturated pace a load should ask for: half.
    public static let headroom = 0.5

    /// The most invocations finished in one (unscaled) second of the run.
    public var peakFinishedPerSecond: Int
    /// Mean nanoseconds (unscaled) from arrival to delivery, less the mean wait inside the harness.
    public var meanTimeOutsideHarness: UInt64

    /// Nil when the run gives nothing to estimate from: no second finished anything, or invocations
    /// spent no time outside the harness.
    public init?(peakFinishedPerSecond: Int, meanTimeToDeliver: UInt64, meanHarnessWait: UInt64) {
        guard peakFinishedPerSecond > 0, meanTimeToDeliver > meanHarnessWait else { return nil }
        self.peakFinishedPerSecond = peakFinishedPerSecond
        self.meanTimeOutsideHarness = meanTimeToDeliver - meanHarnessWait
    }

    /// From a run's timeline and unscaled histograms (``RunAggregate/histograms``: ``HistogramKey/deliver``
    /// and ``Phase/harnessWait``), measured at `timeScale`.
    public init?(timeline: RunTimeline, histograms: [HistogramKey: Histogram], timeScale: Double) {
        guard let peak = timeline.finished.max(), let deliver = histograms[.deliver], !deliver.isEmpty
        else { return nil }
        let scale = timeScale > 0 ? timeScale : 1
        let wait = histograms[.phase(.harnessWait)]?.mean ?? 0
        self.init(
            peakFinishedPerSecond: peak, meanTimeToDeliver: UInt64(deliver.mean / scale),
            meanHarnessWait: UInt64(wait / scale))
    }

    /// Invocations in flight that fit: ``headroom`` × the peak rate × the time outside the harness, at
    /// least 1.
    public var inFlight: Int {
        max(1, Int(Self.headroom * Double(peakFinishedPerSecond) * Double(meanTimeOutsideHarness) / 1e9))
    }

    /// Arrivals a second (unscaled) that fit: ``headroom`` × the peak rate, at least 1.
    public var arrivalsPerSecond: Int { max(1, Int(Self.headroom * Double(peakFinishedPerSecond))) }

    /// The line a summary prints for a saturated run of `load`.
    public func advice(for load: LoadModel) -> String {
        let pace =
            "the harness finished at most \(peakFinishedPerSecond) invocations in a second, and each took "
            + "\(FixedPoint.text(Double(meanTimeOutsideHarness) / 1e6, places: 0)) ms on average outside its queue"
        let fit: String
        switch load {
        case .closed: fit = "about \(inFlight) in flight fit here (--concurrency \(inFlight))"
        case .open: fit = "about \(arrivalsPerSecond) arrivals a second fit here (--rate, unscaled)"
        case .burst: fit = "about \(inFlight) in flight fit here (--max-in-flight \(inFlight))"
        }
        return "capacity: \(pace), so \(fit); or split the load over machines (docs/scale-out.md)"
    }
}
