import NSEBenchCore
import Testing

@Suite("PeakAtOnce: the most processes held together")
struct PeakAtOnceTests {
    typealias Span = PeakAtOnce.Span

    @Test func processesThatReplacedOneAnotherCountOnce() {
        let inTurn = (0..<40).map { Span(start: UInt64($0) * 10, end: UInt64($0) * 10 + 10, peak: 30) }
        #expect(PeakAtOnce.bytes(of: inTurn) == 30)
    }

    @Test func processesRunningTogetherAddUp() {
        let spans = [
            Span(start: 0, end: 10, peak: 30), Span(start: 5, end: 20, peak: 40), Span(start: 20, end: 30, peak: 50),
        ]
        #expect(PeakAtOnce.bytes(of: spans) == 70)
        // All three at once.
        #expect(PeakAtOnce.bytes(of: spans + [Span(start: 0, end: 30, peak: 1)]) == 71)
    }

    @Test func noneAndOddSpans() {
        #expect(PeakAtOnce.bytes(of: []) == 0)
        // An end not after its start is a process that ended as it started: it still counts, with
        // another that started with it.
        #expect(PeakAtOnce.bytes(of: [Span(start: 9, end: 3, peak: 12)]) == 12)
        #expect(PeakAtOnce.bytes(of: [Span(start: 9, end: 9, peak: 12), Span(start: 9, end: 10, peak: 5)]) == 17)
        #expect(PeakAtOnce.bytes(of: [Span(start: 9, end: 9, peak: 12), Span(start: 10, end: 11, peak: 5)]) == 12)
    }
}
