import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchCLI

/// `nse-bench capacity`: the probe search, what it saves and how run uses it. Probes are stand-ins
/// whose deliver p99 is a known function of the rate, so the search itself is what is tested.
@Suite("nse-bench capacity")
struct CapacityCommandTests {
    /// Everything a test writes, removed after the test.
    let scratch: OwnedTemporaryDirectory

    init() throws { scratch = try OwnedTemporaryDirectory(prefix: "nse-bench-capacity") }

    struct Outcome {
        let status: ExitCode
        let output: String
        let rates: [Int]
        let cache: URL
        /// Each probe's `run` arguments.
        let runs: [[String]]
    }

    /// A capacity measurement whose probes at `rate` deliver at p99 `p99(rate)` ms, valid.
    func measure(
        _ arguments: [String], cache given: URL? = nil, p99: @escaping @Sendable (Int) -> Double
    ) async throws -> Outcome {
        let root = scratch.url.appendingPathComponent(UUID().uuidString)
        let command = try CapacityCommand(
            parsing: ArgumentParser.parse(
                arguments + ["--out", root.appendingPathComponent("out").path], for: CapacityCommand.configuration))
        let rates = Mutex<[Int]>([])
        let runs = Mutex<[[String]]>([])
        let output = CapturedText()
        let cache = given ?? root.appendingPathComponent("cache")
        let context = CommandContext(
            output: output, errors: CapturedText(), outputIsTerminal: false,
            environment: ["NSE_BENCH_CACHE": cache.path])
        let status = try await command.run(context) { run in
            let rate = try #require(run.firstIndex(of: "--rate").flatMap { Int(run[$0 + 1]) })
            rates.withLock { $0.append(rate) }
            runs.withLock { $0.append(run) }
            let out = try #require(run.firstIndex(of: "--out").map { run[$0 + 1] })
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try
                (CSVWriter.record(["invocations", "enriched", "deliver_p99_ms", "valid", "invalid_reason"])
                + CSVWriter.record(["100", "100", String(p99(rate)), "true", ""]))
                .write(toFile: out + "/summary.csv", atomically: true, encoding: .utf8)
            return .success
        }
        return Outcome(
            status: status, output: output.text, rates: rates.withLock { $0 }, cache: cache, runs: runs.withLock { $0 })
    }

    /// Within budget up to 3,000 a second, over it beyond.
    static let knee: @Sendable (Int) -> Double = { $0 <= 3_000 ? 1_010 : 1_200 }

    @Test func ratesDoubleThenBisectToTheKneeAndTheResultIsSaved() async throws {
        let outcome = try await measure(["--from", "500", "--probes", "10"], p99: Self.knee)
        #expect(outcome.status == .success)
        #expect(Array(outcome.rates.prefix(5)) == [500, 1_000, 2_000, 4_000, 3_000])
        #expect(outcome.rates.count <= 10)
        let saved = try #require(
            try CapacityFile.load(environment: ["NSE_BENCH_CACHE": outcome.cache.path]).first)
        #expect(saved.extensionName == "media")
        #expect(outcome.runs.allSatisfy { $0.contains(["--extension", "media"]) })
        #expect(saved.arrivalsPerSecond == 3_000)
        #expect(saved.inFlight == 3_000)
        #expect(saved.budgetMilliseconds == 25)
        #expect(outcome.output.contains("capacity: 3000 arrivals a second, 3000 in flight with a 1s first byte"))
        // And run, on this host, now warns before a load beyond it.
        let warning = CapacityFile.warning(
            for: .closed(concurrency: 5_000), timeScale: 1, environment: ["NSE_BENCH_CACHE": outcome.cache.path])
        #expect(warning?.hasPrefix("warning: 5000 in flight is beyond what the harness sustains here") == true)
    }

    @Test func noSaveLeavesTheCacheAlone() async throws {
        let outcome = try await measure(["--no-save"], p99: Self.knee)
        #expect(outcome.status == .success)
        #expect(!FileManager.default.fileExists(atPath: outcome.cache.appendingPathComponent("capacity.json").path))
    }

    @Test func whenNotEvenTheFirstRateHoldsItExits1AndSavesNothing() async throws {
        let outcome = try await measure([], p99: { _ in 2_000 })
        #expect(outcome.status == .harnessError)
        #expect(outcome.rates == [500])
        #expect(outcome.output.contains("not even 500 arrivals a second held here"))
        #expect(!FileManager.default.fileExists(atPath: outcome.cache.appendingPathComponent("capacity.json").path))
    }

    @Test func theHighestRateProbedIsSaidToBeTheCeilingOfTheSearch() async throws {
        let outcome = try await measure(["--from", "100", "--to", "400"], p99: { _ in 1_000 })
        #expect(outcome.rates == [100, 200, 400])
        #expect(outcome.output.contains("the highest rate probed (--to)"))
    }

    @Test func aDamagedCapacityFileIsReportedNotIgnored() throws {
        let cache = scratch.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try "{not json".write(to: cache.appendingPathComponent("capacity.json"), atomically: true, encoding: .utf8)
        let warning = CapacityFile.warning(
            for: .closed(concurrency: 10), timeScale: 1, environment: ["NSE_BENCH_CACHE": cache.path])
        #expect(warning?.contains("the measured capacity was not checked") == true)
        #expect(warning?.contains("capacity.json is not a capacity nse-bench wrote") == true)
    }

    @Test(arguments: [
        ["--from", "1000", "--to", "500"], ["--first-byte", "0"], ["--budget", "fast"], ["--probes", "1"],
        ["--duration", "0s"], ["--extension", "mediaa"], ["--extension", "media", "--principal-class", "X"],
        ["--extension", "/nonexistent/NotificationService"],
        ["--extension", "media", "--module", "Examples/SharedModule/MediaKit"],
        ["--extension", "Examples/XcodeTemplate", "--module", "/nonexistent/Module"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) {
            try CapacityCommand(parsing: ArgumentParser.parse(arguments, for: CapacityCommand.configuration))
        }
    }
}

extension CapacityCommandTests {
    static var example: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/MediaDownload").path
    }

    /// The example's capacity is kept under its folder and the class it runs (Info.plist's).
    static var exampleKey: String { example + " --principal-class NotificationService" }

    /// Another module's sources are another extension: the key lists each `--module`, its path absolute
    /// and standard, its name kept.
    @Test func theKeyOfAnExtensionWithModulesNamesThem() {
        let root = URL(fileURLWithPath: Self.example).deletingLastPathComponent().path
        let shared = root + "/SharedModule"
        let key = CapacityFile.key(
            extension: shared + "/NotificationService", principalClass: nil,
            modules: [shared + "/./MediaKit", "PushModels=" + shared + "/../SharedModule/PushModels"])
        #expect(
            key
                == "\(shared)/NotificationService --principal-class NotificationService --module \(shared)/MediaKit "
                + "--module PushModels=\(shared)/PushModels")
    }

    /// A user's extension is measured as itself: its probes run it, its capacity is kept under its
    /// absolute path beside the built-in's, and run checks a load of it against its own.
    @Test func aUsersExtensionIsMeasuredAndKeptApartFromTheBuiltIns() async throws {
        let media = try await measure(["--from", "500"], p99: Self.knee)
        #expect(media.status == .success)
        // The same folder, named another way: one extension.
        let relative = Self.example + "/../MediaDownload/"
        let user = try await measure(["--extension", relative, "--from", "500"], cache: media.cache) {
            $0 <= 1_000 ? 1_010 : 1_200
        }
        #expect(user.status == .success)
        #expect(user.runs.allSatisfy { $0.contains(["--extension", relative]) })
        #expect(user.output.contains("capacity: 1000 arrivals a second"))
        #expect(user.output.contains("extension \(Self.exampleKey)"))
        let environment = ["NSE_BENCH_CACHE": media.cache.path]
        let saved = try CapacityFile.load(environment: environment)
        #expect(saved.map(\.extensionName).sorted() == [Self.exampleKey, "media"].sorted())
        #expect(saved.first { $0.extensionName == Self.exampleKey }?.arrivalsPerSecond == 1_000)
        #expect(saved.first { $0.extensionName == "media" }?.arrivalsPerSecond == 3_000)

        // 2,000 in flight: within the built-in's 3,000, beyond the example's 1,000.
        let load = LoadModel.closed(concurrency: 2_000)
        #expect(CapacityFile.warning(for: load, timeScale: 1, environment: environment) == nil)
        // A run that names the class Info.plist names runs the same extension.
        let warning = try #require(
            CapacityFile.warning(
                for: load, timeScale: 1,
                extensionName: CapacityFile.key(extension: relative, principalClass: "NotificationService"),
                environment: environment))
        #expect(warning.contains("2000 in flight is beyond"))
        #expect(warning.contains("1000 in flight (nse-bench capacity --extension \(Self.exampleKey),"))

        // Measured again, it replaces its own and leaves the built-in's.
        _ = try await measure(["--extension", Self.example, "--from", "500"], cache: media.cache) { _ in 1_000 }
        let again = try CapacityFile.load(environment: environment)
        #expect(again.count == 2)
        #expect(again.first { $0.extensionName == Self.exampleKey }?.arrivalsPerSecond == 20_000)
    }

    /// A capacity file written before capacities were kept per extension holds one, measured with the
    /// built-in media: it still loads, as media's, and a new measurement keeps it.
    @Test func aFileFromBeforeExtensionsWereNamedStillCounts() async throws {
        let cache = scratch.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        var old =
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(
                    HarnessCapacity(
                        arrivalsPerSecond: 3_000, inFlight: 3_000, firstByteMilliseconds: 1_000, budgetMilliseconds: 25,
                        measuredAt: "2026-12-01T14:00:00Z", version: "0.1.0", host: HostFingerprintReader.current())))
            as? [String: Any]
        old?.removeValue(forKey: "extensionName")
        try JSONSerialization.data(withJSONObject: try #require(old)).write(
            to: cache.appendingPathComponent("capacity.json"))
        let environment = ["NSE_BENCH_CACHE": cache.path]
        let loaded = try CapacityFile.load(environment: environment)
        #expect(loaded.map(\.extensionName) == ["media"])
        #expect(loaded.first?.arrivalsPerSecond == 3_000)

        _ = try await measure(["--extension", Self.example, "--from", "500"], cache: cache) { _ in 1_000 }
        #expect(
            try CapacityFile.load(environment: environment).map(\.extensionName).sorted()
                == [Self.exampleKey, "media"].sorted())
    }
}

extension CapacityCommandTests {
    /// A list with an entry nse-bench cannot read is reported with the list's own error (not as a
    /// failed single object), and a new measurement replaces it saying so, never silently.
    @Test func aDamagedListIsNamedAndReplacedAloud() async throws {
        let cache = scratch.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let file = cache.appendingPathComponent("capacity.json")
        try #"[{"extensionName": "/x/Ext", "arrivalsPerSecond": 10}]"#.write(
            to: file, atomically: true, encoding: .utf8)
        let environment = ["NSE_BENCH_CACHE": cache.path]
        let warning = try #require(
            CapacityFile.warning(for: .closed(concurrency: 10), timeScale: 1, environment: environment))
        #expect(warning.contains("is not a capacity nse-bench wrote"))
        #expect(!warning.contains("Dictionary"), "the list's own error, not a single object's: \(warning)")

        let errors = CapturedText()
        let command = try CapacityCommand(
            parsing: ArgumentParser.parse(
                ["--from", "500", "--to", "1000", "--out", cache.appendingPathComponent("out").path],
                for: CapacityCommand.configuration))
        let context = CommandContext(
            output: CapturedText(), errors: errors, outputIsTerminal: false, environment: environment)
        let status = try await command.run(context) { run in
            let out = try #require(run.firstIndex(of: "--out").map { run[$0 + 1] })
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try
                (CSVWriter.record(["invocations", "enriched", "deliver_p99_ms", "valid", "invalid_reason"])
                + CSVWriter.record(["100", "100", "1000", "true", ""]))
                .write(toFile: out + "/summary.csv", atomically: true, encoding: .utf8)
            return .success
        }
        #expect(status == .success)
        #expect(errors.text.hasPrefix("note: replaced \(file.path), which held no capacities nse-bench could read"))
        #expect(try CapacityFile.load(environment: environment).map(\.extensionName) == ["media"])
    }
}
