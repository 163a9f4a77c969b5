import Testing

@testable import NSEBenchCore

@Suite("FaultPlanDraw")
struct FaultPlanDrawTests {
    /// Draws `count` decisions, one forked stream per request as the server does.
    private func decisions(_ plan: FaultPlan, count: Int = 100_000, seed: UInt64 = 99) -> [FaultDecision] {
        let root = Xoshiro256StarStar(seed: seed)
        return (0..<count).map { index in
            var stream = root.fork(stream: UInt64(index))
            return plan.draw(requestIndex: index, using: &stream)
        }
    }

    private func rates(_ decisions: [FaultDecision]) -> [FaultDecision.Kind: Double] {
        var counts: [FaultDecision.Kind: Int] = [:]
        for decision in decisions { counts[decision.kind, default: 0] += 1 }
        return counts.mapValues { Double($0) / Double(decisions.count) }
    }

    @Test func anEmptyPlanNeverFaults() {
        #expect(Set(decisions(.none, count: 1_000)) == [.normal])
    }

    @Test func eachFaultFiresAtItsRate() throws {
        for (spec, kind, rate) in [
            ("reset-before:2", FaultDecision.Kind.resetBefore, 0.02), ("reset-during:5", .resetDuring, 0.05),
            ("truncate:10", .truncate, 0.10), ("stall:1", .stall, 0.01), ("status=503:3", .status, 0.03),
        ] {
            let observed = rates(decisions(try FaultPlan(parsing: spec)))[kind] ?? 0
            // 100k draws: the standard error at 10% is 0.1%; allow four of them plus a little.
            #expect(abs(observed - rate) < 0.004, "\(spec): \(observed)")
        }
    }

    @Test func statusMixSplitsBetweenItsCodes() throws {
        let drawn = decisions(try FaultPlan(parsing: "status=404:10,503:20"))
        var counts: [Int: Int] = [:]
        for case .respond(let status, _) in drawn { counts[status, default: 0] += 1 }
        #expect(abs(Double(counts[404]!) / 100_000 - 0.10) < 0.004)
        #expect(abs(Double(counts[503]!) / 100_000 - 0.20) < 0.005)
        #expect(abs(Double(counts[200]!) / 100_000 - 0.70) < 0.005)
        let always = decisions(try FaultPlan(parsing: "status=500:100"), count: 1_000)
        #expect(always.allSatisfy { $0 == .respond(status: 500, closeDelay: nil) })
    }

    @Test func precedenceShadowsLaterFaults() throws {
        // reset-before 10%, then status 20% of the rest, then reset-during 30%, truncate 40%, stall 50%.
        let plan = try FaultPlan(parsing: "reset-before:10 status=503:20 reset-during:30 truncate:40 stall:50")
        let observed = rates(decisions(plan))
        let expected: [FaultDecision.Kind: Double] = [
            .resetBefore: 0.10, .status: 0.9 * 0.2, .resetDuring: 0.9 * 0.8 * 0.3,
            .truncate: 0.9 * 0.8 * 0.7 * 0.4, .stall: 0.9 * 0.8 * 0.7 * 0.6 * 0.5, .ok: 0.9 * 0.8 * 0.7 * 0.6 * 0.5,
        ]
        for (kind, rate) in expected {
            #expect(abs((observed[kind] ?? 0) - rate) < 0.006, "\(kind): \(observed[kind] ?? 0) vs \(rate)")
        }
        let certain = try FaultPlan(parsing: "reset-before:100 status=503:100 reset-during:100 truncate:100 stall:100")
        #expect(Set(decisions(certain, count: 100)) == [.resetBeforeResponse])
        let bodyOnly = try FaultPlan(parsing: "reset-during:100 truncate:100 stall:100")
        #expect(Set(decisions(bodyOnly, count: 100).map(\.kind)) == [.resetDuring])
    }

    @Test func failFirstTakesTheFirstRequestsWhateverElseIsSet() throws {
        let plan = try FaultPlan(parsing: "fail-first=5:500 reset-before:100")
        let drawn = decisions(plan, count: 8)
        #expect(drawn.prefix(5).allSatisfy { $0 == .respond(status: 500, closeDelay: nil) })
        #expect(drawn.dropFirst(5).allSatisfy { $0 == .resetBeforeResponse })
        #expect(decisions(try FaultPlan(parsing: "fail-first=2"), count: 3).map(\.kind) == [.status, .status, .ok])
    }

    @Test func slowCloseAppliesToCompleteResponsesOnly() throws {
        let delay = DurationValue.seconds(1)
        let normal = decisions(try FaultPlan(parsing: "slow-close=1s:100"), count: 100)
        #expect(Set(normal) == [.respond(status: 200, closeDelay: delay)])
        let errors = decisions(try FaultPlan(parsing: "status=503:100 slow-close=1s:100"), count: 10)
        #expect(Set(errors) == [.respond(status: 503, closeDelay: delay)])
        let finite = decisions(try FaultPlan(parsing: "stall=2s:100 slow-close=1s:100"), count: 100)
        #expect(finite.allSatisfy { $0.closeDelay == delay && $0.kind == .stall })
        let forever = decisions(try FaultPlan(parsing: "stall:100 slow-close=1s:100"), count: 100)
        #expect(forever.allSatisfy { $0.closeDelay == nil })
        for spec in ["reset-before:100", "reset-during:100", "truncate:100"] {
            let plan = try FaultPlan(parsing: spec + " slow-close=1s:100")
            #expect(decisions(plan, count: 100).allSatisfy { $0.closeDelay == nil }, "\(spec)")
        }
        let some = rates(
            decisions(try FaultPlan(parsing: "slow-close=1s:25")).map {
                $0.closeDelay == nil ? FaultDecision.normal : .resetBeforeResponse
            })
        #expect(abs((some[.resetBefore] ?? 0) - 0.25) < 0.006)
    }

    @Test func bodyPointsAreUniformFractions() throws {
        let drawn = decisions(try FaultPlan(parsing: "reset-during:100"), count: 20_000)
        let fractions = drawn.compactMap { decision -> Double? in
            if case .resetDuringBody(let fraction) = decision { fraction } else { nil }
        }
        #expect(fractions.count == 20_000)
        #expect(fractions.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(abs(fractions.reduce(0, +) / 20_000 - 0.5) < 0.01)
    }

    @Test func byteOffsetsStayInsideTheBody() {
        #expect(FaultDecision.byteOffset(atFraction: 0.5, bodyLength: 1_000) == 500)
        #expect(FaultDecision.byteOffset(atFraction: 0, bodyLength: 1_000) == 0)
        #expect(FaultDecision.byteOffset(atFraction: 0.999_999_999_999, bodyLength: 1_000) == 999)
        #expect(FaultDecision.byteOffset(atFraction: 1, bodyLength: 1_000) == 999)
        #expect(FaultDecision.byteOffset(atFraction: 0.7, bodyLength: 0) == 0)
    }

    @Test func drawsAreDeterministicAndAlwaysTakeTheSameNumberOfDraws() throws {
        let plan = try FaultPlan(parsing: "status=503:20 reset-before:5 stall=1s:10 slow-close=1s:5 fail-first=3")
        #expect(decisions(plan, count: 2_000, seed: 1) == decisions(plan, count: 2_000, seed: 1))
        #expect(decisions(plan, count: 2_000, seed: 1) != decisions(plan, count: 2_000, seed: 2))
        for candidate in [plan, .none, try FaultPlan(parsing: "reset-before:100")] {
            var drawn = Xoshiro256StarStar(seed: 4)
            var reference = Xoshiro256StarStar(seed: 4)
            for index in 0..<50 {
                _ = candidate.draw(requestIndex: index, using: &drawn)
                for _ in 0..<FaultPlan.drawsPerRequest { _ = reference.next() }
            }
            #expect(drawn == reference)
        }
    }
}
