import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import NSERuntime
import Testing

@testable import NSEBenchCLI

/// `run`'s flags: defaults, the load models, scenario files under flags, and bad input named.
@Suite("nse-bench run arguments")
struct RunArgumentTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test func defaultsAreFiveHundredInFlightForTwoThousandInvocations() throws {
        let settings = try parse([]).settings
        #expect(settings.load == .closed(concurrency: 500))
        #expect(settings.length == .invocations(2_000))
        #expect(settings.extensionName == "media")
        #expect(settings.deadline == 30_000_000_000)
        #expect(settings.target == "embedded")
    }

    @Test func extensionHelpListsEveryBuiltInAndSDKProfileOnALineOfItsOwn() {
        let help = HelpFormatter.help(for: RunCommand.configuration, commandPath: "nse-bench run")
        let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (name, summary) in BuiltInExtensions.summaries {
            #expect(
                lines.contains { $0.hasPrefix(name + " ") && $0.hasSuffix(" " + summary) },
                "--extension's help lists \(name): \(summary)")
        }
        #expect(BuiltInExtensions.summaries.map(\.name) == BuiltInExtensions.allNames)
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= HelpFormatter.width })
    }

    @Test func fanoutSpreadsABurstAndNothingElse() throws {
        let settings = try parse(["--burst", "1000", "--fanout", "10s"]).settings
        #expect(settings.fanout == 10_000_000_000)
        #expect(settings.columns["fanout_s"] == "10.0")
        #expect(try parse(["--burst", "10"]).settings.columns["fanout_s"] == "")
        for load in [["--rate", "10"], ["-c", "5"]] {
            let error = #expect(throws: UsageError.self) { try parse(load + ["--fanout", "10s"]) }
            #expect("\(String(describing: error))".contains("--fanout spreads a --burst"))
        }
        #expect(throws: UsageError.self) { try parse(["--burst", "10", "--fanout", "0s"]) }
    }

    @Test func rateBurstAndDurationChooseTheLoad() throws {
        #expect(
            try parse(["--rate", "200", "--arrivals", "constant", "--max-in-flight", "50"]).settings.load
                == .open(ratePerSecond: 200, arrivals: .constant, maxInFlight: 50))
        let burst = try parse(["--burst", "1000"]).settings
        #expect(burst.load == .burst(count: 1_000, maxInFlight: 10_000))
        #expect(burst.length == .invocations(1_000))
        #expect(try parse(["-c", "10", "--duration", "2s"]).settings.length == .duration(2_000_000_000))
    }

    @Test(arguments: [
        (["--rate", "0"], "rate"), (["--concurrency", "0"], "concurrency"), (["--extension", "nope"], "extension"),
        (["--media", "200KB.jpg:-1"], "media"), (["--time-scale", "0"], "time-scale"),
        (["--target", "ftp://example.com"], "target"), (["--memory-limit", "lots"], "memory-limit"),
        (["--scenario", "/nonexistent/scenario.json"], "scenario"), (["--scratch-dir", "/nonexistent"], "scratch-dir"),
        (["--format", "xml"], "format"), (["--deadline", "0s"], "deadline"),
        (["--ttfb", "file:/nonexistent/ttfb.txt"], "ttfb"),
        (["--connect-delay", "file:/nonexistent/connect.txt"], "connect-delay"),
    ])
    func badValuesNameTheFlag(arguments: [String], flag: String) {
        let error = #expect(throws: UsageError.self) { try parse(arguments) }
        guard case .invalidValue(let option, _, _) = error else {
            Issue.record("expected invalidValue for \(arguments), got \(String(describing: error))")
            return
        }
        #expect(option == flag)
    }

    @Test(arguments: [
        (["--media", "1KB.exe:1"], "media", "a type among jpg, png, gif, mp4, mp3, m4a, wav"),
        (["--media", "200KB.jpg:1,3GB.jpg:1"], "media", "a size up to 2 GB"),
        (["--time-scale", "1e4"], "time-scale", "a number above 0 and at most 1000"),
    ])
    func impossibleValuesNameTheFlagAndWhatIsAllowed(arguments: [String], flag: String, allowed: String) {
        let error = #expect(throws: UsageError.self) { try parse(arguments) }
        guard case .invalidValue(let option, _, let expected) = error else {
            Issue.record("expected invalidValue for \(arguments), got \(String(describing: error))")
            return
        }
        #expect(option == flag)
        #expect(expected.contains(allowed), "\(expected)")
    }

    @Test func generatorFlagsWithPayloadsAreRefusedNamingThem() {
        let error = #expect(throws: UsageError.self) {
            try parse(["--payloads", "good.jsonl", "--encrypted", "1", "--tamper", "1"])
        }
        guard case .invalidCombination(let message) = error else {
            Issue.record("expected invalidCombination, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("--payloads replays its file's payloads as they are, so --encrypted, --tamper "))
        #expect(throws: UsageError.self) { try parse(["--payloads", "good.jsonl", "--media", "1KB.jpg:1"]) }
    }

    @Test func aReplayRecordsTheSharesOfItsFileNotTheGeneratorsDefaults() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-replay-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        {"aps":{"alert":"plain","mutable-content":1}}
        {"aps":{"alert":"with media","mutable-content":1},"media_url":"https://a.io/1.jpg"}
        {"aps":{"alert":"sealed","mutable-content":1},"encrypted_data":"AAAA","media_url":"https://a.io/2.jpg"}
        {"aps":{"alert":"plain again","mutable-content":1}}
        """.write(to: file, atomically: true, encoding: .utf8)
        let configuration = try parse(["--payloads", file.path])
        #expect(configuration.settings.mediaMix == "replayed")
        let source = try PayloadSource(
            configuration: configuration, mediaBases: [URL(string: "http://127.0.0.1:1")!],
            key: Array(repeating: 0, count: 32))
        let shares = try #require(source.replayedShares)
        #expect(shares.encrypted == 0.25)
        #expect(shares.media == 0.5)
        // A replayed payload's API host is its server too, with or without media of its own.
        let factory = try BuiltInExtensions.named("template")
        #expect((0..<4).allSatisfy { source.input(index: $0, arrival: 0, factory: factory).apiHost?.port == 1 })
    }

    /// Each invocation's API host (where an SDK's own calls go) is the media server of its network class,
    /// generated or replayed, as its media is.
    @Test func eachInvocationsAPIHostIsItsNetworkClasssServer() throws {
        let bases = [URL(string: "http://127.0.0.1:1001")!, URL(string: "http://127.0.0.1:1002")!]
        let configuration = try parse(["--profile", "wifi:50,lte:50", "--with-media", "0"])
        let source = try PayloadSource(
            configuration: configuration, mediaBases: bases, key: Array(repeating: 0, count: 32))
        let factory = try BuiltInExtensions.named("template")
        var seen: Set<URL> = []
        for index in 0..<64 {
            let input = source.input(index: index, arrival: 0, factory: factory)
            let networkClass = configuration.settings.network.classIndex(
                ofInvocation: index, seed: configuration.settings.seed)
            #expect(input.apiHost == bases[networkClass], "invocation \(index)")
            #expect(input.payload.mediaURL == nil)
            if let host = input.apiHost { seen.insert(host) }
        }
        #expect(seen == Set(bases), "both classes drawn")
    }

    @Test func theMediaMixIsRecordedInOneFormHoweverItWasWritten() throws {
        // So that summary.csv's media_mix compares equal across runs: `200KB.jpg` is `200KB.jpg:1`.
        #expect(try parse(["--media", "200KB.jpg"]).settings.mediaMix == "200KB.jpg:1")
        #expect(try parse(["--media", "200KB.jpg:1"]).settings.mediaMix == "200KB.jpg:1")
        #expect(try parse(["--media", "200KB.jpg:60,1MB.png:30.0"]).settings.mediaMix == "200KB.jpg:60,1MB.png:30")
        #expect(try parse([]).settings.mediaMix == "200KB.jpg:60,1MB.png:30,5MB.mp4:10", "the default, as written")
    }

    @Test func mediaOnARealTargetIsTheTargetsBusiness() throws {
        let configuration = try parse(["--media", "clip.exe:1", "--target", "https://cdn.example.com"])
        #expect(configuration.mediaMix.choices.map(\.path) == ["/media/clip.exe"])
    }

    @Test(arguments: [
        (["--rate", "10", "--concurrency", "5"], "rate", "concurrency"),
        (["--burst", "10", "--concurrency", "5"], "burst", "concurrency"),
        (["--invocations", "10", "--duration", "1s"], "invocations", "duration"),
    ])
    func conflictingLoadsAreRefused(arguments: [String], first: String, second: String) {
        #expect(throws: UsageError.conflictingOptions(first, second)) { try parse(arguments) }
    }

    @Test func aScenarioFileSuppliesDefaultsAndFlagsOverrideIt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-scenario-\(UUID()).json")
        try Data(#"{"name": "campaign", "burst": 300, "profile": "3g", "seed": 9}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let settings = try parse(["--scenario", file.path, "--seed", "4"]).settings

        #expect(settings.scenario == "campaign")
        #expect(settings.load == .burst(count: 300, maxInFlight: 10_000))
        #expect(settings.seed == 4)
    }

    @Test func anUnknownKeyInAScenarioIsNamed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-scenario-\(UUID()).json")
        try Data(#"{"concurrencyy": 3}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try parse(["--scenario", file.path])
        } throws: { error in
            (error as? UsageError)?.description.contains("\"concurrencyy\" is not one") == true
        }
    }

    @Test func scratchDirectoryIsKeptWhenWritable() throws {
        let directory = FileManager.default.temporaryDirectory.path
        #expect(try parse(["--scratch-dir", directory]).scratchDirectory == directory)
    }
}

/// Where a run's downloads wait to be counted.
@Suite("Scratch directory")
struct ScratchDirectoryTests {
    static func probe(writable: Bool, available: Int?) -> ScratchDirectory.Probe {
        ScratchDirectory.Probe(isWritableDirectory: { _ in writable }, availableBytes: { _ in available })
    }

    @Test func anExplicitDirectoryThenTMPDIRWin() {
        let roomy = Self.probe(writable: true, available: .max)
        #expect(
            ScratchDirectory.parent(
                requested: "/data", environment: ["TMPDIR": "/t"], inFlight: 1, largestMediaBytes: 1, probe: roomy
            ).path == "/data")
        #expect(
            ScratchDirectory.parent(
                requested: nil, environment: ["TMPDIR": "/t"], inFlight: 1, largestMediaBytes: 1, probe: roomy
            ).path == "/t")
    }

    @Test func memoryIsUsedOnlyWithRoomForTwiceWhatCanBeInFlight() {
        let twoGB = Self.probe(writable: true, available: 2_000_000_000)
        let fits = ScratchDirectory.parent(
            requested: nil, environment: [:], inFlight: 200, largestMediaBytes: 5_000_000, probe: twoGB)
        #expect(fits.path == ScratchDirectory.memoryBacked)
        let tooBig = ScratchDirectory.parent(
            requested: nil, environment: [:], inFlight: 201, largestMediaBytes: 5_000_000, probe: twoGB)
        #expect(tooBig.path == NSTemporaryDirectory())
        let unknownSizes = ScratchDirectory.parent(
            requested: nil, environment: [:], inFlight: 100, largestMediaBytes: nil, probe: twoGB)
        #expect(unknownSizes.path == NSTemporaryDirectory(), "100 x the 50 MB cap x 2 does not fit in 2 GB")
        let readOnly = ScratchDirectory.parent(
            requested: nil, environment: [:], inFlight: 1, largestMediaBytes: 1,
            probe: Self.probe(writable: false, available: .max))
        #expect(readOnly.path == NSTemporaryDirectory())
        let overflow = ScratchDirectory.parent(
            requested: nil, environment: [:], inFlight: .max, largestMediaBytes: .max,
            probe: Self.probe(writable: true, available: .max))
        #expect(overflow.path == NSTemporaryDirectory())
    }

    @Test func theLargestMediaFileIsReadFromTheMixNames() throws {
        #expect(
            ScratchDirectory.largestMediaBytes(in: try MediaMix(parsing: "200KB.jpg:60,1MB.png:30,5MB.mp4:10"))
                == 5_000_000)
        #expect(ScratchDirectory.largestMediaBytes(in: MediaMix([MediaChoice(path: "/img/cat.jpg", weight: 1)])) == nil)
    }

    /// `--rate 1e9` used to run, queueing arrivals without bound; a rate far past what the machine's
    /// cores can run is refused, naming the flag, the limit and the figure it is based on.
    @Test func aRateTheMachineCannotApproachIsRefused() throws {
        let limit = RunOptions.maximumArrivalRate(cores: ProcessResources.cores)
        #expect(limit == 50_000 * Double(ProcessResources.cores))
        #expect(throws: UsageError.self) { try RunArgumentTests().parse(["--rate", "1e9", "--duration", "1s"]) }
        do {
            _ = try RunArgumentTests().parse(["--rate", "1e9", "--duration", "1s"])
        } catch {
            let message = "\(error)"
            #expect(message.contains("--rate"), "\(message)")
            #expect(message.contains("at most \(Int(limit)) arrivals a second"), "\(message)")
            #expect(message.contains("200 µs of CPU"), "\(message)")
        }
        #expect(throws: UsageError.self) {
            try RunArgumentTests().parse(["--rate", "\(limit / 10)", "--time-scale", "0.05"])
        }
        #expect(try RunArgumentTests().parse(["--rate", "\(limit)"]).settings.load.maxInFlight == 10_000)
        #expect(try RunArgumentTests().parse(["--rate", "20", "--time-scale", "0.05"]).settings.timeScale == 0.05)
    }

    @Test(
        "a built-in's default payloads ask only for what it does; the flags still win",
        arguments: [
            (["--extension", "template"], 0.0, 0.0), (["--extension", "decrypt"], 1.0, 0.0),
            (["--extension", "media"], 0.0, 1.0), ([], 0.0, 1.0), (["--extension", "priority"], 0.0, 1.0),
            (["--extension", "decrypt", "--with-media", "1"], 1.0, 1.0),
            (["--extension", "template", "--encrypted", "0.5"], 0.5, 0.0),
        ])
    func builtInDefaultPayloads(arguments: [String], encrypted: Double, media: Double) throws {
        let settings = try RunOptions.configuration(
            from: ArgumentParser.parse(arguments, for: RunCommand.configuration)
        ).settings
        #expect(settings.encryptedFraction == encrypted)
        #expect(settings.mediaFraction == media)
    }
}
