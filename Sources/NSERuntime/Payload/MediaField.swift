public import Foundation
public import SDKProfiles
import UserNotifications

/// Where a payload carries its media URL when not at `media_url`: a path of object keys from the top
/// level, as a push SDK reads it (Firebase's `fcm_options` → `image`, Airship's
/// `com.urbanairship.media_attachment` → `url`). Written as a JSON Pointer (RFC 6901), which keeps keys
/// with dots whole: `/fcm_options/image`, `/com.urbanairship.media_attachment/url`.
///
/// ```swift
/// let field = try MediaField(pointer: "/fcm_options/image")
/// var members: [String: JSONValue] = ["fcm_options": .object(["analytics_label": .string("spring")])]
/// field.set(.string("https://cdn.example.com/a.jpg"), in: &members)
/// // {"fcm_options":{"analytics_label":"spring","image":"https://cdn.example.com/a.jpg"}}
/// field.string(in: members)  // "https://cdn.example.com/a.jpg"
/// ```
public struct MediaField: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The object keys, outermost first; never empty.
    public let keys: [String]
    /// A key beside the URL's that carries the media's type, as Batch's `t` beside its `u`: written with the
    /// word ``typeHintVocabulary`` has for the URL's file extension. nil for none.
    public private(set) var typeHintKey: String? = nil
    /// The words ``typeHintKey`` takes; nil for the type iOS takes for the extension (`public.jpeg`, Batch's).
    public private(set) var typeHintVocabulary: MediaTypeVocabulary? = nil

    /// The field at `keys`, with the media's type at `typeHintKey` beside it; nil when there are no keys, one
    /// is empty, or the type's key is empty, the URL's own, or (beside a top-level URL) one the payload
    /// writes itself (`aps`, `encrypted_data`).
    public init?(keys: [String], typeHintKey: String? = nil, typeHintVocabulary: MediaTypeVocabulary? = nil) {
        guard !keys.isEmpty, !keys.contains(where: \.isEmpty) else { return nil }
        if let typeHintKey {
            guard !typeHintKey.isEmpty, typeHintKey != keys.last else { return nil }
            if keys.count == 1, ["aps", "encrypted_data"].contains(typeHintKey) { return nil }
        }
        self.keys = keys
        self.typeHintKey = typeHintKey
        self.typeHintVocabulary = typeHintKey == nil || typeHintVocabulary == .uniformType ? nil : typeHintVocabulary
    }

    /// Decodes through ``init(keys:typeHintKey:typeHintVocabulary:)``, so that a decoded field is in the same
    /// form as a made one (and equal to it); a field that one refuses is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let keys = try container.decode([String].self, forKey: .keys)
        let typeHintKey = try container.decodeIfPresent(String.self, forKey: .typeHintKey)
        let vocabulary = try container.decodeIfPresent(MediaTypeVocabulary.self, forKey: .typeHintVocabulary)
        guard let field = MediaField(keys: keys, typeHintKey: typeHintKey, typeHintVocabulary: vocabulary) else {
            throw DecodingError.dataCorruptedError(
                forKey: .keys, in: container,
                debugDescription: "\(keys) with the type at \(typeHintKey ?? "none") is no media field")
        }
        self = field
    }

    /// The same path without a type beside it: how a replayed payload is marked, whose own bytes are kept.
    public var withoutTypeHint: MediaField {
        var field = self
        field.typeHintKey = nil
        field.typeHintVocabulary = nil
        return field
    }

    /// Parses a JSON Pointer such as `/fcm_options/image` (`~1` stands for `/`, `~0` for `~`).
    ///
    /// Throws a ``MediaFieldError`` carrying the text when it does not start with `/`, names an empty key
    /// or has a `~` that is neither `~0` nor `~1`.
    public init(pointer: String) throws(MediaFieldError) {
        guard pointer.hasPrefix("/") else { throw MediaFieldError(text: pointer, reason: "it does not start with /") }
        var keys: [String] = []
        for part in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var key = ""
            var escaped = false
            for character in part {
                if escaped {
                    switch character {
                    case "0": key.append("~")
                    case "1": key.append("/")
                    default:
                        throw MediaFieldError(text: pointer, reason: "~\(character) is no escape (~0 is ~, ~1 is /)")
                    }
                    escaped = false
                } else if character == "~" {
                    escaped = true
                } else {
                    key.append(character)
                }
            }
            if escaped { throw MediaFieldError(text: pointer, reason: "it ends in a lone ~") }
            guard !key.isEmpty else { throw MediaFieldError(text: pointer, reason: "it names an empty key") }
            keys.append(key)
        }
        self.keys = keys
    }

    /// The JSON Pointer.
    public var description: String {
        keys.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    /// Whether this is the top-level `media_url`, which needs no field.
    public var isMediaURLKey: Bool { keys == ["media_url"] }

    /// Writes `url` at this path in a top-level object's `members`, and beside it, at ``typeHintKey``, the
    /// type of its file extension when iOS has one.
    public func write(_ url: URL, in members: inout [String: JSONValue]) {
        set(.string(url.absoluteString), in: &members)
        guard let typeHintKey, let type = typeHint(for: url) else { return }
        members = Self.setting(.string(type), at: (keys.dropLast() + [typeHintKey])[...], in: members)
    }

    /// What ``typeHintKey`` says for `url`: the word of ``typeHintVocabulary`` for its file extension; nil when
    /// iOS takes no attachment of that extension.
    public func typeHint(for url: URL) -> String? {
        (typeHintVocabulary ?? .uniformType).word(forFileExtension: url.pathExtension)
    }

    /// Sets `value` at this path in a top-level object's `members`, making the objects on the way and
    /// keeping their other keys; a value on the way that is not an object is replaced by one.
    public func set(_ value: JSONValue, in members: inout [String: JSONValue]) {
        members = Self.setting(value, at: keys[...], in: members)
    }

    private static func setting(
        _ value: JSONValue, at keys: ArraySlice<String>, in members: [String: JSONValue]
    ) -> [String: JSONValue] {
        var members = members
        guard let key = keys.first else { return members }
        if keys.count == 1 {
            members[key] = value
        } else {
            members[key] = .object(setting(value, at: keys.dropFirst(), in: members[key]?.objectValue ?? [:]))
        }
        return members
    }

    /// The string at this path in a top-level object's `members`; nil when a key is missing or the value is
    /// not a string.
    public func string(in members: [String: JSONValue]) -> String? {
        var current = JSONValue.object(members)
        for key in keys {
            guard let next = current.objectValue?[key] else { return nil }
            current = next
        }
        return current.stringValue
    }
}

/// A `--media-field` text that is no JSON Pointer to a key: the text and why.
public struct MediaFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\"\(text)\" is not a JSON Pointer to a payload key (\(reason))" }
}

extension MediaField {
    /// Where `sdk`'s helper reads the media URL, with the type beside it that it requires.
    init?(sdk: SDKProfile) {
        self.init(
            keys: sdk.mediaKeys, typeHintKey: sdk.mediaTypeHint?.key, typeHintVocabulary: sdk.mediaTypeHint?.vocabulary)
    }

    /// The push SDK whose helper reads the media URL here; nil for a field no SDK's is.
    var sdk: SDKProfile? { SDKProfile.allCases.first { MediaField(sdk: $0) == self } }
}
