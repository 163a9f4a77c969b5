import Foundation
public import NSEBenchCore
import NSEBenchSystem
import NSERuntime

/// `nse-bench run` (the default command): simulated extension invocations under load against the
/// embedded media server (or `--target`), with live progress, a summary and result CSVs.
public struct RunCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Run simulated Notification Service Extension invocations under load (the default command).",
        discussion: """
            Starts the embedded media server (unless --target is given), runs invocations of an extension \
            concurrently, and reports what fraction arrived rich before the deadline and why the others fell \
            back. Each invocation's clock starts at its scheduled arrival, so waiting for a free slot counts \
            against its 30 s. Results go to --out: summary.csv (one row), invocations.csv (one row per \
            invocation), histograms.csv and histograms.hlog (HdrHistogram). Ctrl-C stops admitting, lets invocations in flight finish within \
            their deadline and grace, writes results marked partial and exits 130 (143 for SIGTERM); a second \
            Ctrl-C ends the run at once, writing what was recorded.
            """,
        options: RunOptions.declarations,
        examples: [
            "nse-bench --concurrency 500",
            "nse-bench run --rate 200 --duration 60s --profile 3g --extension priority",
            "nse-bench run --burst 10000 --profile overloaded-cdn --time-scale 0.01",
            "nse-bench run --scenario Benchmarks/broadcast-burst.json --out /tmp/burst",
            "nse-bench run --extension Examples/MediaDownload --profile lte",
        ])

    /// Everything the run was asked to do, validated.
    public let configuration: RunConfiguration

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        var configuration = try RunOptions.configuration(from: arguments)
        try ExtensionChoice.validate(&configuration)
        self.configuration = configuration
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        try await RunSession(configuration: configuration, context: context).execute()
    }
}
