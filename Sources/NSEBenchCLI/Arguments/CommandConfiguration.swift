/// What a command declares about itself: its name, its help, and every option and positional it
/// takes. ``ArgumentParser`` validates against it and ``HelpFormatter`` renders it.
public struct CommandConfiguration: Sendable {
    /// The subcommand's name, for example `"serve"`.
    public let name: String
    /// One line for the command list.
    public let abstract: String
    /// Paragraphs shown under the usage line of the command's own `--help`.
    public let discussion: String
    /// The options, in `--help` order, `--help` itself last.
    public let options: [OptionDeclaration]
    /// The positional arguments, in order.
    public let positionals: [PositionalDeclaration]
    /// Examples shown at the end of `--help`, one command line each.
    public let examples: [String]

    /// A command named `name`; `--help` is added to `options`.
    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionDeclaration] = [],
        positionals: [PositionalDeclaration] = [], examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options + [.flag("help", short: "h", help: "Show this help and exit.")]
        self.positionals = positionals
        self.examples = examples
    }

    func option(named name: String) -> OptionDeclaration? { options.first { $0.name == name } }
    func option(short: Character) -> OptionDeclaration? { options.first { $0.short == short } }
}
