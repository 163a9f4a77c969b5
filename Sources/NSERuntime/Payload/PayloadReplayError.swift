/// One line of a replay file that is not a valid payload: its 1-based number and why.
///
/// ```swift
/// PayloadLineError(line: 3, error: .missingAPS).description
/// // line 3: the payload has no "aps" object; APNs payloads carry their alert in aps.alert
/// ```
public struct PayloadLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line number, counting from 1, comments and blank lines included.
    public var line: Int
    /// Why the line is not a valid payload.
    public var error: PayloadError

    /// An error for `line`.
    public init(line: Int, error: PayloadError) {
        self.line = line
        self.error = error
    }

    public var description: String { "line \(line): \(error)" }
}

/// Why a replay file could not be used: it could not be read, some lines are not valid payloads (every
/// one is listed), or it holds no payload at all.
///
/// ```swift
/// do {
///     _ = try PayloadReplay(contentsOf: URL(fileURLWithPath: "captured.jsonl"))
/// } catch {
///     print(error)
///     // captured.jsonl: 1 line is not a valid payload:
///     //   captured.jsonl:4: aps.badge must be an integer, found "3" (a string)
/// }
/// ```
public enum PayloadReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read; carries its path and the system's reason.
    case unreadable(path: String, reason: String)
    /// These lines of `source` are not valid payloads, in line order.
    case invalidLines(source: String, [PayloadLineError])
    /// `source` has no payload lines, only blank lines and comments.
    case noPayloads(source: String)
    /// `--encrypted-field` names a top-level key that no payload holds.
    case fieldInNoPayload(String)
    /// `--media-field` names a path (a JSON Pointer) at which no payload holds an `http` or `https` URL.
    case mediaFieldInNoPayload(String)

    /// How many bad lines a message lists before summing up the rest.
    static let listedLineLimit = 20

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "could not read the payload file \(path): \(reason)"
        case .invalidLines(let source, let lines):
            let noun = lines.count == 1 ? "line is" : "lines are"
            var text = "\(source): \(lines.count) \(noun) not a valid payload:"
            for line in lines.prefix(Self.listedLineLimit) {
                text += "\n  \(source):\(line.line): \(line.error)"
            }
            if lines.count > Self.listedLineLimit {
                text += "\n  and \(lines.count - Self.listedLineLimit) more"
            }
            return text
        case .noPayloads(let source):
            return "\(source) holds no payloads; write one JSON payload per line (# starts a comment line)"
        case .fieldInNoPayload(let field):
            return "no payload of the file has a top-level \"\(field)\" key to count as encrypted; name the key "
                + "your payloads carry their ciphertext in"
        case .mediaFieldInNoPayload(let field):
            return "no payload of the file has an http or https URL at \(field) to count as media; name the key "
                + "your payloads carry their media URL in, as a JSON Pointer (/fcm_options/image)"
        }
    }
}
