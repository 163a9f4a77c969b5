import Testing

@testable import MediaServer

@Suite("Token bucket")
struct TokenBucketTests {
    @Test func startsFullAndRefillsAtTheRate() {
        var bucket = TokenBucket(bytesPerSecond: 1_000_000, burst: 10_000, now: 0)
        #expect(bucket.take(upTo: 50_000, now: 0) == 10_000)
        #expect(bucket.take(upTo: 50_000, now: 0) == 0)
        #expect(bucket.take(upTo: 50_000, now: 5_000_000) == 5_000, "5 ms at 1 MB/s")
        #expect(bucket.take(upTo: 50_000, now: 1_000_000_000) == 10_000, "capped at the burst")
    }

    @Test func waitTimeMatchesTheRate() {
        var bucket = TokenBucket(bytesPerSecond: 1_000_000, burst: 16_384, now: 0)
        _ = bucket.take(upTo: 16_384, now: 0)
        #expect(bucket.nanosecondsUntil(available: 1_000, now: 0) == 1_000_000)
        #expect(bucket.nanosecondsUntil(available: 1_000, now: 2_000_000) == 0)
    }

    @Test func longRunAverageHoldsTheRate() {
        var bucket = TokenBucket(
            bytesPerSecond: 1_000_000, burst: TokenBucket.defaultBurst(bytesPerSecond: 1_000_000), now: 0)
        var now: UInt64 = 0
        var sent = 0
        while sent < 5_000_000 {
            let granted = bucket.take(upTo: 65_536, now: now)
            sent += granted
            if sent < 5_000_000 { now += max(bucket.nanosecondsUntil(available: 16_384, now: now), 1) }
        }
        let seconds = Double(now) / 1e9
        #expect(abs(seconds - 4.98) < 0.05, "5 MB at 1 MB/s less the initial burst: \(seconds) s")
    }

    @Test func aMinimumChunkWaitsInsteadOfTrickling() {
        var bucket = TokenBucket(bytesPerSecond: 1_000_000, burst: 20_000, now: 0)
        _ = bucket.take(upTo: 20_000, now: 0)
        #expect(bucket.take(upTo: 65_536, atLeast: 1_024, now: 50_000) == 0, "50 bytes accrued: wait")
        #expect(bucket.take(upTo: 65_536, atLeast: 1_024, now: 1_100_000) == 1_100)
        #expect(bucket.take(upTo: 10, atLeast: 1_024, now: 1_200_000) == 10, "a smaller final piece is fine")
    }

    @Test func givenBackTokensAreReusable() {
        var bucket = TokenBucket(bytesPerSecond: 1_000, burst: 1_000, now: 0)
        let granted = bucket.take(upTo: 1_000, now: 0)
        bucket.giveBack(400)
        #expect(granted == 1_000 && bucket.take(upTo: 1_000, now: 0) == 400)
    }

    @Test func thePacedChunkIsFiveMillisecondsOfTheRateAtMostHalfTheBurst() {
        let burst = { (rate: Double) in TokenBucket.defaultBurst(bytesPerSecond: rate) }
        #expect(TokenBucket(bytesPerSecond: 1_500_000, burst: burst(1_500_000), now: 0).pacedChunk == 7_500)
        // 5 MB/s: 5 ms is 25 KB, under half the 64 KB burst.
        #expect(TokenBucket(bytesPerSecond: 5_000_000, burst: burst(5_000_000), now: 0).pacedChunk == 25_000)
        #expect(TokenBucket(bytesPerSecond: 32_000, burst: burst(32_000), now: 0).pacedChunk == 1_024, "at least 1 KB")
        // 100 MB/s: 5 ms is 500 KB; half the 64 KB burst stays for a late timer.
        #expect(TokenBucket(bytesPerSecond: 100_000_000, burst: burst(100_000_000), now: 0).pacedChunk == 32_768)
    }

    /// Sends `bytes` at `rate` in chunks of the paced size, each wake-up `lateness` nanoseconds after its
    /// tokens are due; returns when the last byte went out, in seconds, and when it ideally would
    /// (the first burst at once, the rest at the rate).
    private func pacedSend(bytes: Int, rate: Double, lateness: UInt64) -> (seconds: Double, ideal: Double) {
        let burst = TokenBucket.defaultBurst(bytesPerSecond: rate)
        var bucket = TokenBucket(bytesPerSecond: rate, burst: burst, now: 0)
        var sent = 0
        var now: UInt64 = 0
        while sent < bytes {
            let chunk = min(bucket.pacedChunk, bytes - sent)
            let granted = bucket.take(upTo: bytes - sent, atLeast: chunk, now: now)
            sent += granted
            if granted == 0 { now += bucket.nanosecondsUntil(available: chunk, now: now) + lateness }
        }
        return (Double(now) / 1e9, Double(bytes - burst) / rate)
    }

    @Test func aTimerLateByLessThanHalfTheBurstLosesNoTokens() {
        // Every wake-up 9 ms late at 1 MB/s (20 KB burst, 5 KB chunks): the response still ends on time.
        let (seconds, ideal) = pacedSend(bytes: 600_000, rate: 1_000_000, lateness: 9_000_000)
        #expect(abs(seconds - ideal) < 0.012, "\(seconds) s against \(ideal) s")
    }

    @Test func aPacedResponseStillEndsWhenItsTokensAreDue() {
        // 1 MB at 5 MB/s in chunks of the paced size: the last byte goes out when its tokens accrue.
        let (seconds, ideal) = pacedSend(bytes: 1_000_000, rate: 5_000_000, lateness: 0)
        #expect(abs(seconds - ideal) < 0.002, "\(seconds) s against \(ideal) s")
    }
}
