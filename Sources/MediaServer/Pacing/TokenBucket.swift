/// A token bucket that paces bytes to a rate: tokens accrue at `bytesPerSecond`, up to `burst`,
/// and a send may take only what has accrued.
///
/// Pure and clock-free: callers pass monotonic nanoseconds, so tests drive it with no sleeping.
///
/// ```swift
/// var bucket = TokenBucket(bytesPerSecond: 1_000_000, burst: 16_384, now: start)
/// let allowed = bucket.take(upTo: 65_536, now: now)      // at most what has accrued
/// let wait = bucket.nanosecondsUntil(available: 16_384, now: now)
/// ```
public struct TokenBucket: Sendable, Equatable {
    public let bytesPerSecond: Double
    /// The most tokens held at once: how much may go out in one burst after an idle period.
    public let burst: Int
    private var tokens: Double
    private var updatedAt: UInt64

    /// A bucket that starts full.
    public init(bytesPerSecond: Double, burst: Int, now: UInt64) {
        self.bytesPerSecond = bytesPerSecond
        self.burst = max(1, burst)
        self.tokens = Double(max(1, burst))
        self.updatedAt = now
    }

    /// A burst that keeps writes reasonably large without letting a connection run ahead of its rate
    /// by more than about 20 ms (at least 1 KB, at most 64 KB).
    public static func defaultBurst(bytesPerSecond: Double) -> Int {
        Int(min(max(bytesPerSecond * 0.02, 1_024), 65_536))
    }

    /// The smallest paced write worth waking for: 10 ms of the rate, at least 1 KB, at most the burst.
    ///
    /// Waking as soon as 1 KB had accrued made a 5 MB/s response about 1,200 writes a second, and the
    /// server and transport spent most of a paced run's CPU in the kernel for it (40 responses of
    /// 12 MB on Wi-Fi: 4.0 s of system time for 2.0 s of user time). 2 ms of tokens still cost the
    /// default job (`nse-bench --concurrency 500`, 2,000 phones moving 2.5 GB) 290,000 sends and
    /// 16.4 s of CPU on 2 cores; 10 ms of tokens, 91,000 sends and 10.2 s, with the same delivery times
    /// (the run's p50 went 1,111 → 733 ms because the harness queued less). Tokens accrue
    /// continuously, so the last bytes still go out when their tokens are due and a response ends on
    /// time; in between no byte is more than 10 ms behind the ideal line, finer than the round trip
    /// of any phone network the profiles model (TCP delivers a window per round trip anyway).
    public var pacedChunk: Int { min(burst, max(1_024, Int(bytesPerSecond * 0.010))) }

    /// Takes up to `wanted` tokens; returns how many were granted (possibly 0).
    ///
    /// Grants nothing unless at least `minimum` tokens (capped at `wanted` and the burst) have
    /// accrued, so a paced writer sends chunks instead of spinning on the few bytes that trickle in
    /// while each send runs.
    public mutating func take(upTo wanted: Int, atLeast minimum: Int = 1, now: UInt64) -> Int {
        refill(now: now)
        guard tokens >= Double(min(minimum, wanted, burst)) else { return 0 }
        let granted = min(wanted, Int(tokens))
        tokens -= Double(granted)
        return max(0, granted)
    }

    /// Returns tokens that were granted but not used (a short write).
    public mutating func giveBack(_ unused: Int) {
        tokens = min(Double(burst), tokens + Double(max(0, unused)))
    }

    /// How long until `available` tokens (capped at the burst) will have accrued; 0 if they already have.
    public mutating func nanosecondsUntil(available: Int, now: UInt64) -> UInt64 {
        refill(now: now)
        let needed = Double(min(available, burst)) - tokens
        guard needed > 0 else { return 0 }
        return UInt64((needed / bytesPerSecond * 1e9).rounded(.up))
    }

    private mutating func refill(now: UInt64) {
        guard now > updatedAt else { return }
        tokens = min(Double(burst), tokens + Double(now - updatedAt) * bytesPerSecond / 1e9)
        updatedAt = now
    }
}
