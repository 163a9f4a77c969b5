/// The title and body a server encrypts into `encrypted_data` and an extension decrypts back.
///
/// ```swift
/// let text = NotificationText(title: "New message from Alex", body: "Are we still on for 7?")
/// ```
public struct NotificationText: Sendable, Hashable, Codable {
    /// The alert title.
    public var title: String
    /// The alert body.
    public var body: String

    /// Text with this title and body.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}
