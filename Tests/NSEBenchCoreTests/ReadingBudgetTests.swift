import Testing

@testable import NSEBenchCore

@Suite struct ReadingBudgetTests {
    private let millisecond: UInt64 = 1_000_000

    private func budget(costMultiple: UInt64 = 100) -> ReadingBudget {
        ReadingBudget(
            minimumInterval: 100 * millisecond, maximumInterval: 1_000 * millisecond, costMultiple: costMultiple)
    }

    @Test func theFirstReadingIsDueAtOnce() {
        #expect(budget().isDue(now: 0))
        #expect(budget().isDue(now: 5 * millisecond))
    }

    @Test func cheapReadingsComeAtTheMinimumInterval() {
        var budget = self.budget()
        // 0.2 ms at one part in 100: 20 ms would do; the minimum interval sets 100 ms.
        budget.read(startedAt: 1_000 * millisecond, cost: 200_000)
        #expect(budget.nextReading == 1_100 * millisecond)
        #expect(!budget.isDue(now: 1_099 * millisecond))
        #expect(budget.isDue(now: 1_100 * millisecond))
    }

    @Test func aCostlyReadingPutsTheNextFurtherOffToKeepTheShare() {
        var budget = self.budget()
        // 3 ms at one part in 100 of a core: the next starts 300 ms after this one started.
        budget.read(startedAt: 2_000 * millisecond, cost: 3 * millisecond)
        #expect(budget.nextReading == 2_300 * millisecond)
        #expect(!budget.isDue(now: 2_200 * millisecond), "at the minimum interval it would have been due")
        #expect(budget.isDue(now: 2_300 * millisecond))
        // Cheap again: back to the minimum interval.
        budget.read(startedAt: 2_300 * millisecond, cost: 100_000)
        #expect(budget.nextReading == 2_400 * millisecond)
    }

    @Test func noReadingPutsTheNextBeyondTheMaximumInterval() {
        var budget = self.budget()
        // 30 ms would ask for 3 s; the next comes 1 s after this one started.
        budget.read(startedAt: 5_000 * millisecond, cost: 30 * millisecond)
        #expect(budget.nextReading == 6_000 * millisecond)
        budget.read(startedAt: 6_000 * millisecond, cost: .max)
        #expect(budget.nextReading == 7_000 * millisecond, "a cost that overflows is held to the maximum too")
    }

    @Test func intervalsAndMultiplesOutOfRangeAreTakenAsTheNearestThatMakesSense() {
        let inverted = ReadingBudget(minimumInterval: 500, maximumInterval: 100, costMultiple: 0)
        #expect(inverted.maximumInterval == 500)
        #expect(inverted.costMultiple == 1)
        var one = ReadingBudget(minimumInterval: 0, maximumInterval: .max, costMultiple: 0)
        one.read(startedAt: 0, cost: 10 * millisecond)
        #expect(one.nextReading == 10 * millisecond, "a multiple of 1: the next may start as this one's cost")
    }

    @Test func theNextReadingNeverWrapsAroundTheClock() {
        var unbounded = ReadingBudget(minimumInterval: 0, maximumInterval: .max, costMultiple: .max)
        unbounded.read(startedAt: 10, cost: 20)
        #expect(unbounded.nextReading == .max)
        #expect(!unbounded.isDue(now: .max - 1))
        var late = budget()
        late.read(startedAt: .max - 5, cost: 0)
        #expect(late.nextReading == .max)
    }
}
