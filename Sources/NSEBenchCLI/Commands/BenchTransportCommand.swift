import Foundation
public import NSEBenchCore
public import NSEBenchSystem
import SystemBenchmarks

/// `nse-bench bench-transport`: the transport and timer benchmarks behind Benchmarks/transport.sh.
/// Prints one line per measurement; the script runs the peers (nginx, wrk) beside it.
public struct BenchTransportCommand: ParsableCommand {
    /// `--case`: the benchmark to run.
    public enum Case: String, ArgumentValue, CaseIterable, Sendable {
        case timers, curl, urlsession
    }

    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "bench-transport",
        abstract: "Benchmark the timer service and the libcurl transport (used by Benchmarks/transport.sh).",
        discussion: "timers: COUNT pending deadline timers, TimerService sleeps and Task.sleep, lateness and bytes "
            + "per timer. curl / urlsession: COUNT downloads of --url, CONCURRENCY at a time, with client CPU per "
            + "download, memory per in-flight download and first-byte percentiles.",
        options: Options.declarations,
        examples: [
            "nse-bench bench-transport --case timers --count 100000",
            "nse-bench bench-transport --case curl --url 'http://127.0.0.1:8080/media/1KB.jpg?ttfb=1s' "
                + "--count 10000 --concurrency 10000",
        ])

    /// `--case`.
    public let benchmark: Case
    /// `--count`: timers or downloads.
    public let count: Int
    /// `--concurrency`: downloads in flight.
    public let concurrency: Int
    /// `--url`: what the download cases fetch.
    public let url: String?
    /// `--receive-buffer`; nil for the transport's choice.
    public let receiveBufferBytes: Int?
    /// `--client`: which client runs the `curl` case's plain-HTTP downloads.
    public let client: PlainHTTPClient
    /// `--files`: each `curl` download into a file of its own, renamed, checked and removed.
    public let files: Bool

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        benchmark = try arguments[Options.benchmark]
        count = try arguments[Options.count]
        concurrency = try arguments[Options.concurrency]
        url = try arguments[Options.url]
        receiveBufferBytes = try arguments[Options.receiveBuffer]
        client = try arguments[Options.client]
        files = try arguments[Options.files]
        if benchmark != .timers, url == nil { throw .invalidCombination("--case \(benchmark.rawValue) needs --url") }
        if files, benchmark != .curl { throw .invalidCombination("--files is for --case curl") }
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        switch benchmark {
        case .timers:
            let comparison = try await TimerBenchmark.compare(count: count)
            for result in [comparison.deadlines, comparison.serviceSleeps, comparison.taskSleeps] {
                context.output.write(
                    "\(result.label): \(result.count) timers, lateness p50 \(ms(result.lateness, 50)) "
                        + "p99 \(ms(result.lateness, 99)) max \(ms(result.lateness, 100)) ms, early \(result.early), "
                        + "\(Int(result.bytesPerTimer)) B per timer\n")
            }
        case .curl, .urlsession:
            let url = url ?? ""
            // The files' folder, where a run of these media keeps its downloads (memory-backed when there
            // is room for them), removed afterwards with whatever a failed download left in it.
            let parent = ScratchDirectory.parent(
                requested: nil, environment: context.environment, inFlight: concurrency,
                largestMediaBytes: URL(string: url).flatMap { ScratchDirectory.mediaBytes(named: $0.path) })
            let folder = files ? "\(parent.path)/nse-bench-transport-files-\(UUID().uuidString)" : nil
            if let folder {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                context.output.write("files in \(folder) (\(parent.reason))\n")
            }
            defer {
                if let folder {
                    do {
                        try FileManager.default.removeItem(atPath: folder)
                    } catch {
                        context.errors.write("bench-transport: could not remove \(folder): \(error)\n")
                    }
                }
            }
            let result =
                benchmark == .curl
                ? try await TransportBenchmark.curl(
                    url: url, count: count, concurrency: concurrency,
                    configuration: CurlTransport.Configuration(plainHTTP: client),
                    request: DownloadRequest(
                        url: "", totalTimeout: .seconds(30), receiveBufferBytes: receiveBufferBytes),
                    files: folder.map { DownloadFileWork(directory: $0) })
                : try await URLSessionBenchmark.run(
                    url: url, count: count, concurrency: concurrency, maximumConnectionsPerHost: concurrency)
            context.output.write(
                "\(result.label): \(result.succeeded)/\(result.count) ok, "
                    + String(format: "%.0f", result.requestsPerSecond) + " downloads/s, "
                    + String(format: "%.1f", result.cpuMicrosecondsPerDownload) + " µs CPU per download, "
                    + String(format: "%.1f", result.bytesPerInFlightDownload / 1024) + " KB per in-flight download, "
                    + "first byte from the transfer's start p50 \(ms(result.firstByte, 50)) p99 \(ms(result.firstByte, 99)) ms, "
                    + "from the request p99 \(ms(result.firstByteFromRequest, 99)) ms, whole download p99 "
                    + "\(ms(result.latency, 99)) ms, statuses \(result.statuses)"
                    + (result.failures.isEmpty ? "" : ", failures \(result.failures)") + "\n")
        }
        return .success
    }

    private func ms(_ histogram: Histogram, _ percentile: Double) -> String {
        String(format: "%.3f", Double(histogram.value(atPercentile: percentile)) / 1e6)
    }
}

extension BenchTransportCommand {
    /// `bench-transport`'s options, each declared once with its help, default and parser.
    enum Options {
        static let benchmark: Option<Case> = .value(
            "case", valueName: "CASE", default: "timers",
            help: "timers, curl (the transport: see --client) or urlsession.", .converted)
        static let count: Option<Int> = .value(
            "count", valueName: "N", default: "100000", help: "Timers, or downloads.", .within(1...10_000_000))
        static let concurrency: Option<Int> = .value(
            "concurrency", valueName: "N", default: "100", help: "Downloads in flight.", .within(1...100_000))
        static let url: Option<String?> = .value("url", valueName: "URL", help: "What to download (curl, urlsession).")
        static let receiveBuffer: Option<Int?> = .value(
            "receive-buffer", valueName: "BYTES",
            help: "The most one read takes per transfer (curl): libcurl's receive buffer, or the own client's "
                + "read size, 1024 to 10485760 (default: the own client 65535; libcurl by transfers in flight, "
                + "65535 for the first 512 of a loop, 8191 beyond).",
            .within(DownloadRequest.receiveBufferRange))

        static let client: Option<PlainHTTPClient> = .value(
            "client", valueName: "CLIENT", default: "own",
            help: "Which client the curl case's transport runs plain-HTTP GETs on: own (the transport's own "
                + "HTTP/1.1 client, as runs use) or libcurl (every download through libcurl, to compare).",
            .converted)

        static let files: Option<Bool> = .flag(
            "files",
            help: "curl: write each download to a file of its own, then rename it, check it twice and remove it, "
                + "as an invocation does (the files live in a temporary folder removed afterwards).")

        /// Every option of `bench-transport`, in `--help` order.
        static let declarations: [OptionDeclaration] =
            ([benchmark, count, concurrency, url, receiveBuffer, client, files] as [any DeclaredOption]).map(
                \.declaration)
    }
}
extension PlainHTTPClient: ArgumentValue {}
