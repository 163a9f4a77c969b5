import NSEBenchCore
import Testing

@Suite("FaultPlan: the fault a response is named with")
struct FaultPlanInjectedFaultTests {
    @Test func eachDecisionIsNamedByTheFaultThatShapedIt() throws {
        let plan = try FaultPlan(parsing: "fail-first=2 status=503:5 slow-close=1s:5")
        #expect(plan.injectedFault(for: .respond(status: 503, closeDelay: nil), requestIndex: 1) == .failFirst)
        #expect(plan.injectedFault(for: .respond(status: 503, closeDelay: nil), requestIndex: 2) == .status)
        #expect(plan.injectedFault(for: .respond(status: 200, closeDelay: .seconds(1)), requestIndex: 3) == .slowClose)
        #expect(plan.injectedFault(for: .normal, requestIndex: 3) == nil)
        #expect(plan.injectedFault(for: .resetBeforeResponse, requestIndex: 3) == .resetBefore)
        #expect(plan.injectedFault(for: .resetDuringBody(atFraction: 0.5), requestIndex: 3) == .resetDuring)
        #expect(plan.injectedFault(for: .truncateBody(atFraction: 0.5), requestIndex: 3) == .truncate)
        #expect(
            plan.injectedFault(for: .stallBody(atFraction: 0.5, duration: nil, closeDelay: nil), requestIndex: 3)
                == .stall)
    }
}
