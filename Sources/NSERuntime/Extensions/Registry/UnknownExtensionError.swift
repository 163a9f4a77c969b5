/// No built-in extension has the name asked for.
///
/// ```swift
/// try BuiltInExtensions.named("medai")
/// // unknown extension "medai"; valid names: template, decrypt, media, media-20s, media-25s, media-30s, priority
/// ```
public struct UnknownExtensionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name asked for.
    public var name: String
    /// The names that exist.
    public var validNames: [String]

    /// An error for `name`.
    public init(name: String, validNames: [String]) {
        self.name = name
        self.validNames = validNames
    }

    public var description: String {
        "unknown extension \"\(name)\"; valid names: \(validNames.joined(separator: ", "))"
    }
}
