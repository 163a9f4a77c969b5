import Foundation
import MediaServer
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// The hand-off from `run` to its embedded `serve`: the parsed settings written once to a file
/// (`serve --settings-file`) and decoded as they were, `file:` distributions read in the run alone,
/// and a bad file refused naming it.
@Suite("run hands its server the settings file", .serialized, .timeLimit(.minutes(3)))
struct ServeSettingsTests {
    func parseRun(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunOptions.configuration(from: ArgumentParser.parse(arguments, for: RunCommand.configuration))
    }

    func parseServe(_ arguments: [String]) throws(UsageError) -> ServeCommand {
        try ServeCommand(parsing: ArgumentParser.parse(arguments, for: ServeCommand.configuration))
    }

    /// `nse-bench ARGUMENTS` in process: its exit status and standard error.
    func tool(_ arguments: [String]) async -> (status: ExitCode, errors: String) {
        let errors = CapturedText()
        let context = CommandContext(output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
        return (await NSEBenchTool.main(arguments, context: context), errors.text)
    }

    @Test func everySettingSurvivesTheFileAsParsed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let ttfb = try folder.write("ttfb.txt", "100ms\n300ms\n")
        let fetch = try folder.write("fetch.txt", "1s\n")
        let configuration = try parseRun([
            "--profile", "wifi:60,lte:40", "--ttfb", "file:" + ttfb, "--bandwidth", "unlimited", "--status", "503:2",
            "--stall", "2s:5", "--origin-fetch", "file:" + fetch, "--coalesce", "off", "--endpoint",
            "metrics:ttfb=40s,status=500:1", "--seed", "7", "--time-scale", "0.5", "--tls",
        ])
        let settings = ServeSettings(embeddedFor: configuration)
        #expect(settings.classes.map(\.name) == ["wifi", "lte"])
        #expect(
            settings.classes.allSatisfy { $0.conditions.timeToFirstByte == .empirical([100_000_000, 300_000_000]) })
        #expect(settings.classes.allSatisfy { $0.conditions.bandwidth == .unlimited })
        #expect(settings.originCache == OriginCacheSettings(fetch: .empirical([1_000_000_000]), coalesces: false))
        #expect(settings.endpoints[.metrics]?.timeToFirstByte == .fixed(.seconds(40)))
        #expect(settings.seed == 7 && settings.timeScale == 0.5 && settings.tls == .selfSigned)

        let path = folder.url.appendingPathComponent("server-settings.json").path
        try settings.write(to: path)
        let decoded = try ServeSettings.read(from: path)
        #expect(decoded.classes == settings.classes)
        #expect(decoded.originCache == settings.originCache)
        #expect(decoded.endpoints == settings.endpoints)
        #expect(decoded == settings)
    }

    @Test func theFileServesWhatTheSameFlagsServe() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let flags = [
            "--profile", "3g:1,edge:1", "--ttfb", "lognormal:median=300ms,p99=3s", "--link-bandwidth", "10MB/s",
            "--fail-first", "3:500", "--origin-fetch", "2s", "--endpoint", "receipts:ttfb=1s", "--time-scale", "0.1",
            "--seed", "9",
        ]
        let fromFlags = try parseServe(flags)
        let path = folder.url.appendingPathComponent("settings.json").path
        try ServeSettings(parsing: ArgumentParser.parse(flags, for: ServeCommand.configuration)).write(to: path)
        let fromFile = try parseServe(["--settings-file", path])
        #expect(fromFile.server.conditions == fromFlags.server.conditions)
        #expect(fromFile.server.additionalClasses == fromFlags.server.additionalClasses)
        #expect(fromFile.server.originCache == fromFlags.server.originCache)
        #expect(fromFile.server.endpoints == fromFlags.server.endpoints)
        #expect(fromFile.server.seed == 9 && fromFile.classNames == ["3g", "edge"])
        #expect(fromFile.server.originCache?.fetch == .fixed(.milliseconds(200)), "scaled once, in the server")
    }

    @Test func aFileDistributionIsReadInTheRunAloneSoItMayGoOnceParsed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let ttfb = try folder.write("ttfb.txt", "200ms\n")
        var configuration = try parseRun(
            onLoopback([
                "-n", "4", "-c", "2", "--extension", "media", "--extension-processes", "0", "--quiet", "--ttfb",
                "file:" + ttfb, "--out", folder.url.appendingPathComponent("results").path,
            ]))
        try FileManager.default.removeItem(atPath: ttfb)
        configuration.serverExecutable = ExtensionProcessTests.executable
        let context = CommandContext(
            output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let status = try await RunSession(configuration: configuration, context: context).execute()
        #expect(status == .success)
        let rows = try ExtensionProcessTests.table(folder.url.appendingPathComponent("results/invocations.csv"))
        let firstBytes = rows.compactMap { Double($0["first_byte_ms"] ?? "") }
        #expect(firstBytes.count == 4 && firstBytes.allSatisfy { $0 >= 200 }, "the file's 200 ms: \(firstBytes)")
    }

    @Test func aSettingsFileThatCannotBeReadIsAUsageErrorNamingIt() async throws {
        let missing = "/nonexistent/server-settings.json"
        let outcome = await tool(["serve", "--settings-file", missing])
        #expect(outcome.status == .usage)
        #expect(outcome.errors.contains("'--settings-file'") && outcome.errors.contains(missing), "\(outcome.errors)")
    }

    /// A valid file with `setting` (its JSON text) replaced by `replacement`; the whole text replaced
    /// when `setting` is empty.
    @Test(arguments: [
        ("", "not json", "as JSON"),
        (#""host":"127.0.0.1","#, "", "host is missing at the top level"),
        (#""timeScale":1"#, #""timeScale":"fast""#, "at timeScale"),
        (#""name":"none""#, #""name":7"#, "at classes[0].name"),
        (#"[{"conditions""#, #"[],"x":[{"conditions""#, "a network class"),
        // The bounds --time-scale checks hold for a file too.
        (#""timeScale":1"#, #""timeScale":0"#, "timeScale is a number above 0 and at most 1000 (it is 0.0)"),
        (#""timeScale":1"#, #""timeScale":-0.5"#, "(it is -0.5)"),
        (#""timeScale":1"#, #""timeScale":5000"#, "(it is 5000.0)"),
    ])
    func aSettingsFileThatIsNotSettingsIsAUsageErrorNamingIt(setting: String, replacement: String, says: String)
        async throws
    {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("server-settings.json")
        try ServeSettings(classes: [ServedNetworkClass(name: "none", conditions: .unconstrained)]).write(to: path)
        let valid = try String(contentsOfFile: path, encoding: .utf8)
        let spoilt = setting.isEmpty ? replacement : valid.replacingOccurrences(of: setting, with: replacement)
        #expect(spoilt != valid, "\(valid)")
        try spoilt.write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = await tool(["serve", "--settings-file", path])
        #expect(outcome.status == .usage)
        #expect(outcome.errors.contains("'--settings-file'") && outcome.errors.contains(path), "\(outcome.errors)")
        #expect(outcome.errors.contains(says), "\(outcome.errors)")
    }

    @Test func settingsStartFromTheFlagsDefaults() throws {
        let fromFlags = try ServeSettings(parsing: ArgumentParser.parse([], for: ServeCommand.configuration))
        #expect(ServeSettings(classes: fromFlags.classes) == fromFlags)
        let defaults = ServeSettings(classes: fromFlags.classes)
        #expect(defaults.host == "127.0.0.1" && defaults.port == 8080 && defaults.seed == 1 && defaults.timeScale == 1)
        #expect(defaults.idleTimeout == .seconds(30) && defaults.statsInterval == .seconds(1))
    }

    @Test func aSettingsFileTimeScaleIsCheckedAsTheFlagIs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("server-settings.json")
        var settings = ServeSettings(classes: [ServedNetworkClass(name: "none", conditions: .unconstrained)])
        settings.timeScale = 0.001
        try settings.write(to: path)
        #expect(try ServeSettings.read(from: path).timeScale == 0.001)
        settings.timeScale = 1_001
        try settings.write(to: path)
        let error = #expect(throws: UsageError.self) { try ServeSettings.read(from: path) }
        #expect(
            error
                == .invalidValue(
                    option: "settings-file", value: path,
                    expected: "settings whose timeScale is a number above 0 and at most 1000 (it is 1001.0)"))
    }

    @Test func noFlagGoesBesideTheSettingsFile() throws {
        let error = #expect(throws: UsageError.self) { try parseServe(["--settings-file", "x.json", "--ttfb", "1s"]) }
        #expect(error == .conflictingOptions("settings-file", "ttfb"))
    }
}
