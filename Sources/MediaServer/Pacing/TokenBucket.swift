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

    /// The smallest paced write worth waking for: 5 ms of the rate, at most half the burst, at least
    /// 1 KB.
    ///
    /// Waking as soon as 1 KB had accrued made a 5 MB/s response about 1,200 writes a second, and the
    /// server and transport spent most of a paced run's CPU in the kernel for it (40 responses of
    /// 12 MB on Wi-Fi: 4.0 s of system time for 2.0 s of user time). 2 ms of tokens still cost the
    /// default job (`nse-bench --concurrency 500`, 2,000 phones moving 2.5 GB) 290,000 sends.
    /// Larger chunks cost slack: tokens stop accruing at the burst, so a write whose timer fires more
    /// than (burst − chunk) of the rate late loses tokens and the response runs slower than its
    /// bandwidth. 10 ms chunks left 2.8 ms of slack at 5 MB/s and failed the 1 MB/s test under load
    /// (600 KB in over 0.8 s); half the burst keeps at least half of it as slack at every rate (10 ms
    /// at 1 MB/s, 7.8 ms at 5 MB/s, 2.6 ms at 12.5 MB/s, where 2 ms chunks left 3.1 ms). Tokens accrue
    /// continuously, so the last bytes still go out when their tokens are due and a response ends on
    /// time; in between no byte is more than 5 ms behind the ideal line.
    public var pacedChunk: Int { max(1_024, min(burst / 2, Int(bytesPerSecond * 0.005))) }

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
