/// The text of an alert: `aps.alert`, either an object (`title`, `subtitle`, `body`, ...) or a plain
/// string, which is the body alone.
///
/// ```swift
/// let alert = NotificationAlert(title: "Flash sale", body: "40% off everything until midnight")
/// let short = NotificationAlert.text("Your order has shipped")  // "alert":"Your order has shipped"
/// ```
public struct NotificationAlert: Sendable, Hashable, Codable {
    /// `title`.
    public var title: String?
    /// `subtitle`.
    public var subtitle: String?
    /// `body`.
    public var body: String?
    /// The other keys of the alert object (`loc-key`, `title-loc-args`, `launch-image`, ...), kept so that
    /// serialisation writes them back.
    public var otherFields: [String: JSONValue]
    /// Whether the payload wrote the alert as a plain string. Serialisation writes a string again when
    /// this is set and the alert has only a body.
    public var isPlainText: Bool

    /// An alert object with these fields.
    ///
    /// ```swift
    /// NotificationAlert(title: "New message from Alex", body: "Are we still on for 7?")
    /// ```
    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, otherFields: [String: JSONValue] = [:]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.otherFields = otherFields
        self.isPlainText = false
    }

    /// The plain-string form, `"alert":"…"`: a body and nothing else.
    ///
    /// ```swift
    /// NotificationAlert.text("Your order has shipped").body  // "Your order has shipped"
    /// ```
    public static func text(_ body: String) -> NotificationAlert {
        var alert = NotificationAlert(body: body)
        alert.isPlainText = true
        return alert
    }

    /// Whether the alert shows any text: a non-empty title, subtitle or body. The system ignores
    /// content handed back without alert text.
    public var hasText: Bool {
        [title, subtitle, body].contains { !($0 ?? "").isEmpty }
    }

    /// The alert as it appears in `aps.alert`.
    var jsonValue: JSONValue {
        if isPlainText, title == nil, subtitle == nil, otherFields.isEmpty {
            return .string(body ?? "")
        }
        var members = otherFields
        members.reserveCapacity(otherFields.count + 3)
        if let title { members["title"] = .string(title) }
        if let subtitle { members["subtitle"] = .string(subtitle) }
        if let body { members["body"] = .string(body) }
        return .object(members)
    }
}
