/// The intended arrival times of an open or burst run, as nanosecond offsets from the start.
///
/// The runner starts each invocation's clock at its intended arrival, not at the moment it got a
/// slot, so time spent waiting is measured (no coordinated omission). Deterministic for a seed.
///
/// ```swift
/// var schedule = ArrivalSchedule(model: .open(ratePerSecond: 100, arrivals: .constant, maxInFlight: 50),
///                                length: .invocations(3), ramp: 0, seed: 1)
/// schedule.next()  // 10_000_000, then 20_000_000, 30_000_000, then nil
/// ```
///
/// A burst with a fan-out (`--burst N --fanout T`) spreads its N arrivals over T as a broadcast reaches
/// phones: each phone is delivered at an independent uniform moment of the window, drawn in order as
/// the uniforms' order statistics, so the schedule stays sorted and streamed (no list of N times is
/// kept). A measured delivery curve (``FanoutCurve``) maps each ordered uniform through its inverse,
/// which keeps the order and the count. A wake-up jitter (``Fanout/wakeJitter``) then delays each
/// phone's arrival past its delivery by a draw of its own (a stream apart from the deliveries', so
/// the deliveries are the same with it or without); the phones delivered but not yet awake wait in
/// a heap until no later delivery can wake before them, so the arrivals still come out in order.
///
/// With a ``ExecutionSegment`` it yields only the arrivals that segment owns, at the times the whole
/// schedule gives them: the gaps are drawn for every arrival, so N segments together issue exactly
/// the single-machine schedule.
public struct ArrivalSchedule: Sendable, IteratorProtocol {
    private let model: LoadModel
    private let length: RunLength
    private let rampNanoseconds: UInt64
    private var generator: Xoshiro256StarStar
    private let segment: ExecutionSegment
    /// Arrivals of the whole schedule drawn so far, this segment's or not.
    private var issued = 0
    /// Arrivals issued to this segment.
    private var owned = 0
    private var time: Double = 0
    /// How a burst's arrivals are spread (``Fanout/atOnce``: every arrival at once).
    private let fanout: Fanout
    /// The last fan-out delivery's share of the herd, from 0 to 1 (an ordered uniform).
    private var fanoutPosition: Double = 0
    /// Deliveries drawn so far (with a wake-up jitter, ahead of the arrivals issued).
    private var deliveriesDrawn = 0
    /// The next delivery, drawn but not yet given its wake-up (with a wake-up jitter).
    private var upcomingDelivery: Double? = nil
    /// Phones delivered whose wake-ups are not yet issued (with a wake-up jitter).
    private var wakeUps = WakeUpQueue()
    /// The wake-up jitter's own stream.
    private var jitterGenerator: Xoshiro256StarStar

    /// `ramp` raises the open rate linearly from zero to its target over that many nanoseconds.
    /// `segment` keeps only the arrivals it owns (``ExecutionSegment/owns(_:)``). `fanout` spreads a
    /// burst's arrivals; other models ignore it.
    public init(
        model: LoadModel, length: RunLength, ramp: UInt64, seed: UInt64, segment: ExecutionSegment = .whole,
        fanout: Fanout = .atOnce
    ) {
        self.fanout = fanout
        self.model = model
        self.segment = segment
        self.length = length
        self.rampNanoseconds = ramp
        self.generator = Xoshiro256StarStar(seed: seed, stream: 0xA11_1CE5)
        self.jitterGenerator = Xoshiro256StarStar(seed: seed, stream: 0x3A4E_0117)
    }

    /// The next arrival's offset in nanoseconds, or nil when the run has admitted everything.
    public mutating func next() -> UInt64? {
        while let arrival = nextOfWhole() {
            if segment.owns(issued - 1) {
                owned += 1
                return arrival
            }
        }
        return nil
    }

    /// The next arrival of the whole (unsegmented) schedule.
    private mutating func nextOfWhole() -> UInt64? {
        if case .invocations(let count) = length, issued >= count { return nil }
        let arrival: Double
        switch model {
        case .burst(let count, _):
            guard issued < count else { return nil }
            arrival = fanout.spreads ? nextFanoutArrival(count: count) : 0
        case .closed:
            // Closed runs start an invocation whenever a slot frees; the runner asks only for a count.
            arrival = 0
        case .open(let rate, let process, _):
            time += gap(rate: rate, process: process)
            arrival = time
        }
        if case .duration(let limit) = length, arrival >= Double(limit) { return nil }
        issued += 1
        return UInt64(arrival.rounded())
    }

    /// The next fan-out arrival of a burst of `count`: the next delivery, or with a wake-up jitter the
    /// earliest wake-up that no later delivery can precede (a jitter is never negative).
    private mutating func nextFanoutArrival(count: Int) -> Double {
        guard let jitter = fanout.wakeJitter else {
            deliveriesDrawn += 1
            return nextDelivery(remaining: count - deliveriesDrawn + 1)
        }
        while true {
            if upcomingDelivery == nil, deliveriesDrawn < count {
                upcomingDelivery = nextDelivery(remaining: count - deliveriesDrawn)
                deliveriesDrawn += 1
            }
            guard let delivery = upcomingDelivery else { break }
            if let earliest = wakeUps.earliest, earliest <= delivery { break }
            wakeUps.insert(delivery + Double(jitter.sample(using: &jitterGenerator)))
            upcomingDelivery = nil
        }
        return wakeUps.removeEarliest() ?? 0
    }

    /// The next of `remaining` independent uniform deliveries in the fan-out window, in order, through
    /// the delivery curve: the smallest of the rest lies a Beta(1, remaining) share of the way from the
    /// last to the end.
    private mutating func nextDelivery(remaining: Int) -> Double {
        let exponent = naturalLog(generator.nextOpenUnitInterval()) / Double(remaining)
        // 1 - e^x, kept exact for the tiny x of a large burst (e^x rounds to 1 there).
        let step = exponent > -1e-5 ? -exponent - exponent * exponent / 2 : 1 - exponential(exponent)
        fanoutPosition += (1 - fanoutPosition) * step
        return fanout.curve.position(ofShare: fanoutPosition) * Double(fanout.window)
    }

    /// How many arrivals have been issued (to this segment).
    public var count: Int { owned }

    /// The gap to the next arrival at the rate in force now (ramped).
    private mutating func gap(rate: Double, process: ArrivalProcess) -> Double {
        let mean = 1e9 / currentRate(rate)
        switch process {
        case .constant:
            return mean
        case .poisson:
            return -naturalLog(generator.nextOpenUnitInterval()) * mean
        }
    }

    private func currentRate(_ target: Double) -> Double {
        guard rampNanoseconds > 0, time < Double(rampNanoseconds) else { return target }
        // Never below 1% of the target, so the first arrival does not wait for ever.
        return max(target * time / Double(rampNanoseconds), target / 100)
    }

    typealias ArrivalProcess = LoadModel.ArrivalProcess
}

/// A closed run's concurrency at a moment of a ramp: linear from 1 to the target.
public func rampedConcurrency(target: Int, elapsed: UInt64, ramp: UInt64) -> Int {
    guard ramp > 0, elapsed < ramp else { return target }
    return max(1, Int((Double(target) * Double(elapsed) / Double(ramp)).rounded(.up)))
}
