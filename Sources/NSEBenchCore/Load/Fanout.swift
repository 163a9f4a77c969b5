/// How a burst's arrivals are spread as a broadcast reaches phones (`--fanout`, `--fanout-curve`,
/// `--wake-jitter`): over a window, along a delivery curve, each phone then waking after a delay of
/// its own. ``atOnce`` (no window, no jitter) is a burst at one instant.
///
/// ```swift
/// let fanout = Fanout(window: 10_000_000_000, curve: .linear,
///                     wakeJitter: try LatencyDistribution(parsing: "uniform:0ms..2s"))
/// fanout.scaled(by: 0.1).window  // 1_000_000_000
/// ```
public struct Fanout: Sendable, Hashable {
    /// The window the deliveries are spread over, nanoseconds; 0 delivers every phone at once.
    public var window: UInt64
    /// The share of phones delivered by each moment of the window.
    public var curve: FanoutCurve
    /// Each phone's delay from its delivery to its arrival (waking its radio, starting the service);
    /// nil for none.
    public var wakeJitter: LatencyDistribution?

    /// A spread over `window` along `curve`, each arrival `wakeJitter` after its delivery.
    public init(window: UInt64 = 0, curve: FanoutCurve = .linear, wakeJitter: LatencyDistribution? = nil) {
        self.window = window
        self.curve = curve
        self.wakeJitter = wakeJitter
    }

    /// Every arrival at the burst's start.
    public static let atOnce = Fanout()

    /// Whether the arrivals are spread at all (a window or a jitter).
    public var spreads: Bool { window > 0 || wakeJitter != nil }

    /// The same spread with every time multiplied by `factor` (`--time-scale`).
    public func scaled(by factor: Double) -> Fanout {
        Fanout(
            window: UInt64((Double(window) * factor).rounded()), curve: curve,
            wakeJitter: wakeJitter?.scaled(by: factor))
    }
}
