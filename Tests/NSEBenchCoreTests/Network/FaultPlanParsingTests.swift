import Testing

@testable import NSEBenchCore

@Suite("FaultPlanParsing")
struct FaultPlanParsingTests {
    private func percent(_ value: Double) -> Percentage { Percentage(clamping: value) }

    @Test func parsesEveryItem() throws {
        let plan = try FaultPlan(
            parsing:
                "status=404:1,503:2 reset-before:1 reset-during:0.5 stall=2s:5 truncate:3% "
                + "slow-close=1s:10 fail-first=3"
        )
        #expect(
            plan.status
                == StatusMix([StatusShare(code: 404, chance: percent(1)), StatusShare(code: 503, chance: percent(2))]))
        #expect(plan.resetBefore == percent(1))
        #expect(plan.resetDuring == percent(0.5))
        #expect(plan.stall == StallFault(duration: .seconds(2), chance: percent(5)))
        #expect(plan.truncate == percent(3))
        #expect(plan.slowClose == SlowCloseFault(delay: .seconds(1), chance: percent(10)))
        #expect(plan.failFirst == FailFirstFault(count: 3, status: 503))
    }

    @Test(
        "parses each value form",
        arguments: [
            ("stall:5", FaultPlan(stall: StallFault(duration: nil, chance: Percentage(clamping: 5)))),
            ("stall=5", FaultPlan(stall: StallFault(duration: nil, chance: Percentage(clamping: 5)))),
            ("stall=forever:5", FaultPlan(stall: StallFault(duration: nil, chance: Percentage(clamping: 5)))),
            (
                "stall=500ms:1",
                FaultPlan(stall: StallFault(duration: .milliseconds(500), chance: Percentage(clamping: 1)))
            ),
            ("fail-first=5:500", FaultPlan(failFirst: FailFirstFault(count: 5, status: 500))),
            ("fail-first:0", FaultPlan(failFirst: FailFirstFault(count: 0))),
            ("RESET-BEFORE:100", FaultPlan(resetBefore: Percentage(clamping: 100))),
            (
                "status:503:100",
                FaultPlan(status: StatusMix([StatusShare(code: 503, chance: Percentage(clamping: 100))]))
            ),
            ("none", FaultPlan.none),
            ("", FaultPlan.none),
            ("  truncate:0  ", FaultPlan(truncate: .zero)),
        ] as [(String, FaultPlan)])
    func parsesValueForms(text: String, expected: FaultPlan) throws {
        #expect(try FaultPlan(parsing: text) == expected)
    }

    @Test(
        "refuses bad specs, naming the input and the reason",
        arguments: [
            ("status=404:60,503:50", "status=404:60,503:50", "the percentages add up to 110, more than 100"),
            ("status=404:1,404:2", "status=404:1,404:2", "404 is listed twice"),
            ("status=999:1", "status=999:1", "\"999\" is not an HTTP status code from 200 to 599"),
            ("status=404", "status=404", "\"404\" is not CODE:PERCENT"),
            ("status=404:x", "status=404:x", "\"x\" is not a percentage"),
            ("reset-before:150", "reset-before:150", "\"150\" is not a percentage"),
            ("reset-during:-1", "reset-during:-1", "\"-1\" is not a percentage"),
            ("stall=2x:5", "stall=2x:5", "\"2x\" is not a duration"),
            ("slow-close:10", "slow-close:10", "the delay before the \":\" is missing"),
            ("slow-close=1s:abc", "slow-close=1s:abc", "\"abc\" is not a percentage"),
            ("fail-first=-2", "fail-first=-2", "\"-2\" is not a whole number of requests"),
            ("fail-first=3:42", "fail-first=3:42", "\"42\" is not an HTTP status code"),
            ("jitter:5", "jitter:5", "unknown fault \"jitter\""),
            ("truncate", "truncate", "has no value after an = or :"),
            ("truncate:1 truncate:2", "truncate:1 truncate:2", "truncate is given twice"),
        ])
    func refuses(text: String, input: String, reason: String) {
        let error = #expect(throws: ValueParseError.self) { try FaultPlan(parsing: text) }
        #expect(error?.input == input)
        #expect(error?.description.contains("\"\(input)\"") == true)
        #expect(error?.reason?.contains(reason) == true, "\(error?.description ?? "no error")")
    }

    @Test func unknownFaultListsTheKnownOnes() {
        let error = #expect(throws: ValueParseError.self) { try FaultPlan(parsing: "jitter:5") }
        #expect(error?.expected == "one of status, reset-before, reset-during, stall, truncate, slow-close, fail-first")
    }

    @Test func setTakesFlagValues() throws {
        var plan = FaultPlan()
        try plan.set(.status, value: "404:1,503:2")
        try plan.set(.stall, value: "2s:5")
        try plan.set(.failFirst, value: "4")
        #expect(plan.description == "status=404:1,503:2 stall=2s:5 fail-first=4")
        let error = #expect(throws: ValueParseError.self) { try plan.set(.status, value: "503:101") }
        #expect(error?.input == "503:101")
        #expect(error?.subject == "status fault")
    }

    @Test func statusMixReportsItsTotal() throws {
        #expect(try StatusMix(parsing: "404:1,503:2.5").total == Percentage(clamping: 3.5))
        #expect(try StatusMix(parsing: "503:60,500:40").total == Percentage(clamping: 100))
    }

    @Test(
        "round-trips through its description",
        arguments: [
            "none", "status=404:1,503:2", "reset-before:1 reset-during:0.5", "stall:5", "stall=2s:5", "truncate:3",
            "slow-close=1s:10", "fail-first=3", "fail-first=3:500",
            "status=503:2 reset-before:1 reset-during:1 stall=1.5s:5 truncate:1 slow-close=250ms:10 fail-first=10",
        ])
    func roundTrips(text: String) throws {
        let plan = try FaultPlan(parsing: text)
        #expect(plan.description == text)
        #expect(try FaultPlan(parsing: plan.description) == plan)
    }

    @Test func mergeLetsTheOverridingPlanWinFieldByField() throws {
        let profile = try FaultPlan(parsing: "status=503:5 reset-before:2 truncate:1 fail-first=2")
        let flags = try FaultPlan(parsing: "reset-before:0 stall=1s:3")
        let query = try FaultPlan(parsing: "status=404:1")
        let effective = profile.merged(overriding: flags).merged(overriding: query)
        #expect(effective.description == "status=404:1 reset-before:0 stall=1s:3 truncate:1 fail-first=2")
        #expect(profile.merged(overriding: .none) == profile)
        #expect(FaultPlan.none.merged(overriding: profile) == profile)
        #expect(FaultPlan.none.isEmpty)
        #expect(!FaultPlan(truncate: .zero).isEmpty)
    }
}
