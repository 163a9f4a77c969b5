import Foundation
public import NSEBenchCore
import NSEBenchSystem

/// `nse-bench fingerprint`: the host fingerprint written into every result, on its own.
public struct FingerprintCommand: ParsableCommand {
    /// Output formats.
    public enum Format: String, ArgumentValue, CaseIterable, Sendable {
        case text, json
    }

    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "fingerprint",
        abstract: "Print the host fingerprint that results carry (CPU, cores, OS, library versions).",
        discussion: "Two results are comparable only when their fingerprints match; this prints the one of this "
            + "machine and build, so you can see why 'compare' calls two runs not comparable.",
        options: [formatOption.declaration],
        examples: ["nse-bench fingerprint", "nse-bench fingerprint --format json"])

    /// `--format`.
    public let format: Format

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        format = try arguments[Self.formatOption]
    }

    /// `--format text|json`.
    static let formatOption: Option<Format> = .value(
        "format", valueName: "FORMAT", default: "text", help: "Output format: text or json.", .converted)

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        let fingerprint = HostFingerprintReader.current()
        switch format {
        case .text:
            let width = fingerprint.fields.map(\.name.count).max() ?? 0
            for field in fingerprint.fields {
                context.output.write(field.name + String(repeating: " ", count: width - field.name.count + 2))
                context.output.write(field.value + "\n")
            }
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            context.output.write(String(decoding: try encoder.encode(fingerprint), as: UTF8.self) + "\n")
        }
        return .success
    }
}
