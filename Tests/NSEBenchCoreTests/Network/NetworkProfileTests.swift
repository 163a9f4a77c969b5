import Testing

@testable import NSEBenchCore

@Suite("NetworkProfile")
struct NetworkProfileTests {
    @Test func namesAreTheDocumentedOnes() {
        #expect(
            NetworkProfile.allNames == ["wifi", "5g", "lte", "3g", "edge", "lossy", "overloaded-cdn", "none"])
    }

    @Test(arguments: NetworkProfile.allNames)
    func everyPresetIsFoundByName(name: String) throws {
        #expect(try NetworkProfile.named(name).name == name)
        #expect(try NetworkProfile.named(name.uppercased()).name == name)
    }

    @Test func anUnknownNameListsTheValidOnes() {
        let error = #expect(throws: UnknownNameError.self) { try NetworkProfile.named("6g") }
        #expect(error?.name == "6g")
        #expect(
            error?.description
                == "unknown network profile \"6g\": expected one of wifi, 5g, lte, 3g, edge, lossy, overloaded-cdn, none"
        )
    }

    /// Every preset that stands for a network; `none` is bare loopback and sets nothing.
    static let networks = NetworkProfile.all.filter { $0 != .none }

    @Test func noneSetsNothing() {
        #expect(NetworkProfile.none.conditions == NetworkConditions())
    }

    @Test(arguments: networks)
    func everyPresetIsCompleteAndReadsBackFromItsSettings(profile: NetworkProfile) throws {
        let conditions = profile.conditions
        #expect(conditions.timeToFirstByte != nil)
        #expect(conditions.connectDelay != nil)
        #expect(conditions.bandwidth.map { !$0.isUnlimited } == true)
        #expect(conditions.unresolvedPaths.isEmpty)
        #expect(!profile.summary.isEmpty)
        // What a profile holds is exactly what a user could write as settings.
        let reread = try NetworkConditions(
            settings: conditions.settings.map { ($0.key.name, $0.value) }, scope: .server)
        #expect(reread == conditions)
        if let status = conditions.faults.status {
            #expect(try StatusMix(parsing: status.description) == status)
        }
    }

    @Test(arguments: networks)
    func everyPresetSamplesSensibleDelays(profile: NetworkProfile) {
        var generator = Xoshiro256StarStar(seed: 8)
        let ttfb = (0..<2_000).map { _ in profile.conditions.effectiveTimeToFirstByte.sample(using: &generator) }
        let connect = (0..<2_000).map { _ in profile.conditions.effectiveConnectDelay.sample(using: &generator) }
        #expect(ttfb.allSatisfy { $0 > 0 && $0 <= 30_000_000_000 })
        #expect(connect.allSatisfy { $0 > 0 && $0 <= 30_000_000_000 })
    }

    @Test func presetsOrderFromFastToSlow() {
        let rates = [NetworkProfile.fiveG, .wifi, .lte, .threeG, .edge].map {
            $0.conditions.effectiveBandwidth.bytesPerSecond
        }
        #expect(rates == rates.sorted(by: >))
        #expect(NetworkProfile.threeG.conditions.bandwidth?.description == "200KB/s")
        #expect(NetworkProfile.edge.conditions.bandwidth?.description == "30KB/s")
    }

    @Test func documentedExampleMatches() throws {
        #expect(
            try NetworkProfile.named("3g").conditions.description
                == "ttfb=lognormal:median=250ms,p99=1.5s connect-delay=lognormal:median=300ms,p99=1.5s "
                + "bandwidth=200KB/s"
        )
    }
}
