import Foundation
import NSEBenchCLI

/// Renders `docs/cli.md`, the command-line reference, from the commands' own declarations, so that the
/// page says exactly what `--help` says: every command, every option (hidden ones apart), its value, its
/// default and its help text.
enum CLIReference {
    /// The command that rewrites `docs/cli.md` from the declarations.
    static let regenerateCommand = "NSE_BENCH_UPDATE_DOCS=1 swift test --filter CLIReferenceTests"

    /// The whole page for `commands`, in the order `nse-bench --help` lists them.
    static func markdown(for commands: [CommandConfiguration]) -> String {
        var lines = [
            "# Command-line reference",
            "",
            "Every command's options as `nse-bench <command> --help` prints them. This page is generated from the",
            "commands' declarations (`CommandConfiguration` in `Sources/NSEBenchCLI`) by",
            "`Tests/NSEBenchCLITests/Docs/CLIReference.swift`, and `CLIReferenceTests` fails when it and the code",
            "disagree; after adding or changing an option, regenerate it with",
            "`\(regenerateCommand)`.",
            "",
            "What the options do together is in the topic pages: [run.md](run.md), [media-server.md](media-server.md),",
            "[suite-and-gate.md](suite-and-gate.md), [sweep-and-capacity.md](sweep-and-capacity.md),",
            "[scale-out.md](scale-out.md), [reports.md](reports.md).",
            "",
            "Commands: " + commands.map { "[`\($0.name)`](#\(anchor(for: $0)))" }.joined(separator: ", ") + ".",
        ]
        for command in commands { lines += [""] + section(for: command) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The anchor GitHub gives the heading `nse-bench NAME`.
    static func anchor(for command: CommandConfiguration) -> String { "nse-bench-\(command.name)" }

    private static func section(for command: CommandConfiguration) -> [String] {
        var lines = ["## `nse-bench \(command.name)`", "", prose(command.abstract), ""]
        lines.append("Usage: `\(HelpFormatter.usage(for: command, commandPath: "nse-bench \(command.name)"))`")
        if !command.discussion.isEmpty {
            lines.append("")
            lines += command.discussion.split(separator: "\n", omittingEmptySubsequences: false).map {
                prose(String($0))
            }
        }
        if !command.positionals.isEmpty {
            lines += ["", "| argument | meaning |", "|---|---|"]
            lines += command.positionals.map { "| `\($0.valueName)` | \(cell($0.help)) |" }
        }
        let visible = command.options.filter { !$0.isHidden }
        lines += ["", "| option | value | default | meaning |", "|---|---|---|---|"]
        lines += visible.map(row)
        let hidden = command.options.filter(\.isHidden)
        if !hidden.isEmpty {
            lines += ["", "Internal, left out of `--help` (for the `run` that starts this command):", ""]
            lines += hidden.map { "- `--\($0.name)`\(valueName($0).map { " `\($0)`" } ?? ""): \(prose($0.help))" }
        }
        if !command.examples.isEmpty {
            lines += ["", "```sh"] + command.examples + ["```"]
        }
        return lines
    }

    private static func row(_ option: OptionDeclaration) -> String {
        let names = "`--\(option.name)`" + (option.short.map { ", `-\($0)`" } ?? "")
        let value = valueName(option).map { "`\(codeCell($0))`" + (isRepeatable(option) ? ", repeatable" : "") } ?? ""
        let defaultValue = option.defaultValue.map { "`\(codeCell($0))`" } ?? ""
        // Listed values one a line, as --help shows them.
        let listing = option.listing.map { "<br>`\($0.name)` \(cell($0.summary))" }.joined()
        return "| \(names) | \(value) | \(defaultValue) | \(cell(option.help))\(listing) |"
    }

    private static func valueName(_ option: OptionDeclaration) -> String? {
        if case .value(let valueName, _) = option.kind { return valueName }
        return nil
    }

    private static func isRepeatable(_ option: OptionDeclaration) -> Bool {
        if case .value(_, let repeatable) = option.kind { return repeatable }
        return false
    }

    /// Help text as one table cell: on one line, with its pipes escaped.
    private static func cell(_ text: String) -> String {
        prose(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }

    /// A value inside a code span of a table cell: only a pipe needs escaping there.
    private static func codeCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// Help text as markdown shows it literally: `<size>` is not an HTML tag, `*.json` starts no emphasis.
    private static func prose(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "*", with: "\\*")
            .replacingOccurrences(of: "<", with: "\\<")
    }
}
