import Foundation
import MediaServer
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `--origin-fetch` and `--coalesce` on `run` and `serve`: bad input named (exit 64), the settings
/// passed to the embedded server, and a broadcast's stampede on one cold URL end to end.
@Suite("nse-bench origin cache", .serialized, .timeLimit(.minutes(3)))
struct OriginCacheRunTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    func serve(_ arguments: [String]) throws(UsageError) -> ServeCommand {
        try ServeCommand(parsing: ArgumentParser.parse(arguments, for: ServeCommand.configuration))
    }

    /// `nse-bench ARGUMENTS` in process: its exit status and standard error.
    func tool(_ arguments: [String]) async -> (status: ExitCode, errors: String) {
        let errors = CapturedText()
        let context = CommandContext(output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
        return (await NSEBenchTool.main(arguments, context: context), errors.text)
    }

    @Test func runRecordsTheCacheAndPassesItToItsServer() throws {
        let configuration = try parse(["--origin-fetch", "lognormal:median=800ms,p99=3s", "--coalesce", "off"])
        #expect(configuration.settings.columns["origin_fetch"] == "lognormal:median=800ms,p99=3s")
        #expect(configuration.settings.columns["coalesce"] == "off")
        #expect(
            ServeSettings(embeddedFor: configuration).originCache
                == OriginCacheSettings(
                    fetch: .lognormal(median: .milliseconds(800), p99: .seconds(3)), coalesces: false))
        let defaults = try parse(["--origin-fetch", "2s"])
        #expect(defaults.settings.columns["coalesce"] == "on", "coalescing is on by default, as CDNs do")
        let none = try parse([])
        #expect(none.settings.columns["origin_fetch"] == "" && none.settings.columns["coalesce"] == "")
        #expect(ServeSettings(embeddedFor: none).originCache == nil)
    }

    @Test func serveScalesTheFetchWithTheTimeScale() throws {
        let command = try serve(["--origin-fetch", "2s", "--time-scale", "0.1", "--coalesce", "off"])
        #expect(command.server.originCache == OriginCacheSettings(fetch: .fixed(.milliseconds(200)), coalesces: false))
        #expect(try serve([]).server.originCache == nil)
    }

    @Test func aFileOfFetchTimesIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("origin-\(UUID().uuidString).txt")
        try "1s\n3s\n".write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let command = try serve(["--origin-fetch", "file:" + path.path])
        #expect(command.server.originCache?.fetch == .empirical([1_000_000_000, 3_000_000_000]))
    }

    @Test(arguments: [
        (["--origin-fetch", "lognormal:median=3s,p99=1s"], "'--origin-fetch'"),
        (["--origin-fetch", "soon"], "'--origin-fetch'"),
        (["--origin-fetch", "file:/nonexistent/origin.txt"], "'--origin-fetch'"),
        (["--origin-fetch", "2s", "--coalesce", "maybe"], "'--coalesce'"),
        (["--coalesce", "off"], "--coalesce"),
        (["--origin-fetch", "2s", "--target", "http://127.0.0.1:1"], "--origin-fetch"),
    ])
    func badInputIsAUsageErrorNamingTheFlag(arguments: [String], named: String) async {
        for command in [["run"], ["serve"]] {
            if command == ["serve"], arguments.contains("--target") { continue }
            let outcome = await tool(command + arguments)
            #expect(outcome.status == .usage, "\(command + arguments): \(outcome.errors)")
            #expect(outcome.errors.contains(named), "\(outcome.errors)")
        }
    }

    /// Runs a burst of 50 phones fetching one cold URL whose origin takes 2 s; the summary row and
    /// the terminal summary.
    func stampede(coalesce: String) async throws -> (row: [String: String], text: String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-origin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var configuration = try RunOptions.configuration(
            from: ArgumentParser.parse(
                onLoopback([
                    "--burst", "50", "--extension", "media", "--media", "200KB.jpg:1", "--origin-fetch", "2s",
                    "--coalesce", coalesce, "--extension-processes", "0", "--out", out.path,
                ]), for: RunCommand.configuration))
        configuration.serverExecutable = ExtensionProcessTests.executable
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        _ = try await RunSession(configuration: configuration, context: context).execute()
        let row = try #require(try ExtensionProcessTests.table(out.appendingPathComponent("summary.csv")).first)
        return (row, output.text)
    }

    @Test func aBroadcastOnOneColdURLMakesOneOriginFetchWithCoalescingAndOneEachWithout() async throws {
        let (coalesced, text) = try await stampede(coalesce: "on")
        #expect(
            text.contains("origin cache (cold, --origin-fetch 2s, coalescing on): origin fetches 1, coalesced "),
            "\(text)")
        #expect(coalesced["invocations"] == "50")
        #expect(coalesced["origin_fetches"] == "1", "\(coalesced)")
        #expect(
            (Int(coalesced["origin_coalesced"] ?? "") ?? 0) + (Int(coalesced["cache_hits"] ?? "") ?? 0) == 49,
            "every other request waited for that fetch, or came after it")
        #expect((Double(coalesced["deliver_p50_ms"] ?? "") ?? 0) >= 2_000, "the origin's 2 s is in every delivery")

        let apart = try await stampede(coalesce: "off").row
        #expect(apart["origin_fetches"] == "50", "every miss went to the origin: \(apart)")
        #expect(apart["origin_coalesced"] == "0")
        #expect((Double(apart["deliver_p50_ms"] ?? "") ?? 0) >= 2_000)
    }

    @Test func aRunWithoutACacheLeavesItsColumnsEmpty() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-origin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var configuration = try RunOptions.configuration(
            from: ArgumentParser.parse(
                onLoopback(["-n", "4", "-c", "2", "--extension-processes", "0", "--out", out.path]),
                for: RunCommand.configuration))
        configuration.serverExecutable = ExtensionProcessTests.executable
        let context = CommandContext(
            output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
        _ = try await RunSession(configuration: configuration, context: context).execute()
        let row = try #require(try ExtensionProcessTests.table(out.appendingPathComponent("summary.csv")).first)
        for column in ["origin_fetch", "coalesce", "origin_fetches", "origin_coalesced", "cache_hits"] {
            #expect(row[column] == "", "\(column)")
        }
    }
}
