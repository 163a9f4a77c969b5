/// How long a phone takes to start the extension's process before `didReceive` (`--cold-start DIST`),
/// and the share of invocations that find a process already running (`--warm PCT`), which cost nothing.
///
/// Each invocation's start is drawn from a stream of its own (the run's seed and the invocation's index),
/// apart from the payload's and the network class's, so adding cold starts changes no payload and no
/// phone's network. The start time counts against the budget: it runs from the notification's arrival.
///
/// ```swift
/// let starts = ColdStarts(duration: try LatencyDistribution(parsing: "lognormal:median=300ms,p99=2s"),
///                         warm: Percentage(clamping: 40))
/// starts.startTime(ofInvocation: 7, seed: 1)  // nil: warm; or the nanoseconds this one takes to start
/// ```
public struct ColdStarts: Sendable, Hashable {
    /// The time a cold start takes, drawn per cold invocation.
    public var duration: LatencyDistribution
    /// The share of invocations whose process is already running (warm: no start time).
    public var warm: Percentage

    /// Cold starts taking `duration`, except for the `warm` share.
    public init(duration: LatencyDistribution, warm: Percentage = .zero) {
        self.duration = duration
        self.warm = warm
    }

    /// The nanoseconds invocation `index` of a run seeded `seed` spends starting its process; nil for
    /// a warm start. Always two draws from the invocation's own stream (warm roll, then duration), so a
    /// change of `warm` never shifts another invocation's duration.
    public func startTime(ofInvocation index: Int, seed: UInt64) -> UInt64? {
        var generator = Xoshiro256StarStar(seed: seed ^ Self.streamSalt, stream: UInt64(bitPattern: Int64(index)))
        let roll = generator.nextUnitInterval()
        let drawn = duration.sample(using: &generator)
        guard roll >= warm.probability else { return nil }
        return UInt64(max(0, drawn))
    }

    /// The same starts with every time multiplied by `factor` (`--time-scale`).
    public func scaled(by factor: Double) -> ColdStarts {
        ColdStarts(duration: duration.scaled(by: factor), warm: warm)
    }

    static let streamSalt: UInt64 = 0x636F_6C64_7374_7274  // "coldstrt"
}
