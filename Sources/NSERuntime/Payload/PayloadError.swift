/// Why bytes could not be read as a notification payload. Each case carries the offending input, so the
/// message says what to fix.
///
/// ```swift
/// do {
///     _ = try NotificationPayload(parsing: #"{"aps":{"alert":{"title":"Hi"},"badge":"3"}}"#)
/// } catch {
///     print(error)  // aps.badge must be an integer, found "3" (a string)
/// }
/// ```
public enum PayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The payload is over ``NotificationPayload/maximumByteCount``; carries its size in bytes.
    case tooLarge(byteCount: Int)
    /// The bytes are not JSON; carries Foundation's reason.
    case notJSON(reason: String)
    /// The JSON is not an object at the top level; carries what it was.
    case notAnObject(found: JSONValue)
    /// There is no `aps` key.
    case missingAPS
    /// `aps` has no `alert`, so the system would not start the extension.
    case missingAlert
    /// A known key holds the wrong type of value: the key path (`aps.badge`), the type expected and the
    /// value found.
    case wrongType(keyPath: String, expected: String, found: JSONValue)
    /// `media_url` is not an absolute `http` or `https` URL with a host; carries the text.
    case invalidMediaURL(String)
    /// A key given twice in one object (`keyPath` such as `aps` or `aps.alert.title`): parsers keep
    /// one of the values, and not all the same one.
    case duplicateKey(keyPath: String)

    public var description: String {
        switch self {
        case .tooLarge(let count):
            "the payload is \(count) bytes; APNs rejects payloads over \(NotificationPayload.maximumByteCount) bytes"
        case .notJSON(let reason):
            "the payload is not valid JSON: \(reason)"
        case .notAnObject(let found):
            "the payload must be a JSON object with an \"aps\" key, found \(Self.excerpt(found))"
                + " (\(found.kindDescription))"
        case .missingAPS:
            "the payload has no \"aps\" object; APNs payloads carry their alert in aps.alert"
        case .missingAlert:
            "the payload has no aps.alert; a notification service extension runs only for alerts"
        case .wrongType(let path, let expected, let found):
            "\(path) must be \(expected), found \(Self.excerpt(found)) (\(found.kindDescription))"
        case .invalidMediaURL(let text):
            "media_url \"\(text)\" is not an absolute http or https URL with a host,"
                + " such as https://cdn.example.com/a.jpg"
        case .duplicateKey(let keyPath):
            "\(keyPath) is given twice in one object; a parser keeps only one of the values, so give it once"
        }
    }

    /// The value's JSON, cut to 60 characters.
    private static func excerpt(_ value: JSONValue) -> String {
        let text = value.compactJSONText
        return text.count <= 60 ? text : text.prefix(57) + "..."
    }
}
