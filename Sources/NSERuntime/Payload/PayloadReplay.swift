public import Foundation
import NSEBenchSystem

/// Payloads read from a JSONL file, such as payloads captured from production, replayed in order and
/// from the start again when a run needs more invocations than the file has.
///
/// One payload per line; blank lines and lines whose first non-blank character is `#` are skipped.
/// Every line is checked like a delivered payload (`NotificationPayload(parsing:)`; the 4096-byte limit on
/// its compact JSON, without the line's spacing or its ``reservedKey``), and all bad lines are reported at
/// once with their line numbers.
///
/// ```swift
/// let replay = try PayloadReplay(parsing: """
///     # captured 2024-05-01
///     {"aps":{"alert":"Your order has shipped","mutable-content":1}}
///     {"aps":{"alert":{"title":"Flash sale","body":"40% off"},"mutable-content":1},"media_url":"https://a.io/1.jpg"}
///     """)
/// replay.count               // 2
/// replay.payload(at: 2)      // the first payload again
/// ```
public struct PayloadReplay: Sendable, Hashable {
    /// The payloads in file order; never empty.
    public let payloads: [NotificationPayload]

    /// A replay of `payloads`, which must not be empty.
    public init(payloads: [NotificationPayload]) throws(PayloadReplayError) {
        guard !payloads.isEmpty else { throw .noPayloads(source: "the payload list") }
        self.payloads = payloads
    }

    /// The same payloads, those holding the top-level key `field` marked as carrying encrypted content
    /// (``NotificationPayload/encryptedField``); throws ``PayloadReplayError/fieldInNoPayload(_:)`` when
    /// none holds it (a misspelt name would otherwise count nothing as encrypted).
    public func markingEncrypted(field: String) throws(PayloadReplayError) -> PayloadReplay {
        guard payloads.contains(where: { $0.customFields[field] != nil }) else { throw .fieldInNoPayload(field) }
        return try PayloadReplay(
            payloads: payloads.map { payload in
                var marked = payload
                marked.encryptedField = field
                return marked
            })
    }

    /// The same payloads, each holding an `http` or `https` URL at `field` (a push SDK's media key) marked as
    /// carrying it (``NotificationPayload/mediaURL``, ``NotificationPayload/mediaField``), so that a
    /// delivery without the attachment is not counted as enriched. When `required`, throws
    /// ``PayloadReplayError/mediaFieldInNoPayload(_:)`` if none holds one (a misspelt key would otherwise
    /// ask for nothing).
    public func markingMedia(field: MediaField, required: Bool = true) throws(PayloadReplayError) -> PayloadReplay {
        var found = false
        let marked = payloads.map { payload in
            guard payload.mediaURL == nil, let text = field.string(in: payload.customFields),
                let url = NotificationPayload.mediaURL(text)
            else { return payload }
            found = true
            var marked = payload
            marked.mediaURL = url
            // The file's bytes are kept: a type the run would write beside the URL is not added.
            marked.mediaField = field.withoutTypeHint
            return marked
        }
        if required, !found { throw .mediaFieldInNoPayload(field.description) }
        return try PayloadReplay(payloads: marked)
    }

    /// Reads a JSONL file of payloads.
    ///
    /// ```swift
    /// let replay = try PayloadReplay(contentsOf: URL(fileURLWithPath: "captured.jsonl"))
    /// ```
    /// A FIFO, a device, a directory or a file over ``maximumFileSize`` is refused with what it is.
    public init(contentsOf url: URL) throws(PayloadReplayError) {
        let bytes: [UInt8]
        do {
            bytes = try Posix.readRegularFile(url.path, limit: Self.maximumFileSize)
        } catch {
            let reason: String =
                switch error {
                case .system(let system): "\(system.message) (errno \(system.errno))"
                case .notARegularFile(_, let kind): "it is \(kind), not a regular file of payload lines"
                case .tooLarge(_, let size, let limit): "it holds \(size) bytes, more than the \(limit) a replay reads"
                }
            throw .unreadable(path: url.path, reason: reason)
        }
        try self.init(parsing: bytes, source: url.path)
    }

    /// The largest payload file read: 1 GiB (a payload line is at most 4 KiB, so over 250,000 lines).
    public static let maximumFileSize = 1 << 30

    /// Reads JSONL text; `source` names it in error messages.
    public init(parsing text: String, source: String = "payloads") throws(PayloadReplayError) {
        try self.init(parsing: Array(text.utf8), source: source)
    }

    /// Reads JSONL bytes (UTF-8, `\n` or `\r\n` line ends, an optional byte order mark); `source` names
    /// them in error messages.
    public init(parsing bytes: [UInt8], source: String = "payloads") throws(PayloadReplayError) {
        var content = bytes[...]
        if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
        var payloads: [NotificationPayload] = []
        var errors: [PayloadLineError] = []
        for (offset, rawLine) in content.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var line = rawLine
            if line.last == 0x0D { line = line.dropLast() }
            guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }),
                first != UInt8(ascii: "#")
            else { continue }
            do {
                payloads.append(try Self.payload(line: Array(line)))
            } catch {
                errors.append(PayloadLineError(line: offset + 1, error: error))
            }
        }
        guard errors.isEmpty else { throw .invalidLines(source: source, errors) }
        guard !payloads.isEmpty else { throw .noPayloads(source: source) }
        self.payloads = payloads
    }

    /// The key of a replay line that is nse-bench's, not the payload's: `{"expect": {"title": ..., "body":
    /// ...}}`, the text the extension should deliver (``NotificationPayload/expectedText``). It is taken out
    /// before the payload is checked against APNs' size limit and handed to the extension.
    public static let reservedKey = "nse-bench"

    /// The longest line read as JSON before its size is known: well over any payload APNs takes, with its
    /// spacing and an `nse-bench` key, and short enough that a line of something else is refused at once.
    static let maximumLineByteCount = 16 * NotificationPayload.maximumByteCount

    /// The payload of one line, its ``reservedKey`` taken out. Its size against APNs' limit is its compact
    /// JSON's (``NotificationPayload/byteCount``), what a provider sends: neither the line's spacing nor the
    /// reserved key counts, for every line alike.
    static func payload(line: [UInt8]) throws(PayloadError) -> NotificationPayload {
        guard line.count <= maximumLineByteCount else { throw .tooLarge(byteCount: line.count) }
        var payload = try NotificationPayload(parsing: line, checkingSize: false)
        if let reserved = payload.customFields.removeValue(forKey: reservedKey) {
            payload.expectedText = try expectation(reserved)
        }
        guard payload.byteCount <= NotificationPayload.maximumByteCount else {
            throw .tooLarge(byteCount: payload.byteCount)
        }
        return payload
    }

    /// The text `{"expect": {"title": ..., "body": ...}}` names; a title or body left out is empty (any
    /// text then holds it).
    private static func expectation(_ value: JSONValue) throws(PayloadError) -> NotificationText {
        guard let fields = value.objectValue else {
            throw .wrongType(
                keyPath: reservedKey, expected: "an object such as {\"expect\": {\"title\": ..., \"body\": ...}}",
                found: value)
        }
        for key in fields.keys where key != "expect" {
            throw .wrongType(
                keyPath: "\(reservedKey).\(key)", expected: "absent (only \"expect\" is nse-bench's)",
                found: fields[key] ?? .null
            )
        }
        guard let expect = fields["expect"] else {
            throw .wrongType(keyPath: "\(reservedKey).expect", expected: "an object of title and body", found: .null)
        }
        guard let text = expect.objectValue, !text.isEmpty else {
            throw .wrongType(keyPath: "\(reservedKey).expect", expected: "an object of title and body", found: expect)
        }
        var parts: [String: String] = [:]
        for (key, part) in text {
            guard key == "title" || key == "body" else {
                throw .wrongType(
                    keyPath: "\(reservedKey).expect.\(key)", expected: "absent (a title and a body are expected)",
                    found: part)
            }
            guard let string = part.stringValue else {
                throw .wrongType(keyPath: "\(reservedKey).expect.\(key)", expected: "a string", found: part)
            }
            parts[key] = string
        }
        return NotificationText(title: parts["title"] ?? "", body: parts["body"] ?? "")
    }

    /// How many payloads the file holds.
    public var count: Int { payloads.count }

    /// The payload for invocation `index`, cycling through the file: index `count` is the first again.
    ///
    /// ```swift
    /// replay.payload(at: replay.count + 1) == replay.payload(at: 1)  // true
    /// ```
    public func payload(at index: Int) -> NotificationPayload {
        let position = index % payloads.count
        return payloads[position < 0 ? position + payloads.count : position]
    }
}
