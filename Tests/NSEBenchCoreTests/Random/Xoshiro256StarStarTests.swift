import Testing

@testable import NSEBenchCore

@Suite("SeededRandom")
struct SeededRandomTests {
    @Test func splitMix64MatchesTheReference() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func xoshiroMatchesTheReferenceVector() {
        var generator = Xoshiro256StarStar(state: (1, 2, 3, 4))
        let expected: [UInt64] = [
            11_520, 0, 1_509_978_240, 1_215_971_899_390_074_240, 1_216_172_134_540_287_360, 607_988_272_756_665_600,
            16_172_922_978_634_559_625, 8_476_171_486_693_032_832, 10_595_114_339_597_558_777,
            2_904_607_092_377_533_576,
        ]
        #expect((0..<10).map { _ in generator.next() } == expected)
    }

    @Test func seedingGoesThroughSplitMix64() {
        var generator = Xoshiro256StarStar(seed: 0)
        #expect(generator.next() == 0x99EC_5F36_CB75_F2B4)
        #expect(generator.next() == 0xBF6E_1F78_4956_452A)
    }

    @Test func sameSeedSameSequence() {
        var first = Xoshiro256StarStar(seed: 2024)
        var second = Xoshiro256StarStar(seed: 2024)
        #expect((0..<1_000).map { _ in first.next() } == (0..<1_000).map { _ in second.next() })
        var other = Xoshiro256StarStar(seed: 2025)
        var again = Xoshiro256StarStar(seed: 2024)
        #expect((0..<8).map { _ in other.next() } != (0..<8).map { _ in again.next() })
    }

    @Test func forkIsDeterministicAndDoesNotAdvanceTheParent() {
        let root = Xoshiro256StarStar(seed: 9)
        var a = root.fork(stream: 3)
        var b = root.fork(stream: 3)
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
        #expect(root == Xoshiro256StarStar(seed: 9))
        #expect(Xoshiro256StarStar(seed: 9, stream: 3) == root.fork(stream: 3))
    }

    @Test func differentStreamsDiffer() {
        let root = Xoshiro256StarStar(seed: 9)
        var firstWords = Set<UInt64>()
        for stream in UInt64(0)..<10_000 {
            var child = root.fork(stream: stream)
            firstWords.insert(child.next())
        }
        #expect(firstWords.count == 10_000)
        var parent = root
        #expect(root.fork(stream: 0) != parent.fork(stream: 0).fork(stream: 0))
        let child = parent.split()
        #expect(parent != root)
        #expect(child != root)
    }

    @Test func forkedStreamsAreUncorrelated() {
        let root = Xoshiro256StarStar(seed: 77)
        var x = root.fork(stream: 0)
        var y = root.fork(stream: 1)
        let n = 50_000
        var sumX = 0.0
        var sumY = 0.0
        var sumXY = 0.0
        for _ in 0..<n {
            let u = x.nextUnitInterval() - 0.5
            let v = y.nextUnitInterval() - 0.5
            sumX += u
            sumY += v
            sumXY += u * v
        }
        let covariance = sumXY / Double(n) - (sumX / Double(n)) * (sumY / Double(n))
        let correlation = covariance / (1.0 / 12.0)
        #expect(abs(correlation) < 0.02)
    }

    @Test func drawsStayInRange() {
        var generator = Xoshiro256StarStar(seed: 5)
        var sum = 0.0
        var counts = [Int](repeating: 0, count: 10)
        for _ in 0..<100_000 {
            let u = generator.nextUnitInterval()
            #expect(u >= 0 && u < 1)
            let open = generator.nextOpenUnitInterval()
            #expect(open > 0 && open < 1)
            sum += u
            counts[Int(generator.nextUInt64(below: 10))] += 1
        }
        #expect(abs(sum / 100_000 - 0.5) < 0.005)
        #expect(counts.allSatisfy { abs($0 - 10_000) < 500 })
        #expect(generator.nextUInt64(below: 0) == 0)
    }

    @Test func standardNormalHasUnitVariance() {
        var generator = Xoshiro256StarStar(seed: 11)
        let samples = (0..<100_000).map { _ in generator.nextStandardNormal() }
        let mean = samples.reduce(0, +) / Double(samples.count)
        let variance = samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(samples.count)
        #expect(abs(mean) < 0.02)
        #expect(abs(variance - 1) < 0.02)
    }
}
