import Testing

@testable import NSEBenchCore

@Suite("NetworkMix")
struct NetworkMixTests {
    @Test func phonesIsTheDocumentedPopulation() throws {
        let phones = try NetworkMix(parsing: "phones")
        #expect(phones.classes.map(\.name) == ["wifi", "5g", "lte", "3g", "lossy"])
        #expect(phones.classes.map(\.weight) == [55, 15, 24, 4, 2])
        #expect(phones.argument == "phones")
        #expect(phones.populationName == "phones")
        #expect(abs(phones.share(ofClass: 0) - 0.55) < 1e-12)
        #expect(phones.classes.allSatisfy { $0.conditions == $0.profile.conditions })
        #expect(try NetworkMix(parsing: " PHONES ") == phones)
    }

    @Test func aPresetNameIsOneClass() throws {
        let mix = try NetworkMix(parsing: "3g")
        #expect(mix.isSingleClass)
        #expect(mix.classes[0].profile == .threeG)
        #expect(mix.argument == "3g")
        #expect(mix.classIndex(ofInvocation: 12, seed: 3) == 0)
        #expect(try NetworkMix(parsing: "none").settingText == "none")
    }

    @Test func weightsNeedNotAddUpToAHundred() throws {
        let mix = try NetworkMix(parsing: "wifi:3, lte:1")
        #expect(mix.classes.map(\.name) == ["wifi", "lte"])
        #expect(abs(mix.share(ofClass: 0) - 0.75) < 1e-12)
        #expect(abs(mix.share(ofClass: 1) - 0.25) < 1e-12)
        #expect(mix.argument == "wifi:3,lte:1")
        #expect(try NetworkMix(parsing: mix.argument) == mix)
    }

    @Test(arguments: [
        ("wifi:60,lte", "item 2 \"lte\" has no weight"),
        ("wifi:60,6g:40", "unknown network profile \"6g\""),
        ("wifi:0,lte:1", "the weight \"0\" is not a positive number"),
        ("wifi:-1", "the weight \"-1\" is not a positive number"),
        ("wifi:1,wifi:2", "wifi is listed twice"),
        ("wifi:1,", "item 2 \"\" has no weight"),
        ("6g", "unknown network profile \"6g\""),
    ])
    func badMixesSayWhatIsWrong(text: String, reason: String) {
        let error = #expect(throws: ValueParseError.self) { try NetworkMix(parsing: text) }
        #expect(error?.reason?.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.expected.contains("phones") == true)
    }

    @Test func eachInvocationsClassIsFixedBySeedAndIndex() throws {
        let mix = try NetworkMix(parsing: "wifi:60,lte:30,3g:8,edge:2")
        let first = (0..<1_000).map { mix.classIndex(ofInvocation: $0, seed: 42) }
        let again = (0..<1_000).reversed().map { mix.classIndex(ofInvocation: $0, seed: 42) }.reversed()
        #expect(first == Array(again))
        let otherSeed = (0..<1_000).map { mix.classIndex(ofInvocation: $0, seed: 43) }
        #expect(first != otherSeed)
    }

    @Test func drawnSharesFollowTheWeights() throws {
        let mix = try NetworkMix(parsing: "wifi:60,lte:30,3g:8,edge:2")
        var counts = [0, 0, 0, 0]
        let total = 100_000
        for index in 0..<total { counts[mix.classIndex(ofInvocation: index, seed: 1)] += 1 }
        for (index, expected) in [0.60, 0.30, 0.08, 0.02].enumerated() {
            let share = Double(counts[index]) / Double(total)
            // Five standard errors of a binomial share at this size.
            let bound = 5 * (expected * (1 - expected) / Double(total)).squareRoot()
            #expect(abs(share - expected) < bound, "class \(index): \(share) vs \(expected)")
        }
    }

    @Test func classDrawsAreIndependentOfThePayloadStream() throws {
        // The class stream is salted: it is not the payload generator's stream of the same index.
        let mix = try NetworkMix(parsing: "wifi:50,lte:50")
        var agree = 0
        for index in 0..<2_000 {
            var payload = Xoshiro256StarStar(seed: 9).fork(stream: UInt64(index))
            let payloadSaysFirst = payload.nextUnitInterval() < 0.5
            if payloadSaysFirst == (mix.classIndex(ofInvocation: index, seed: 9) == 0) { agree += 1 }
        }
        #expect(agree > 850 && agree < 1_150, "\(agree) of 2000 agree")
    }

    @Test func flagsOverrideEveryClassAndShowInTheSetting() throws {
        var flags = NetworkConditions()
        try flags.set(.timeToFirstByte, value: "2s", scope: .server)
        let mix = try NetworkMix(parsing: "wifi:1,edge:1").overriding(flags)
        #expect(mix.classes.allSatisfy { $0.conditions.timeToFirstByte == .fixed(.seconds(2)) })
        #expect(mix.classes[1].conditions.bandwidth == NetworkProfile.edge.conditions.bandwidth)
        #expect(mix.settingText.hasPrefix("wifi:1(ttfb=2s&"))
        #expect(mix.settingText.contains(";edge:1(ttfb=2s&"))
    }

    @Test func programmaticMixesAreChecked() {
        #expect(throws: NetworkMixError.empty) { try NetworkMix(classes: []) }
        #expect(throws: NetworkMixError.repeated("lte")) {
            try NetworkMix(classes: [.init(profile: .lte, weight: 1), .init(profile: .lte, weight: 2)])
        }
        #expect(throws: NetworkMixError.invalidWeight(name: "lte", weight: .infinity)) {
            try NetworkMix(classes: [.init(profile: .lte, weight: .infinity)])
        }
    }
}
