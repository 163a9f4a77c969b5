import Testing

@testable import NSEBenchCore

@Suite struct ReadingBudgetTests {
    private let millisecond: UInt64 = 1_000_000

    @Test func theFirstReadingIsDueAtOnce() {
        let budget = ReadingBudget(minimumInterval: 100 * millisecond, costMultiple: 100)
        #expect(budget.isDue(now: 0))
        #expect(budget.isDue(now: 5 * millisecond))
    }

    @Test func cheapReadingsComeAtTheMinimumInterval() {
        var budget = ReadingBudget(minimumInterval: 100 * millisecond, costMultiple: 100)
        // 0.2 ms at one part in 100: 20 ms would do; the minimum interval sets 100 ms.
        budget.read(startedAt: 1_000 * millisecond, endedAt: 1_000 * millisecond + 200_000)
        #expect(budget.nextReading == 1_100 * millisecond)
        #expect(!budget.isDue(now: 1_099 * millisecond))
        #expect(budget.isDue(now: 1_100 * millisecond))
    }

    @Test func aCostlyReadingPutsTheNextFurtherOffToKeepTheShare() {
        var budget = ReadingBudget(minimumInterval: 100 * millisecond, costMultiple: 100)
        // 3 ms at one part in 100 of a core: the next starts 300 ms after this one started.
        budget.read(startedAt: 2_000 * millisecond, endedAt: 2_003 * millisecond)
        #expect(budget.nextReading == 2_300 * millisecond)
        #expect(!budget.isDue(now: 2_200 * millisecond), "at the minimum interval it would have been due")
        #expect(budget.isDue(now: 2_300 * millisecond))
        // Cheap again: back to the minimum interval.
        budget.read(startedAt: 2_300 * millisecond, endedAt: 2_300 * millisecond + 100_000)
        #expect(budget.nextReading == 2_400 * millisecond)
    }

    @Test func aClockThatWentBackCountsAsAReadingThatTookNoTime() {
        var budget = ReadingBudget(minimumInterval: 100 * millisecond, costMultiple: 100)
        budget.read(startedAt: 500 * millisecond, endedAt: 400 * millisecond)
        #expect(budget.nextReading == 600 * millisecond)
    }

    @Test func hugeReadingsAndMultiplesDoNotOverflow() {
        var budget = ReadingBudget(minimumInterval: 0, costMultiple: .max)
        budget.read(startedAt: 10, endedAt: 20)
        #expect(budget.nextReading == .max)
        #expect(!budget.isDue(now: .max - 1))
        var one = ReadingBudget(minimumInterval: 0, costMultiple: 0)
        #expect(one.costMultiple == 1, "0 is taken as 1: the next may start as this one ends")
        one.read(startedAt: 0, endedAt: 10 * millisecond)
        #expect(one.nextReading == 10 * millisecond)
    }
}
