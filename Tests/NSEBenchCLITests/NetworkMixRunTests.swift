import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `--profile` as a population of phones: the default, weighted mixes, each invocation's class in
/// invocations.csv and its rates in summary.csv and the text summary, and the combinations refused.
@Suite("nse-bench run: a population of phones", .serialized, .timeLimit(.minutes(3)))
struct NetworkMixRunTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test func theDefaultIsPhonesNotLoopback() throws {
        let configuration = try parse([])
        #expect(configuration.settings.network.populationName == "phones")
        #expect(configuration.settings.network.classes.count == 5)
        #expect(
            ServeSettings(embeddedFor: configuration).classes.map(\.name)
                == configuration.settings.network.classes.map(\.name))
        #expect(try parse(["--profile", "none"]).settings.network.settingText == "none")
    }

    @Test func flagsApplyToEveryClassOfAMix() throws {
        let network = try parse(["--profile", "wifi:1,edge:1", "--ttfb", "2s"]).settings.network
        #expect(network.classes.allSatisfy { $0.conditions.timeToFirstByte == .fixed(.seconds(2)) })
        #expect(network.classes[1].conditions.bandwidth == NetworkProfile.edge.conditions.bandwidth)
    }

    @Test func withATargetNothingIsShapedAndNetworkFlagsAreRefused() throws {
        #expect(try parse(["--target", "http://127.0.0.1:9"]).settings.network.settingText == "none")
        for flag in [["--profile", "3g"], ["--ttfb", "1s"]] {
            let error = #expect(throws: UsageError.self) { try parse(["--target", "http://127.0.0.1:9"] + flag) }
            #expect("\(String(describing: error))".contains("with --target"), "\(String(describing: error))")
        }
    }

    @Test func replayedPayloadsTakeOneProfileNotAMix() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mix-\(UUID().uuidString).jsonl")
        try #"{"aps":{"alert":"hi","mutable-content":1}}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try parse(["--payloads", file.path]).settings.network.settingText == "none")
        #expect(try parse(["--payloads", file.path, "--profile", "3g"]).settings.network.classes[0].name == "3g")
        let error = #expect(throws: UsageError.self) { try parse(["--payloads", file.path, "--profile", "phones"]) }
        #expect("\(String(describing: error))".contains("--payloads replays each media_url"))
    }

    @Test(arguments: ["wifi:60,lte", "6g", "wifi:0"])
    func aBadMixNamesTheProfileFlag(text: String) {
        let error = #expect(throws: UsageError.self) { try parse(["--profile", text]) }
        guard case .invalidValue(let option, let value, let expected) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(option == "profile")
        #expect(value == text)
        #expect(expected.contains("wifi:60,lte:30,3g:8,edge:2"))
    }

    @Test func eachInvocationRunsOnItsClassesPortAndIsCountedThere() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        // Half the phones on bare loopback, half on EDGE (connect delay median 1.7 s, first byte 0.9 s): each class's port
        // holds its own phones' connections, so the class, not chance, decides who waits.
        var configuration = try parse([
            "-n", "40", "-c", "10", "--media", "1KB.jpg:1", "--profile", "none:1,edge:1", "--deadline", "5s",
            "--grace", "100ms", "--extension-processes", "0", "--out", out.path,
        ])
        configuration.serverExecutable = ExtensionProcessTests.executable
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        _ = try await RunSession(configuration: configuration, context: context).execute()
        let rows = try ExtensionProcessTests.table(out.appendingPathComponent("invocations.csv"))
        let summary = try #require(try ExtensionProcessTests.table(out.appendingPathComponent("summary.csv")).first)
        #expect(rows.count == 40)
        let mix = configuration.settings.network
        for row in rows {
            let id = try #require(Int(row["id"] ?? ""))
            #expect(row["network"] == mix.classes[mix.classIndex(ofInvocation: id, seed: 1)].name)
        }
        let none = rows.filter { $0["network"] == "none" }
        #expect(!none.isEmpty && none.count < 40)
        #expect(summary["net_none_invocations"] == String(none.count))
        #expect(summary["net_edge_invocations"] == String(40 - none.count))
        // The server holds a new connection before reading it, so the connect delay shows in the first byte.
        func medianFirstByte(_ rows: [[String: String]]) -> Double {
            let sorted = rows.compactMap { Double($0["first_byte_ms"] ?? "") }.sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        }
        let edge = rows.filter { $0["network"] == "edge" }
        #expect(medianFirstByte(edge) > 1_000, "EDGE's delays: \(edge.map { $0["first_byte_ms"] ?? "" })")
        #expect(medianFirstByte(none) < 500, "loopback's: \(none.map { $0["first_byte_ms"] ?? "" })")
        #expect(summary["net_none_enriched"] == String(none.filter { $0["outcome"] == "enriched" }.count))
        // The self-check's structured figures: the managed server's lateness, the downloads' harness wait.
        #expect(Double(summary["server_lateness_p99_ms"] ?? "") != nil, "\(summary["server_lateness_p99_ms"] ?? "")")
        #expect(Double(summary["harness_wait_p99_ms"] ?? "") != nil)
        // The run lasts seconds (EDGE's first bytes), so its busiest second was measured.
        let busy = try #require(Double(summary["machine_busy_peak"] ?? ""), "\(summary["machine_busy_peak"] ?? "")")
        #expect((0...1).contains(busy))
        // And the host's steal over the run, from its first reading to its last (0 on a machine of its own).
        let steal = try #require(Double(summary["machine_steal"] ?? ""), "\(summary["machine_steal"] ?? "")")
        #expect((0...1).contains(steal))
        #expect(output.text.contains("busy in its busiest second"), "\(output.text)")
        #expect(rows.allSatisfy { Double($0["harness_ms"] ?? "") != nil }, "every invocation downloaded")
        #expect(summary["net_wifi_invocations"] == "")
        #expect(output.text.contains("by network"), "\(output.text)")
        #expect(output.text.contains("network mix (none 50%, edge 50%)"), "\(output.text)")
    }
}
