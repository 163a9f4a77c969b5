import NSEBenchCore
import Testing

@testable import NSEBenchCLI

@Suite("The summary's crashes by reason")
struct CrashLinesTests {
    func aggregate(_ counts: [(String, Int)]) -> RunAggregate {
        var aggregate = RunAggregate()
        var id = 0
        for (reason, count) in counts {
            for _ in 0..<count {
                var measurement = InvocationMeasurement(id: id, outcome: .crashed, timeToDeliver: nil, slack: nil)
                measurement.crashReason = reason
                aggregate.record(measurement)
                id += 1
            }
        }
        return aggregate
    }

    @Test func noCrashNoLines() {
        #expect(BlameTable.crashLines(RunAggregate()).isEmpty)
    }

    @Test func theLargestAreNamedAndTheRestCountedTogether() {
        let lines = BlameTable.crashLines(
            aggregate([("a", 1), ("b", 7), ("c", 2), ("d", 3), ("e", 4), ("f", 5), ("g", 6)]))
        #expect(
            lines == [
                "crashes (28) by reason, largest first:",
                "       7  b", "       6  g", "       5  f", "       4  e", "       3  d",
                "       3  of other reasons (invocations.csv's error column)",
            ])
        #expect(
            BlameTable.crashLines(aggregate([("only", 2)])) == [
                "crashes (2) by reason, largest first:", "       2  only",
            ])
    }
}
