import NSEBenchCore
import Testing

/// What jetsam weighs for an invocation of a worker process that holds several phones' invocations.
@Suite("Shared process footprint")
struct SharedProcessFootprintTests {
    let mebibyte = 1 << 20
    var rule: SharedProcessFootprint { SharedProcessFootprint(baseline: 6 * mebibyte, heapAtReady: 40 * mebibyte) }

    @Test("the heap's growth since the process was ready is shared among the invocations it holds")
    func growthIsShared() {
        #expect(rule.perInvocation(heap: 80 * mebibyte, inFlight: 4) == 16 * mebibyte)
        #expect(rule.perInvocation(heap: 80 * mebibyte, inFlight: 1) == 46 * mebibyte)
    }

    @Test("what each invocation holds is charged whole however many run")
    func perInvocationHoldingIsChargedWhole() {
        // 10 invocations each holding 30 MiB: every one of them is over a 24 MiB limit.
        let heap = 40 * mebibyte + 10 * 30 * mebibyte
        #expect(rule.perInvocation(heap: heap, inFlight: 10) == 36 * mebibyte)
        #expect(rule.exceeds(limit: 24 * mebibyte, heap: heap, inFlight: 10))
    }

    @Test("a heap below where it started charges the baseline only")
    func shrunkHeapChargesTheBaseline() {
        #expect(rule.perInvocation(heap: 30 * mebibyte, inFlight: 3) == 6 * mebibyte)
        #expect(!rule.exceeds(limit: 24 * mebibyte, heap: 30 * mebibyte, inFlight: 3))
    }

    @Test("an idle process charges what it keeps to its next invocation")
    func idleCountsAsOne() {
        #expect(rule.perInvocation(heap: 50 * mebibyte, inFlight: 0) == 16 * mebibyte)
    }

    @Test("the limit itself is not over it; a byte more is")
    func limitEdge() {
        let limit = 24 * mebibyte
        let heapAtLimit = 40 * mebibyte + 18 * mebibyte
        #expect(!rule.exceeds(limit: limit, heap: heapAtLimit, inFlight: 1))
        #expect(rule.exceeds(limit: limit, heap: heapAtLimit + 1, inFlight: 1))
    }
}
