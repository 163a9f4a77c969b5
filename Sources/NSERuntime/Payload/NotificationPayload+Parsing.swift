import Foundation
import NSEBenchCore

extension NotificationPayload {
    /// Parses a payload as APNs would deliver it.
    ///
    /// Checks, in order: the size (at most ``maximumByteCount`` bytes), that the bytes are JSON, that the
    /// top level is an object with an `aps` object holding an `alert` (object or string), the types of
    /// the known keys, and that `media_url` is an `http` or `https` URL. Each failure is a
    /// ``PayloadError`` naming the key and what was found.
    ///
    /// ```swift
    /// let bytes = Array(#"{"aps":{"alert":"Your order has shipped","mutable-content":1}}"#.utf8)
    /// let payload = try NotificationPayload(parsing: bytes)
    /// payload.alert.body  // "Your order has shipped"
    /// ```
    public init(parsing bytes: [UInt8]) throws(PayloadError) {
        try self.init(parsing: bytes, checkingSize: true)
    }

    /// ``init(parsing:)-([UInt8])``, with the size check left to the caller when not `checkingSize` (a
    /// replay line whose `nse-bench` key is not part of what APNs would carry).
    init(parsing bytes: [UInt8], checkingSize: Bool) throws(PayloadError) {
        guard !checkingSize || bytes.count <= Self.maximumByteCount else { throw .tooLarge(byteCount: bytes.count) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let reason = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
            throw .notJSON(reason: reason)
        }
        guard let value = JSONValue(foundationObject: object) else {
            throw .notJSON(reason: "JSONSerialization returned a value of type \(type(of: object))")
        }
        if let keyPath = JSONDuplicateKeys.first(in: bytes) { throw .duplicateKey(keyPath: keyPath) }
        try self.init(validating: value)
    }

    /// Parses a payload from its JSON text (counted in UTF-8 bytes against the limit).
    ///
    /// ```swift
    /// let payload = try NotificationPayload(parsing: #"{"aps":{"alert":{"title":"Hi"}}}"#)
    /// payload.isMutable  // false: no "mutable-content":1, so the extension would not run
    /// ```
    public init(parsing text: String) throws(PayloadError) {
        try self.init(parsing: Array(text.utf8))
    }

    /// Reads a payload from an already parsed JSON value, with every check but the size limit.
    ///
    /// ```swift
    /// let payload = try NotificationPayload(validating: .object(["aps": .object(["alert": .string("Hi")])]))
    /// ```
    public init(validating value: JSONValue) throws(PayloadError) {
        guard case .object(var members) = value else { throw .notAnObject(found: value) }
        guard let apsValue = members.removeValue(forKey: "aps") else { throw .missingAPS }
        guard case .object(var aps) = apsValue else {
            throw .wrongType(keyPath: "aps", expected: "an object", found: apsValue)
        }
        guard let alertValue = aps.removeValue(forKey: "alert") else { throw .missingAlert }
        let alert = try Self.alert(from: alertValue)
        var isMutable = false
        if let mutable = aps.removeValue(forKey: "mutable-content") {
            guard let flag = mutable.integerValue else {
                throw .wrongType(keyPath: "aps.mutable-content", expected: "the number 1 (or 0)", found: mutable)
            }
            isMutable = flag == 1
        }
        var badge: Int?
        if let value = aps.removeValue(forKey: "badge") {
            guard let number = value.integerValue else {
                throw .wrongType(keyPath: "aps.badge", expected: "an integer", found: value)
            }
            badge = number
        }
        let sound = aps.removeValue(forKey: "sound")
        switch sound {
        case nil, .string?, .object?: break
        case let other?: throw .wrongType(keyPath: "aps.sound", expected: "a string or an object", found: other)
        }
        let threadIdentifier = try Self.string("thread-id", in: &aps, path: "aps.")
        let category = try Self.string("category", in: &aps, path: "aps.")
        let encryptedData = try Self.string("encrypted_data", in: &members, path: "")
        var mediaURL: URL?
        if let text = try Self.string("media_url", in: &members, path: "") {
            guard let url = Self.mediaURL(text) else { throw .invalidMediaURL(text) }
            mediaURL = url
        }
        self.init(
            alert: alert, isMutable: isMutable, badge: badge, sound: sound, threadIdentifier: threadIdentifier,
            category: category, otherAPSFields: aps, encryptedData: encryptedData, mediaURL: mediaURL,
            customFields: members)
    }

    private static func alert(from value: JSONValue) throws(PayloadError) -> NotificationAlert {
        switch value {
        case .string(let body):
            return .text(body)
        case .object(var fields):
            let title = try string("title", in: &fields, path: "aps.alert.")
            let subtitle = try string("subtitle", in: &fields, path: "aps.alert.")
            let body = try string("body", in: &fields, path: "aps.alert.")
            return NotificationAlert(title: title, subtitle: subtitle, body: body, otherFields: fields)
        default:
            throw .wrongType(keyPath: "aps.alert", expected: "an object or a string", found: value)
        }
    }

    /// Removes `key` from `members` and returns it, which must be a string when present.
    private static func string(
        _ key: String, in members: inout [String: JSONValue], path: String
    ) throws(PayloadError) -> String? {
        guard let value = members.removeValue(forKey: key) else { return nil }
        guard case .string(let text) = value else {
            throw .wrongType(keyPath: path + key, expected: "a string", found: value)
        }
        return text
    }

    /// The URL when `text` is an absolute `http` or `https` URL with a host.
    static func mediaURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
