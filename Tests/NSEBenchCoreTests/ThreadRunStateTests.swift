import NSEBenchCore
import Testing

@Suite struct ThreadRunStateTests {
    @Test func theStateIsTheFieldAfterTheName() {
        #expect(ThreadRunState(stat: "4242 (nseb-ext-call) R 1 4242 4242 0 -1") == .runnable)
        #expect(ThreadRunState(stat: "4242 (nseb-ext-call) S 1 4242 4242 0 -1") == .waiting("S"))
        #expect(ThreadRunState(stat: "7 (kworker) D 2 0 0") == .waiting("D"))
    }

    @Test func aNameHoldingSpacesAndParenthesesDoesNotMislead() {
        #expect(ThreadRunState(stat: "9 (a) R (b) S 1 9 9") == .waiting("S"))
        #expect(ThreadRunState(stat: "9 (x) S) R 1 9 9") == .runnable)
    }

    @Test func textWithoutAStateIsNone() {
        #expect(ThreadRunState(stat: "") == nil)
        #expect(ThreadRunState(stat: "12 (name)") == nil)
        #expect(ThreadRunState(stat: "12 (name)   ") == nil)
        #expect(ThreadRunState(stat: "12 name R") == nil)
    }
}
