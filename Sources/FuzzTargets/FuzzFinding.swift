/// An invariant a parser broke on one input: what was expected and what happened instead.
///
/// ```swift
/// FuzzFinding(target: .values, invariant: "a duration reads back from its text", detail: "\"1.5s\" became 1s")
/// ```
public struct FuzzFinding: Error, Sendable, Hashable, CustomStringConvertible {
    /// The target whose invariant failed.
    public var target: FuzzTarget
    /// The invariant, as a sentence.
    public var invariant: String
    /// What the parser did instead, with the values involved.
    public var detail: String

    /// A finding of `target` breaking `invariant`.
    public init(target: FuzzTarget, invariant: String, detail: String) {
        self.target = target
        self.invariant = invariant
        self.detail = detail
    }

    /// `fuzz target values: a duration reads back from its text: "1.5s" became 1s`.
    public var description: String { "fuzz target \(target.rawValue): \(invariant): \(detail)" }
}

/// Input text for a message: Swift's escaped literal, cut to a readable length.
func quoted(_ text: some StringProtocol) -> String {
    let escaped = String(text).debugDescription
    return escaped.count <= 200 ? escaped : String(escaped.prefix(200)) + "...\" (\(text.utf8.count) bytes)"
}
