/// One field of an HTTP head (a response's, as a download reads it; a request's, as the media server
/// reads it): its name's case kept, its value trimmed of the spaces around it.
///
/// ```swift
/// HTTPHeaderField(name: "Content-Disposition", value: #"attachment; filename="sale.jpg""#)
/// ```
public struct HTTPHeaderField: Sendable, Hashable, CustomStringConvertible {
    /// The name, in the case the server wrote it.
    public var name: String
    /// The value, without the spaces around it.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name: value`.
    public var description: String { "\(name): \(value)" }

    /// Whether `name` and `other` name the same field: HTTP field names are ASCII tokens, compared
    /// without case (RFC 9110 §5.1), so byte by byte with ASCII letters folded, with neither
    /// Foundation's locale-aware comparison nor a lowercased copy (these run for every request).
    ///
    /// ```swift
    /// HTTPHeaderField.namesMatch("content-length", "Content-Length")  // true
    /// ```
    public static func namesMatch(_ name: some StringProtocol, _ other: some StringProtocol) -> Bool {
        guard name.utf8.count == other.utf8.count else { return false }
        return zip(name.utf8, other.utf8).allSatisfy { asciiLowercase($0) == asciiLowercase($1) }
    }

    @inline(__always)
    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension [HTTPHeaderField] {
    /// The fields by name, as Foundation's `HTTPURLResponse` takes them: a name written more than once
    /// (in any case) keeps its first spelling, with its values joined by ", " in the order they came
    /// (RFC 9110's combination of a repeated field), but for a `Content-Length` that repeats one value
    /// (in lines or in a list), which is that one length, as the transport reads it.
    ///
    /// ```swift
    /// [HTTPHeaderField(name: "Vary", value: "A"), HTTPHeaderField(name: "vary", value: "B")].dictionary
    /// // ["Vary": "A, B"]
    /// ```
    public var dictionary: [String: String] {
        // A repeat is found among the fields before it, compared as ``HTTPHeaderField/namesMatch(_:_:)``
        // compares (lengths first): a lowercased copy of every name, and a second dictionary keyed by
        // them, cost every response of a user's extension 2.5 µs (perf, issue #11).
        var fields = [String: String](minimumCapacity: count)
        for (index, field) in enumerated() {
            if let first = self[..<index].first(where: { HTTPHeaderField.namesMatch($0.name, field.name) }) {
                fields[first.name, default: ""] += ", " + field.value
            } else {
                fields[field.name] = field.value
            }
        }
        for (name, value) in fields where HTTPHeaderField.namesMatch(name, "content-length") && value.contains(",") {
            let lengths = Set(value.split(separator: ",").map { String($0.trimmingWhitespace()) })
            if lengths.count == 1, let length = lengths.first { fields[name] = length }
        }
        return fields
    }
}
