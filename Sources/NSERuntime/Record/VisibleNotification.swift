public import NSEBenchCore

/// What the user ends up seeing: the extension's content or the payload's original.
public struct VisibleNotification: Sendable, Hashable, Codable {
    /// Whether it is rich, partial or the original (``InvocationOutcome/whatTheUserSees``).
    public var kind: VisibleContent
    /// The title shown.
    public var title: String
    /// The subtitle shown.
    public var subtitle: String
    /// The body shown.
    public var body: String
    /// The attachments shown, as moved into the ``AttachmentStore``.
    public var attachments: [StoredAttachment]

    /// A visible notification.
    public init(
        kind: VisibleContent, title: String, subtitle: String, body: String, attachments: [StoredAttachment] = []
    ) {
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.attachments = attachments
    }
}
