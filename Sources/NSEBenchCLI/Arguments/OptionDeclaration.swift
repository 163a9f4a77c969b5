/// One command-line option as a command declares it: the single source for parsing, validation
/// messages and `--help`.
///
/// ```swift
/// OptionDeclaration.value("concurrency", short: "c", valueName: "N", default: "500",
///                         help: "Invocations in flight at once (closed load).")
/// ```
public struct OptionDeclaration: Sendable, Equatable {
    /// Whether the option is a switch or takes a value.
    public enum Kind: Sendable, Equatable {
        /// A switch such as `--quiet`: present or not.
        case flag
        /// An option taking one value: `--name VALUE` or `--name=VALUE`; the last occurrence wins
        /// unless `repeatable`.
        case value(valueName: String, repeatable: Bool)
    }

    /// The long name without dashes, for example `"concurrency"`.
    public let name: String
    /// An optional one-letter alias, for example `c` for `-c`.
    public let short: Character?
    /// A switch, or a value with its name in help.
    public let kind: Kind
    /// One line (or a few) of help text.
    public let help: String
    /// The default shown in `--help`, as the user would type it; nil when there is none.
    public let defaultValue: String?
    /// Hidden options still parse but are left out of `--help`.
    public let isHidden: Bool
    /// Values `--help` lists under the help text, one line each (`--extension`'s built-ins); most
    /// options have none.
    public internal(set) var listing: [HelpEntry] = []

    /// A switch, such as `--quiet`.
    public static func flag(_ name: String, short: Character? = nil, help: String, hidden: Bool = false)
        -> OptionDeclaration
    {
        OptionDeclaration(name: name, short: short, kind: .flag, help: help, defaultValue: nil, isHidden: hidden)
    }

    /// An option with a value, such as `--concurrency 500`.
    public static func value(
        _ name: String, short: Character? = nil, valueName: String, default defaultValue: String? = nil,
        repeatable: Bool = false, help: String, hidden: Bool = false
    ) -> OptionDeclaration {
        OptionDeclaration(
            name: name, short: short, kind: .value(valueName: valueName, repeatable: repeatable), help: help,
            defaultValue: defaultValue, isHidden: hidden)
    }

    /// Whether the option may be given more than once, each value kept.
    var isRepeatable: Bool {
        if case .value(_, let repeatable) = kind { return repeatable }
        return false
    }

    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `--name VALUE` or `--name`, as help and errors show it.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let valueName, _): "--\(name) \(valueName)"
        }
    }
}

/// One value an option's help lists, with one line on what it is.
public struct HelpEntry: Sendable, Equatable {
    /// The value as the user types it, such as `media-20s`.
    public let name: String
    /// One line on what it is.
    public let summary: String

    /// `name`, described by `summary`.
    public init(_ name: String, _ summary: String) {
        self.name = name
        self.summary = summary
    }
}

/// A positional argument, such as `BASELINE` in `compare BASELINE CANDIDATE`.
public struct PositionalDeclaration: Sendable, Equatable {
    /// The name help shows for it, such as `BASELINE`.
    public let valueName: String
    /// One line (or a few) of help text.
    public let help: String
    /// Whether it may be left out.
    public let isOptional: Bool
    /// Whether it takes every remaining argument (it must come last).
    public let isVariadic: Bool

    /// A positional named `valueName` in help.
    public init(_ valueName: String, help: String, optional: Bool = false, variadic: Bool = false) {
        self.valueName = valueName
        self.help = help
        self.isOptional = optional
        self.isVariadic = variadic
    }
}
