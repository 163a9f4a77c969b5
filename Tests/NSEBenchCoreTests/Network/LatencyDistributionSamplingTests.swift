import Testing

@testable import NSEBenchCore

@Suite("LatencyDistributionSampling")
struct LatencyDistributionSamplingTests {
    private func samples(_ distribution: LatencyDistribution, count: Int = 100_000, seed: UInt64 = 42) -> [Int64] {
        var generator = Xoshiro256StarStar(seed: seed)
        return (0..<count).map { _ in distribution.sample(using: &generator) }
    }

    /// The `p` quantile of `sorted` by the nearest-rank method.
    private func quantile(_ sorted: [Int64], _ p: Double) -> Double {
        Double(sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)])
    }

    private func relativeError(_ actual: Double, _ expected: Double) -> Double { abs(actual - expected) / expected }

    @Test func fixedAlwaysGivesItsValue() {
        #expect(Set(samples(.fixed(.milliseconds(200)), count: 1_000)) == [200_000_000])
    }

    @Test func uniformStaysWithinItsBoundsAndCoversThem() {
        let drawn = samples(.uniform(lower: .milliseconds(100), upper: .milliseconds(300)))
        #expect(drawn.allSatisfy { (100_000_000...300_000_000).contains($0) })
        let mean = Double(drawn.reduce(0, +)) / Double(drawn.count)
        #expect(relativeError(mean, 200_000_000) < 0.01)
        #expect(drawn.min()! < 101_000_000)
        #expect(drawn.max()! > 299_000_000)
        let tiny = samples(.uniform(lower: .init(nanoseconds: 3), upper: .init(nanoseconds: 5)), count: 3_000)
        #expect(Set(tiny) == [3, 4, 5])
    }

    @Test func normalMatchesItsMomentsAndIsNeverNegative() {
        let drawn = samples(.normal(mean: .milliseconds(200), standardDeviation: .milliseconds(50)))
        let mean = Double(drawn.reduce(0, +)) / Double(drawn.count)
        let variance = drawn.map { (Double($0) - mean) * (Double($0) - mean) }.reduce(0, +) / Double(drawn.count)
        #expect(relativeError(mean, 200e6) < 0.01)
        #expect(relativeError(variance.squareRoot(), 50e6) < 0.02)
        let wide = samples(.normal(mean: .milliseconds(10), standardDeviation: .milliseconds(50)))
        #expect(wide.allSatisfy { $0 >= 0 })
        let zeros = wide.filter { $0 == 0 }.count
        #expect(abs(Double(zeros) / Double(wide.count) - 0.42) < 0.01)  // P(Z < -0.2) = 0.4207
    }

    @Test func lognormalHitsItsMedianAndP99() {
        let drawn = samples(.lognormal(median: .milliseconds(300), p99: .seconds(3))).sorted()
        #expect(relativeError(quantile(drawn, 0.5), 300e6) < 0.05)
        #expect(relativeError(quantile(drawn, 0.99), 3e9) < 0.10)
        #expect(drawn.first! > 0)
    }

    @Test func paretoStartsAtItsScaleAndFollowsItsTail() {
        let distribution = LatencyDistribution.pareto(scale: .milliseconds(100), shape: 1.5, cap: nil)
        let drawn = samples(distribution).sorted()
        #expect(drawn.first! >= 100_000_000)
        // Quantile q of a Pareto: scale * (1 - q)^(-1/shape).
        #expect(relativeError(quantile(drawn, 0.5), 100e6 * 1.587_401_051_968_199_4) < 0.05)  // 2^(2/3)
        #expect(relativeError(quantile(drawn, 0.99), 100e6 * 21.544_346_900_318_84) < 0.10)  // 100^(2/3)
        let capped = samples(.pareto(scale: .milliseconds(100), shape: 0.5, cap: .seconds(30)))
        #expect(capped.max()! == 30_000_000_000)
        #expect(capped.allSatisfy { (100_000_000...30_000_000_000).contains($0) })
    }

    @Test func empiricalPicksUniformlyAmongItsSamples() {
        let drawn = samples(.empirical([1, 2, 3, 4]), count: 40_000)
        var counts: [Int64: Int] = [:]
        for value in drawn { counts[value, default: 0] += 1 }
        #expect(Set(counts.keys) == [1, 2, 3, 4])
        #expect(counts.values.allSatisfy { abs($0 - 10_000) < 400 })
    }

    @Test func degenerateCasesDrawZeroOrTheirFloor() {
        #expect(Set(samples(.empirical([]), count: 10)) == [0])
        #expect(Set(samples(.file(path: "x"), count: 10)) == [0])
        #expect(Set(samples(.lognormal(median: .seconds(1), p99: .zero), count: 10)) == [1_000_000_000])
        #expect(Set(samples(.pareto(scale: .seconds(1), shape: 0, cap: .seconds(2)), count: 10)) == [2_000_000_000])
        #expect(Set(samples(.pareto(scale: .seconds(1), shape: -1, cap: nil), count: 10)) == [.max])
    }

    @Test func sameSeedSameSamples() {
        let distribution = LatencyDistribution.lognormal(median: .milliseconds(300), p99: .seconds(3))
        #expect(samples(distribution, count: 1_000, seed: 5) == samples(distribution, count: 1_000, seed: 5))
        #expect(samples(distribution, count: 1_000, seed: 5) != samples(distribution, count: 1_000, seed: 6))
    }

    @Test(
        "every distribution uses exactly one draw per sample",
        arguments: [
            LatencyDistribution.fixed(.milliseconds(1)), .uniform(lower: .zero, upper: .seconds(1)),
            .normal(mean: .seconds(1), standardDeviation: .seconds(1)),
            .lognormal(median: .seconds(1), p99: .seconds(9)),
            .pareto(scale: .seconds(1), shape: 1.1, cap: .seconds(5)), .empirical([1, 2, 3]), .empirical([]),
            .file(path: "x"),
        ])
    func usesOneDrawPerSample(distribution: LatencyDistribution) {
        var sampled = Xoshiro256StarStar(seed: 3)
        var reference = Xoshiro256StarStar(seed: 3)
        for _ in 0..<1_000 {
            _ = distribution.sample(using: &sampled)
            _ = reference.next()
        }
        #expect(sampled == reference)
    }
}
