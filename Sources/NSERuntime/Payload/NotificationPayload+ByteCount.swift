import Foundation
import UserNotifications

extension NotificationPayload {
    /// The size of ``serialized()`` in bytes, the figure APNs checks against ``maximumByteCount``;
    /// counted from the fields, without making ``jsonValue`` or writing a byte.
    ///
    /// A run counts every payload, and one whose extension runs in a worker process never needs its
    /// JSON value in `run` (the worker makes the request): building the value only to count it was
    /// about 2 µs of `run`'s CPU an invocation (perf, issue #11).
    ///
    /// ```swift
    /// payload.byteCount == payload.serialized().count  // true
    /// ```
    public var byteCount: Int {
        // A media field over a key the payload's own fields write: counted from the value.
        if mediaURL != nil, let first = mediaField?.keys.first, ["aps", "encrypted_data"].contains(first) {
            return jsonValue.compactJSONByteCount
        }
        // The fields as ``jsonValue`` sets them, over the other keys of the same name.
        var aps = CompactJSONObjectByteCount(otherAPSFields)
        aps.set("alert", valueByteCount: alert.byteCount)
        if isMutable { aps.set("mutable-content", valueByteCount: 1) }
        if let badge { aps.set("badge", valueByteCount: JSONValue.integer(badge).compactJSONByteCount) }
        if let sound { aps.set("sound", valueByteCount: sound.compactJSONByteCount) }
        if let threadIdentifier { aps.set("thread-id", valueByteCount: JSONValue.stringByteCount(threadIdentifier)) }
        if let category { aps.set("category", valueByteCount: JSONValue.stringByteCount(category)) }
        var members = CompactJSONObjectByteCount(customFields)
        members.set("aps", valueByteCount: aps.byteCount)
        if let encryptedData { members.set("encrypted_data", valueByteCount: JSONValue.stringByteCount(encryptedData)) }
        if let mediaURL {
            let urlByteCount = JSONValue.stringByteCount(mediaURL.absoluteString)
            if let mediaField {
                mediaField.count(urlByteCount, for: mediaURL, into: &members, base: customFields)
            } else {
                members.set("media_url", valueByteCount: urlByteCount)
            }
        }
        return members.byteCount
    }
}

extension NotificationAlert {
    /// The size of the alert's compact JSON, as ``jsonValue`` would write it, counted from the fields.
    var byteCount: Int {
        if isPlainText, title == nil, subtitle == nil, otherFields.isEmpty {
            return JSONValue.stringByteCount(body ?? "")
        }
        var members = CompactJSONObjectByteCount(otherFields)
        if let title { members.set("title", valueByteCount: JSONValue.stringByteCount(title)) }
        if let subtitle { members.set("subtitle", valueByteCount: JSONValue.stringByteCount(subtitle)) }
        if let body { members.set("body", valueByteCount: JSONValue.stringByteCount(body)) }
        return members.byteCount
    }
}

/// The compact JSON size of an object made of `base` with some members set over it, counted without
/// making the object: what `var members = base; members[key] = value; .object(members)` would write.
///
/// ```swift
/// var count = CompactJSONObjectByteCount(["a": .integer(10)])
/// count.set("a", valueByteCount: 1)   // {"a":1}
/// count.set("bc", valueByteCount: 4)  // {"a":1,"bc":true}
/// count.byteCount                     // 17
/// ```
struct CompactJSONObjectByteCount {
    private let base: [String: JSONValue]
    /// The members so far.
    private var memberCount: Int
    /// Their bytes: each key, quoted, its colon and its value.
    private var memberBytes: Int

    init(_ base: [String: JSONValue]) {
        self.base = base
        memberCount = base.count
        memberBytes = base.reduce(0) {
            $0 + Self.memberByteCount(key: $1.key, valueByteCount: $1.value.compactJSONByteCount)
        }
    }

    /// Sets member `key` to a value of `valueByteCount` bytes, in place of `base`'s member of that name.
    /// Each key is set at most once.
    mutating func set(_ key: String, valueByteCount: Int) {
        if !base.isEmpty, let replaced = base[key] {
            memberBytes -= Self.memberByteCount(key: key, valueByteCount: replaced.compactJSONByteCount)
        } else {
            memberCount += 1
        }
        memberBytes += Self.memberByteCount(key: key, valueByteCount: valueByteCount)
    }

    /// The object's size: its braces, a comma between members, and the members.
    var byteCount: Int { 2 + max(0, memberCount - 1) + memberBytes }

    private static func memberByteCount(key: String, valueByteCount: Int) -> Int {
        JSONValue.stringByteCount(key) + 1 + valueByteCount
    }
}

extension MediaField {
    /// Sets, in `members` (counting an object whose members are `base`), the bytes ``write(_:in:)`` adds:
    /// the URL's `urlByteCount` at ``keys``, in the objects on the way (each `base`'s own, or new), and the
    /// type beside it.
    func count(
        _ urlByteCount: Int, for url: URL, into members: inout CompactJSONObjectByteCount, base: [String: JSONValue]
    ) {
        members.set(keys[0], valueByteCount: valueByteCount(urlByteCount, for: url, at: keys[...], in: base))
        if keys.count == 1, let typeHintKey, let type = typeHint(for: url) {
            members.set(typeHintKey, valueByteCount: JSONValue.stringByteCount(type))
        }
    }

    /// The compact size of the value `write(_:in:)` leaves at `keys.first` of an object with members `base`.
    private func valueByteCount(
        _ urlByteCount: Int, for url: URL, at keys: ArraySlice<String>, in base: [String: JSONValue]
    ) -> Int {
        guard keys.count > 1 else { return urlByteCount }
        let inner = base[keys[keys.startIndex]]?.objectValue ?? [:]
        var object = CompactJSONObjectByteCount(inner)
        let rest = keys.dropFirst()
        object.set(rest[rest.startIndex], valueByteCount: valueByteCount(urlByteCount, for: url, at: rest, in: inner))
        if rest.count == 1, let typeHintKey, let type = typeHint(for: url) {
            object.set(typeHintKey, valueByteCount: JSONValue.stringByteCount(type))
        }
        return object.byteCount
    }
}
