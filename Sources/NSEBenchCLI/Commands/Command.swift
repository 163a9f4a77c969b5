public import NSEBenchCore

/// What a running command may touch: its output streams and facts about the terminal.
public struct CommandContext: Sendable {
    /// Where the command's results go (standard output).
    public var output: any TextSink
    /// Where its diagnostics go (standard error).
    public var errors: any TextSink
    /// Whether standard output is a terminal (live progress) or a pipe or file (plain lines).
    public var outputIsTerminal: Bool
    /// The environment variables the command reads.
    public var environment: [String: String]

    /// A context writing to `output` and `errors`.
    public init(output: any TextSink, errors: any TextSink, outputIsTerminal: Bool, environment: [String: String]) {
        self.output = output
        self.errors = errors
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
    }
}

/// A subcommand: declarations, then validation into the command's configuration value in `init`,
/// then `run`. The shape of swift-argument-parser's `ParsableCommand`, written by hand.
public protocol ParsableCommand: Sendable {
    /// Name, help and every option; the parser and `--help` both read it.
    static var configuration: CommandConfiguration { get }
    /// Validates the parsed arguments into the command's settings; a bad value is a ``UsageError``.
    init(parsing arguments: ParsedArguments) throws(UsageError)
    /// Does the work and says how the process should exit.
    func run(_ context: CommandContext) async throws -> ExitCode
}
