/// Renders `--help` from a command's declarations, so help and parsing can never disagree.
public enum HelpFormatter {
    static let optionColumn = 32
    static let width = 100

    /// The full help for one command, invoked as `toolName commandPath`.
    public static func help(for configuration: CommandConfiguration, commandPath: String) -> String {
        var lines: [String] = ["OVERVIEW: \(configuration.abstract)", ""]
        lines.append("USAGE: \(usage(for: configuration, commandPath: commandPath))")
        if !configuration.discussion.isEmpty {
            lines.append("")
            lines += wrap(configuration.discussion, width: width, indent: "")
        }
        if !configuration.positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in configuration.positionals {
                lines += entry(positional.valueName, help: positional.help)
            }
        }
        lines += ["", "OPTIONS:"]
        for option in configuration.options where !option.isHidden {
            let names = (option.short.map { "-\($0), " } ?? "    ") + option.synopsis
            let help = option.help + (option.defaultValue.map { " (default: \($0))" } ?? "")
            lines += entry(names, help: help)
            lines += listing(option.listing)
        }
        if !configuration.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            lines += configuration.examples.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `nse-bench serve [options] ARG`, as the usage line shows it.
    public static func usage(for configuration: CommandConfiguration, commandPath: String) -> String {
        var parts = [commandPath, "[options]"]
        for positional in configuration.positionals {
            let name = positional.valueName + (positional.isVariadic ? " ..." : "")
            parts.append(positional.isOptional ? "[\(name)]" : name)
        }
        return parts.joined(separator: " ")
    }

    private static func entry(_ label: String, help: String) -> [String] {
        let indent = String(repeating: " ", count: optionColumn)
        let wrapped = wrap(help, width: width - optionColumn, indent: "")
        var lines: [String] = []
        let head = "  " + label
        if head.count < optionColumn - 1 {
            lines.append(head + String(repeating: " ", count: optionColumn - head.count) + (wrapped.first ?? ""))
        } else {
            lines.append(head)
            if let first = wrapped.first { lines.append(indent + first) }
        }
        lines += wrapped.dropFirst().map { indent + $0 }
        return lines
    }

    /// An option's listed values under its help, a name column and a summary wrapped beside it:
    ///
    /// ```
    ///                                   media-20s        media, 20 s resource timeout (Batch's)
    /// ```
    static func listing(_ entries: [HelpEntry]) -> [String] {
        guard let widest = entries.map(\.name.count).max() else { return [] }
        let indent = String(repeating: " ", count: optionColumn + 2)
        let nameColumn = widest + 2
        let hanging = indent + String(repeating: " ", count: nameColumn)
        return entries.flatMap { entry -> [String] in
            let summary = wrap(entry.summary, width: width - hanging.count, indent: "")
            let name = entry.name + String(repeating: " ", count: nameColumn - entry.name.count)
            return [indent + name + (summary.first ?? "")] + summary.dropFirst().map { hanging + $0 }
        }
    }

    /// Greedy word wrap; paragraphs separated by blank lines stay separate.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(indent + line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(indent + line)
        }
        return lines
    }
}
