/// A command line nse-bench cannot run: always exit status 64, always naming what was wrong and
/// what was expected.
public enum UsageError: Error, Equatable, CustomStringConvertible {
    /// An option no declaration matches; carries the nearest known option, if one is close.
    case unknownOption(String, suggestion: String?)
    /// An option that takes a value came last, or was followed by another option.
    case missingValue(option: String, valueName: String)
    /// A value that does not parse or is out of range.
    case invalidValue(option: String, value: String, expected: String)
    /// A `--flag=value` for an option that takes no value.
    case unexpectedValue(option: String, value: String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String)
    /// A required positional argument is missing.
    case missingArgument(valueName: String)
    /// An unknown subcommand; carries the known ones.
    case unknownSubcommand(String, known: [String])
    /// Options that cannot be combined.
    case conflictingOptions(String, String)
    /// Anything else a command's validation rejects, stated for the user.
    case invalidCombination(String)
    /// An option that takes one value was given more than once; carries the values in order.
    case repeatedOption(String, values: [String])

    /// The message, naming the option and what was expected.
    public var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + (suggestion.map { "; did you mean '--\($0)'?" } ?? "")
        case .missingValue(let option, let valueName):
            "option '--\(option)' needs a value: --\(option) \(valueName)"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '--\(option)': expected \(expected)"
        case .unexpectedValue(let option, let value):
            "option '--\(option)' takes no value, got '\(value)'"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'"
        case .missingArgument(let valueName):
            "missing argument \(valueName)"
        case .unknownSubcommand(let name, let known):
            "unknown command '\(name)'; commands: \(known.joined(separator: ", "))"
        case .conflictingOptions(let first, let second):
            "options '--\(first)' and '--\(second)' cannot be used together"
        case .invalidCombination(let message):
            message
        case .repeatedOption(let option, let values):
            "option '--\(option)' takes one value but was given \(values.count) times ("
                + values.map { "'\($0)'" }.joined(separator: ", ") + "); give it once"
        }
    }
}
