public import Foundation
public import NSEBenchCore

/// A parsed APNs payload: the `aps` fields a notification service extension depends on, the
/// enrichment fields (`encrypted_data`, `media_url`) and every other key, kept for `userInfo`.
///
/// Parse with `init(parsing:)`, write back with ``serialized()``:
///
/// ```swift
/// let payload = try NotificationPayload(parsing: """
///     {"aps":{"alert":{"title":"Flash sale","body":"40% off"},"mutable-content":1},
///      "media_url":"https://cdn.example.com/sale.jpg","campaign":"spring"}
///     """)
/// payload.isMutable             // true
/// payload.enrichmentsRequested  // [.attachment]
/// payload.customFields          // ["campaign": .string("spring")]
/// payload.byteCount             // the size of its compact JSON
/// ```
public struct NotificationPayload: Sendable, Hashable, Codable {
    /// APNs rejects payloads larger than this many bytes.
    public static let maximumByteCount = 4096

    /// `aps.alert`.
    public var alert: NotificationAlert
    /// Whether `aps["mutable-content"]` is 1: the system starts the extension only then. Serialisation
    /// writes `"mutable-content":1` when set and leaves the key out otherwise.
    public var isMutable: Bool
    /// `aps.badge`.
    public var badge: Int?
    /// `aps.sound`: a sound name such as `"default"`, or the critical-alert object
    /// (`{"critical":1,"name":"alarm.caf","volume":0.8}`).
    public var sound: JSONValue?
    /// `aps["thread-id"]`, which groups notifications.
    public var threadIdentifier: String?
    /// `aps.category`, which selects the actions shown.
    public var category: String?
    /// The other keys of `aps` (`content-available`, `interruption-level`, ...), kept for serialisation.
    public var otherAPSFields: [String: JSONValue]
    /// `encrypted_data`: base64 of nonce, AES-256-GCM ciphertext and tag (see ``PayloadCrypto``).
    public var encryptedData: String?
    /// `media_url`: an `http` or `https` URL of an attachment to download. Written at ``mediaField`` when
    /// that is set.
    public var mediaURL: URL?
    /// Every other top-level key.
    public var customFields: [String: JSONValue]
    /// The top-level key of the app's own that carries this payload's encrypted content (`--encrypted-field`,
    /// such as a Web Push relay's `p`), beside `encrypted_data`: a payload holding it asks for decrypted text.
    /// Not part of the payload's JSON (what the extension is given): the run's knowledge of the app's format.
    public var encryptedField: String? = nil
    /// Where the payload carries ``mediaURL``, as a path of object keys from the top level, when not at
    /// `media_url`: a push SDK's own key, such as Firebase's `["fcm_options", "image"]`
    /// (``MediaField``). nil: `media_url`.
    public var mediaField: MediaField? = nil
    /// The text the extension should deliver for this payload, when the replay file says so (its line's
    /// `"nse-bench": {"expect": {...}}`, which the extension never sees): a delivery whose text differs
    /// from it (a decryption that fell back to a generic "New message") is not counted as decrypted.
    public var expectedText: NotificationText? = nil

    /// A payload with these fields.
    ///
    /// ```swift
    /// let payload = NotificationPayload(
    ///     alert: NotificationAlert(title: "Your order has shipped", body: "Arriving Thursday"),
    ///     mediaURL: URL(string: "http://127.0.0.1:8080/media/200KB.jpg"))
    /// ```
    public init(
        alert: NotificationAlert, isMutable: Bool = true, badge: Int? = nil, sound: JSONValue? = nil,
        threadIdentifier: String? = nil, category: String? = nil, otherAPSFields: [String: JSONValue] = [:],
        encryptedData: String? = nil, mediaURL: URL? = nil, customFields: [String: JSONValue] = [:]
    ) {
        self.alert = alert
        self.isMutable = isMutable
        self.badge = badge
        self.sound = sound
        self.threadIdentifier = threadIdentifier
        self.category = category
        self.otherAPSFields = otherAPSFields
        self.encryptedData = encryptedData
        self.mediaURL = mediaURL
        self.customFields = customFields
    }

    /// Whether the payload carries encrypted content: `encrypted_data`, or its ``encryptedField``.
    public var carriesEncryptedContent: Bool {
        encryptedData != nil || encryptedField.map({ customFields[$0] != nil }) == true
    }

    /// What this payload asks the extension for: ``Enrichments/decryptedText`` when it carries
    /// `encrypted_data` or its ``encryptedField``, or names its ``expectedText``, ``Enrichments/attachment`` when it carries a media URL
    /// (`media_url`, or at its ``mediaField``).
    ///
    /// ```swift
    /// payload.enrichmentsRequested.isSubset(of: delivered)  // true: enriched; false: degraded
    /// ```
    public var enrichmentsRequested: Enrichments {
        var requested: Enrichments = []
        if carriesEncryptedContent || expectedText != nil {
            requested.insert(.decryptedText)
        }
        if mediaURL != nil { requested.insert(.attachment) }
        return requested
    }
}
