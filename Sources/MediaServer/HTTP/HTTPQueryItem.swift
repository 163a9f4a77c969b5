/// One `name=value` pair of a request target's query string, percent-decoded.
///
/// `+` decodes to a space (the `application/x-www-form-urlencoded` convention); a literal plus is
/// sent as `%2B`. A pair without `=` has an empty value; empty pairs (`a=1&&b=2`) are dropped.
public struct HTTPQueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The decoded name.
    public var name: String
    /// The decoded value; empty when the pair had no `=`.
    public var value: String

    /// Creates a pair from already-decoded text.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`, decoded (not re-encoded): for logs and test failures.
    public var description: String { "\(name)=\(value)" }
}
