/// One option declared once: its name, help and default text (``declaration``, which the parser and
/// `--help` read) together with how its text becomes a `Value`, the default applied, so that a
/// command reads it as `try arguments[option]` and writes neither the name nor the default again.
/// The shape of swift-argument-parser's `@Option`, without property wrappers.
///
/// ```swift
/// static let concurrency: Option<Int> = .value(
///     "concurrency", short: "c", valueName: "N", default: "500", help: "Invocations in flight.",
///     .within(1...1_000_000))
/// static let target: Option<String?> = .value("target", valueName: "URL", help: "A media host.")
///
/// let concurrency = try arguments[Self.concurrency]  // 500 unless given
/// ```
public struct Option<Value: Sendable>: Sendable, DeclaredOption {
    /// What the parser, the scenario file and `--help` know of the option.
    public let declaration: OptionDeclaration
    private let read: @Sendable (ParsedArguments) throws(UsageError) -> Value

    init(_ declaration: OptionDeclaration, read: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Value) {
        self.declaration = declaration
        self.read = read
    }

    /// The option's value in `arguments`; a bad value is a usage error naming the option.
    func value(in arguments: ParsedArguments) throws(UsageError) -> Value { try read(arguments) }

    /// The value the option has when it is not given: its declared default through its parser (nil or
    /// `false` for one without a default), so that a settings type starts from the defaults the
    /// declaration writes once, as the command line does.
    ///
    /// A default its own parser refuses is a programming error: it stops the program, naming the option.
    var defaultValue: Value {
        do {
            return try read(alone(given: nil))
        } catch {
            preconditionFailure("the default of --\(declaration.name) does not parse: \(error)")
        }
    }

    /// The option's value had `text` been given for it, read and checked as the command line's is: for
    /// a setting that arrives another way (a settings file). A bad value is a usage error naming the option.
    func value(given text: String) throws(UsageError) -> Value { try read(alone(given: text)) }

    /// Arguments of a command that declares this option alone, with `text` given for it (nothing for nil).
    private func alone(given text: String?) -> ParsedArguments {
        var arguments = ParsedArguments(
            configuration: CommandConfiguration(name: declaration.name, abstract: "", options: [declaration]))
        if let text { arguments.values[declaration.name] = [text] }
        return arguments
    }

    /// The same option with `entries` listed under its help, one line each.
    ///
    /// ```swift
    /// static let format: Option<String> = .value("format", valueName: "NAME", default: "text",
    ///     help: "Output format:", .text).listing([HelpEntry("text", "for people"), HelpEntry("json", "for tools")])
    /// ```
    public func listing(_ entries: [HelpEntry]) -> Option {
        var declaration = declaration
        declaration.listing = entries
        return Option(declaration, read: read)
    }
}

/// An option of any value type, for the lists commands declare.
public protocol DeclaredOption: Sendable {
    /// What the parser, the scenario file and `--help` know of the option.
    var declaration: OptionDeclaration { get }
}

extension DeclaredOption {
    /// The long name without dashes, as messages name it.
    public var name: String { declaration.name }
}

extension Option {
    /// An option with a value and a default: its value, or the default's when not given, through `parser`.
    public static func value(
        _ name: String, short: Character? = nil, valueName: String, default defaultValue: String, help: String,
        hidden: Bool = false, _ parser: OptionParser<Value>
    ) -> Option {
        Option(
            .value(name, short: short, valueName: valueName, default: defaultValue, help: help, hidden: hidden)
        ) { (arguments) throws(UsageError) in
            try parser.parse(arguments.string(name) ?? defaultValue, name)
        }
    }

    /// An option with a value and no default: its value through `parser`, nil when not given.
    public static func value<Wrapped>(
        _ name: String, short: Character? = nil, valueName: String, help: String, hidden: Bool = false,
        _ parser: OptionParser<Wrapped>
    ) -> Option where Value == Wrapped? {
        Option(.value(name, short: short, valueName: valueName, help: help, hidden: hidden)) {
            (arguments) throws(UsageError) in
            guard let text = arguments.string(name) else { return nil }
            return try parser.parse(text, name)
        }
    }

    /// A text option with no default: its value as given, nil when not given.
    public static func value(
        _ name: String, short: Character? = nil, valueName: String, help: String, hidden: Bool = false
    ) -> Option where Value == String? {
        value(name, short: short, valueName: valueName, help: help, hidden: hidden, .text)
    }

    /// A repeatable option: every value given, in order, through `parser`.
    public static func values<Element>(
        _ name: String, valueName: String, help: String, hidden: Bool = false, _ parser: OptionParser<Element>
    ) -> Option where Value == [Element] {
        Option(.value(name, valueName: valueName, repeatable: true, help: help, hidden: hidden)) {
            (arguments) throws(UsageError) in
            var values: [Element] = []
            for text in arguments.strings(name) { values.append(try parser.parse(text, name)) }
            return values
        }
    }

    /// A switch, such as `--quiet`: whether it was given.
    public static func flag(_ name: String, short: Character? = nil, help: String, hidden: Bool = false) -> Option
    where Value == Bool {
        Option(.flag(name, short: short, help: help, hidden: hidden)) { arguments in arguments.isSet(name) }
    }
}

extension ParsedArguments {
    /// `option`'s value, its default applied; a bad value is a usage error naming the option.
    ///
    /// ```swift
    /// let deadline = try arguments[RunOptions.deadline]  // 30s unless given
    /// ```
    public subscript<Value>(option: Option<Value>) -> Value {
        get throws(UsageError) { try option.value(in: self) }
    }

    /// Whether `option` appeared on the command line (or in a scenario file), not merely defaulted.
    public func wasGiven(_ option: some DeclaredOption) -> Bool { wasGiven(option.name) }
}
