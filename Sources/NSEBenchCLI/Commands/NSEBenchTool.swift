public import NSEBenchCore

/// The `nse-bench` command line: finds the subcommand, parses its arguments, runs it, and turns
/// every failure into the documented exit status.
public enum NSEBenchTool {
    /// Every subcommand, in the order `--help` lists them.
    public static let commands: [CommandEntry] = [
        CommandEntry(RunCommand.self), CommandEntry(ServeCommand.self), CommandEntry(CompareCommand.self),
        CommandEntry(MergeCommand.self),
        CommandEntry(SuiteCommand.self), CommandEntry(SweepCommand.self), CommandEntry(CapacityCommand.self),
        CommandEntry(ReportCommand.self), CommandEntry(FingerprintCommand.self),
        CommandEntry(BenchTransportCommand.self), CommandEntry(ExtensionWorkerCommand.self),
    ]

    /// The subcommand used when the first argument is an option (`nse-bench --concurrency 500`).
    public static let defaultCommand: CommandEntry? = CommandEntry(RunCommand.self)

    static let toolName = "nse-bench"

    /// Runs the command line `arguments` (without the program name).
    public static func main(_ arguments: [String], context: CommandContext) async -> ExitCode {
        do {
            return try await dispatch(arguments, context: context)
        } catch let error as UsageError {
            context.errors.write("error: \(error)\n")
            context.errors.write("Run '\(helpCommand(for: arguments))' for usage.\n")
            return .usage
        } catch {
            context.errors.write("error: \(error)\n")
            return .harnessError
        }
    }

    /// The help that covers what `arguments` asked for: the subcommand's (`nse-bench run --help`), the
    /// default command's for bare options, the root's otherwise.
    static func helpCommand(for arguments: [String]) -> String {
        guard let first = arguments.first else { return "\(toolName) --help" }
        if let command = commands.first(where: { $0.configuration.name == first }) {
            return "\(toolName) \(command.configuration.name) --help"
        }
        if first.hasPrefix("-"), first != "--help", first != "-h", first != "--version", let defaultCommand {
            return "\(toolName) \(defaultCommand.configuration.name) --help"
        }
        return "\(toolName) --help"
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) async throws -> ExitCode {
        guard let first = arguments.first else {
            if let defaultCommand { return try await execute(defaultCommand, [], context: context) }
            context.output.write(rootHelp)
            return .success
        }
        switch first {
        case "--help", "-h":
            context.output.write(rootHelp)
            return .success
        case "--version":
            context.output.write("\(toolName) \(NSEBenchVersion.current)\n")
            return .success
        case "help":
            guard arguments.count > 1 else {
                context.output.write(rootHelp)
                return .success
            }
            let command = try command(named: arguments[1])
            context.output.write(HelpFormatter.help(for: command.configuration, commandPath: path(of: command)))
            return .success
        default:
            if let command = commands.first(where: { $0.configuration.name == first }) {
                return try await execute(command, Array(arguments.dropFirst()), context: context)
            }
            if first.hasPrefix("-"), let defaultCommand {
                return try await execute(defaultCommand, arguments, context: context)
            }
            if first.hasPrefix("-") {
                throw UsageError.unknownOption(first, suggestion: nil)
            }
            throw UsageError.unknownSubcommand(first, known: commands.map(\.configuration.name))
        }
    }

    private static func execute(_ command: CommandEntry, _ arguments: [String], context: CommandContext)
        async throws -> ExitCode
    {
        let parsed = try ArgumentParser.parse(arguments, for: command.configuration)
        if parsed.isSet("help") {
            context.output.write(HelpFormatter.help(for: command.configuration, commandPath: path(of: command)))
            return .success
        }
        return try await command.run(parsed, context)
    }

    private static func command(named name: String) throws(UsageError) -> CommandEntry {
        guard let command = commands.first(where: { $0.configuration.name == name }) else {
            throw .unknownSubcommand(name, known: commands.map(\.configuration.name))
        }
        return command
    }

    private static func path(of command: CommandEntry) -> String {
        "\(toolName) \(command.configuration.name)"
    }

    /// The top-level `--help`: commands, then exit statuses.
    static var rootHelp: String {
        var lines = [
            "OVERVIEW: Load and timing benchmarks for iOS Notification Service Extensions.",
            "",
            "nse-bench runs thousands of simulated extension invocations against a local media server with",
            "injected network conditions, and reports how many notifications arrive rich before the deadline",
            "and why the others fall back.",
            "",
            "USAGE: \(toolName) <command> [options]",
            "       \(toolName) --version",
            "",
            "COMMANDS:",
        ]
        for command in commands {
            let name = "  " + command.configuration.name
            lines.append(name + String(repeating: " ", count: max(1, 16 - name.count)) + command.configuration.abstract)
        }
        lines += ["", "EXIT STATUS:"]
        for status in ExitCode.allCases {
            let code = "  \(status.rawValue)"
            lines.append(code + String(repeating: " ", count: max(1, 8 - code.count)) + status.description)
        }
        lines += ["", "See '\(toolName) help <command>' or '\(toolName) <command> --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A subcommand type, erased: its declarations and a way to validate and run it.
public struct CommandEntry: Sendable {
    /// The subcommand's declarations.
    public let configuration: CommandConfiguration
    let run: @Sendable (ParsedArguments, CommandContext) async throws -> ExitCode

    /// The entry of `command`: parsed by its declarations, then run.
    public init<Command: ParsableCommand>(_ command: Command.Type) {
        configuration = Command.configuration
        run = { arguments, context in try await Command(parsing: arguments).run(context) }
    }
}
