/// A name that is none of the names a list holds: a network profile, a built-in extension.
///
/// ```swift
/// UnknownNameError(.networkProfile, name: "6g", validNames: NetworkProfile.allNames).description
/// // unknown network profile "6g": expected one of wifi, 5g, lte, 3g, edge, lossy, overloaded-cdn, none
/// ```
public struct UnknownNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the name was to name, as the message says it.
    public enum Kind: String, Hashable, Sendable {
        /// A preset of ``NetworkProfile``.
        case networkProfile = "network profile"
        /// A built-in extension (NSERuntime's `BuiltInExtensions`).
        case builtInExtension = "extension"
    }

    /// What the name was to name.
    public var kind: Kind
    /// The name as given.
    public var name: String
    /// The names that exist.
    public var validNames: [String]

    /// An error for `name`, a `kind` that is none of `validNames`.
    public init(_ kind: Kind, name: String, validNames: [String]) {
        self.kind = kind
        self.name = name
        self.validNames = validNames
    }

    /// The message for the user, listing the valid names.
    public var description: String {
        "unknown \(kind.rawValue) \"\(name)\": expected one of \(validNames.joined(separator: ", "))"
    }
}
