import MediaServer
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// The whole command line as a user meets it: dispatch, help, version, and exit statuses.
@Suite("nse-bench command line")
struct ToolTests {
    typealias Outcome = ToolRun

    func run(_ arguments: String...) async -> Outcome { await ToolRun.main(arguments) }

    @Test func versionPrintsTheRelease() async {
        let outcome = await run("--version")
        #expect(outcome.status == .success)
        #expect(outcome.output == "nse-bench \(NSEBenchVersion.current)\n")
    }

    @Test func helpListsCommandsAndExitCodees() async {
        let outcome = await run("--help")
        #expect(outcome.status == .success)
        #expect(outcome.output.contains("fingerprint"))
        for status in ExitCode.allCases { #expect(outcome.output.contains("  \(status.rawValue) ")) }
    }

    @Test func commandHelpComesFromDeclarations() async {
        let outcome = await run("fingerprint", "--help")
        #expect(outcome.status == .success)
        #expect(outcome.output.contains("USAGE: nse-bench fingerprint [options]"))
        #expect(outcome.output.contains("--format FORMAT"))
        #expect(await run("help", "fingerprint").output == outcome.output)
    }

    @Test func unknownFlagIsUsageErrorNamingIt() async {
        let outcome = await run("fingerprint", "--formt", "json")
        #expect(outcome.status == .usage)
        #expect(outcome.status.rawValue == 64)
        #expect(outcome.errors.contains("unknown option '--formt'; did you mean '--format'?"))
        #expect(outcome.output.isEmpty)
    }

    @Test func usageErrorsPointAtTheHelpThatCoversThem() async {
        #expect(
            await run("fingerprint", "--formt", "json").errors.hasSuffix(
                "Run 'nse-bench fingerprint --help' for usage.\n"))
        #expect(
            await run("--rate", "0").errors.hasSuffix("Run 'nse-bench run --help' for usage.\n"), "the default command")
        #expect(await run("frobnicate").errors.hasSuffix("Run 'nse-bench --help' for usage.\n"))
    }

    @Test func benchTransportReceiveBufferOutsideCurlsRangeIsRefused() async {
        let outcome = await run(
            "bench-transport", "--case", "curl", "--url", "http://127.0.0.1:1/", "--receive-buffer", "100")
        #expect(outcome.status == .usage)
        #expect(outcome.errors.contains("'--receive-buffer'"))
        #expect(outcome.errors.contains("1024"))
    }

    @Test func badValueIsUsageErrorWithExpectedForm() async {
        let outcome = await run("fingerprint", "--format", "xml")
        #expect(outcome.status == .usage)
        #expect(outcome.errors.contains("invalid value 'xml' for '--format': expected one of text, json"))
    }

    @Test func unknownCommandListsTheKnownOnes() async {
        let outcome = await run("frobnicate")
        #expect(outcome.status == .usage)
        #expect(
            outcome.errors.contains(
                "unknown command 'frobnicate'; commands: run, serve, compare, merge, suite, sweep, capacity, report, fingerprint, bench-transport"
            ))
    }

    @Test func fingerprintJSONHasEveryField() async {
        let outcome = await run("fingerprint", "--format", "json")
        #expect(outcome.status == .success)
        for key in ["cpuModel", "logicalCores", "operatingSystem", "swiftVersion", "libcurlVersion", "allocator"] {
            #expect(outcome.output.contains("\"\(key)\""))
        }
    }

    @Test func aSignalsExitStatusIs128PlusItsNumber() {
        #expect(ExitCode(stoppedBy: 2) == .interrupted)
        #expect(ExitCode(stoppedBy: 15) == .terminated)
        #expect(ExitCode.terminated.rawValue == 143)
        #expect(ExitCode(stoppedBy: 9) == nil)
    }

    @Test func exitStatusesAreTheDocumentedNumbers() {
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 64, 130, 143])
    }
}

/// `serve`'s flags are validated before anything starts.
@Suite("nse-bench serve arguments")
struct ServeArgumentTests {
    func parse(_ arguments: [String]) throws(UsageError) -> ServeCommand {
        try ServeCommand(parsing: ArgumentParser.parse(arguments, for: ServeCommand.configuration))
    }

    @Test func profileAndFlagsLayerIntoConditions() throws {
        let command = try parse(["--profile", "3g", "--ttfb", "200ms", "--status", "503:2", "--port", "0"])
        #expect(command.server.conditions.timeToFirstByte == .fixed(.milliseconds(200)))
        #expect(command.server.conditions.bandwidth != nil, "the profile's bandwidth stays")
        #expect(command.server.address.port == 0)
    }

    @Test(arguments: [
        (["--ttfb", "fast"], "ttfb"), (["--bandwidth", "1 fast"], "bandwidth"), (["--port", "70000"], "port"),
        (["--profile", "6g"], "profile"), (["--status", "503:200"], "status"), (["--host", "localhost"], "host"),
        (["--idle-timeout", "0"], "idle-timeout"), (["--ttfb", "file:/nonexistent/latencies.txt"], "ttfb"),
        (["--connect-delay", "file:/nonexistent/latencies.txt"], "connect-delay"),
        (["--time-scale", "1001"], "time-scale"),
        (["--time-scale", "0"], "time-scale"),
    ])
    func badValuesNameTheFlag(arguments: [String], flag: String) {
        let error = #expect(throws: UsageError.self) { try parse(arguments) }
        guard case .invalidValue(let option, _, _) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(option == flag)
    }

    @Test(arguments: [("/etc/passwd", "it is not a directory"), ("/nonexistent/media", "nothing is there")])
    func mediaDirMustBeADirectory(path: String, found: String) {
        #expect(
            throws: UsageError.invalidValue(
                option: "media-dir", value: path, expected: "a directory of files to serve (\(found))")
        ) { try parse(["--media-dir", path]) }
    }

    @Test func tlsKeyWithoutCertificateIsAnError() {
        #expect(throws: UsageError.invalidCombination("--tls-key needs --tls-cert")) {
            try parse(["--tls-key", "k.pem"])
        }
    }

    @Test func busyPortIsAHarnessErrorNamingThePort() async throws {
        let first = try parse(["--port", "0"])
        let server = try MediaServer(configuration: first.server)
        let output = CapturedText()
        let errors = CapturedText()
        let status = await NSEBenchTool.main(
            ["serve", "--port", String(server.address.port), "--quiet"],
            context: CommandContext(output: output, errors: errors, outputIsTerminal: false, environment: [:]))
        #expect(status == .harnessError)
        #expect(errors.text.contains("already in use"))
        await server.shutdown()
    }

    @Test func theFinalReportCountsClosesByReason() {
        var snapshot = ServerStatistics().snapshot
        #expect(ServeCommand.closesLine(snapshot) == "closes 0: none")
        snapshot.closes[.peerClosed] = 3
        snapshot.closes[.injectedReset] = 1
        #expect(ServeCommand.closesLine(snapshot) == "closes 4: peer closed 3, injected reset 1")
    }
}
