public import Foundation
public import NSEBenchCore
import NSERuntime
public import UserNotifications

/// Runs your own extension type under nse-bench's load models from a Swift test or benchmark target,
/// without the command line, as package-benchmark runs benchmarks: the same run as `nse-bench run`
/// (load, network, deadline, self-check, result files) with your class as the extension.
///
/// ```swift
/// import NSEBench
/// import Testing
///
/// @Test func richUnderLTE() async throws {
///     let result = try await LoadTest.run(
///         "MyService", arguments: ["--concurrency", "200", "--profile", "lte"]) { MyNotificationService() }
///     #expect(result.status == .success)
///     #expect(result.enrichedRate ?? 0 >= 0.95)
/// }
/// ```
///
/// The embedded media server is the `nse-bench` executable run as `nse-bench serve`: build it
/// (`swift build --product nse-bench`) and it is found beside your test binary, or pass `nseBench`;
/// with `--target URL` no server is started. Your extension runs inside the test process: a crash in it
/// ends the test, as any crash in a test does.
public enum LoadTest {
    /// What a run measured.
    public struct Result: Sendable {
        /// The exit status `nse-bench run` would have had (thresholds included).
        public var status: ExitCode
        /// summary.csv's row, by column name.
        public var summary: [String: String]
        /// The results folder.
        public var folder: URL

        /// The share delivered in time with every enrichment asked for.
        public var enrichedRate: Double? { summary["enriched_rate"].flatMap(Double.init) }
        /// The share where the user saw the original.
        public var fallbackRate: Double? { summary["fallback_rate"].flatMap(Double.init) }
        /// Whether the harness kept its figures faithful.
        public var isValid: Bool { summary["valid"] == "true" }
    }

    /// Runs `make`'s extension under `run`'s `arguments` (every flag of `nse-bench run --help` but
    /// `--extension`), reported as `name`. An extension type that calls a push SDK's helper gets payloads
    /// with `media_url` unless `arguments` name the SDK's key (`--media-field firebase`): no source is
    /// scanned for its `import`.
    public static func run(
        _ name: String, arguments: [String] = [], nseBench executable: URL? = nil,
        extension make: @escaping @Sendable () -> UNNotificationServiceExtension
    ) async throws -> Result {
        let parsed = try ArgumentParser.parse(arguments + ["--quiet"], for: RunCommand.configuration)
        var configuration = try RunOptions.configuration(from: parsed)
        configuration.settings.extensionName = name
        configuration.extensionFactory = ExtensionFactory(name: name, make: make)
        if configuration.target == nil {
            guard let server = executable ?? Self.findExecutable() else {
                throw RunError.setup(
                    "LoadTest needs the nse-bench executable for its media server: build it with "
                        + "'swift build --product nse-bench', pass nseBench:, or give --target URL")
            }
            configuration.serverExecutable = server
        }
        let folder = URL(
            fileURLWithPath: configuration.outputDirectory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "nse-bench-loadtest-\(UUID().uuidString)"
                )
                .path)
        configuration.outputDirectory = folder.path
        let context = CommandContext(
            output: DiscardedText(), errors: DiscardedText(), outputIsTerminal: false,
            environment: ProcessInfo.processInfo.environment)
        let status = try await RunSession(configuration: configuration, context: context).execute()
        let records = try CSVReader.records(
            try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8))
        let summary =
            records.count > 1 ? Dictionary(zip(records[0], records[1]).map { ($0, $1) }) { first, _ in first } : [:]
        return Result(status: status, summary: summary, folder: folder)
    }

    /// `nse-bench` beside this process's executable (a package's build folder), else on `PATH`.
    static func findExecutable() -> URL? {
        let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("nse-bench")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("nse-bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// Output nobody reads: a load test's summary is its result.
struct DiscardedText: TextSink {
    func write(_ text: String) {}
}
