import NSEBenchCore
import Testing

/// An invocation's phase durations: a dictionary's behaviour over storage held in place.
@Suite("Phase durations")
struct PhaseDurationsTests {
    /// Its storage has room for 8 (an `InlineArray<8, UInt64>` and a `UInt8` of bits): a ninth phase must
    /// widen both, which this says by name rather than by a trap in the test below.
    @Test("there are no more phases than it has room for")
    func room() {
        #expect(Phase.allCases.count <= 8, "PhaseDurations holds 8 phases: widen its storage and bits")
    }

    @Test("every phase fits, keeps its own duration, and reads back in Phase.allCases order")
    func everyPhaseFits() {
        var durations = PhaseDurations()
        for (index, phase) in Phase.allCases.enumerated() { durations[phase] = UInt64(100 + index) }
        #expect(durations.count == Phase.allCases.count)
        #expect(Phase.allCases.enumerated().allSatisfy { durations[$1] == UInt64(100 + $0) })
        #expect(durations.map(\.0) == Phase.allCases)
        #expect(durations.map(\.1) == Phase.allCases.indices.map { UInt64(100 + $0) })
    }

    @Test("a phase not set is absent, a zero duration is present, and setting nil removes one")
    func absentAndZero() {
        var durations: PhaseDurations = [.download: 0, .queued: 7]
        #expect(durations[.download] == 0)
        #expect(durations[.connect] == nil)
        #expect(durations.count == 2)
        #expect(durations.map(\.0) == [.queued, .download])
        durations[.download] = nil
        #expect(durations[.download] == nil)
        #expect(durations.count == 1)
        durations[.queued] = nil
        #expect(durations.isEmpty)
        #expect(Array(durations).isEmpty)
        #expect(durations == PhaseDurations())
    }

    @Test("equal when the same phases have the same durations, however they were set")
    func equality() {
        let one: PhaseDurations = [.queued: 1]
        var removed: PhaseDurations = [.queued: 1, .attach: 9]
        removed[.attach] = nil
        #expect(removed == one)
        #expect(removed.hashValue == one.hashValue)
        #expect(one != [.queued: 2])
        let zero: PhaseDurations = [.queued: 0]
        #expect(zero != [:], "a zero duration is not an absent phase")
        let twice: PhaseDurations = [.queued: 1, .queued: 3]
        #expect(twice == [.queued: 3], "the last duration given is kept")
    }

    @Test("printed as the dictionary it stands for")
    func description() {
        let empty: PhaseDurations = [:]
        let two: PhaseDurations = [.firstByte: 2, .queued: 1]
        #expect(empty.description == "[:]")
        #expect(two.description == "[queued: 1, first_byte: 2]")
    }
}
