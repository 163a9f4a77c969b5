import NSEBenchCore

/// Tells which enrichments delivered content carries, compared with the payload it came from.
///
/// - ``Enrichments/decryptedText``: the payload asked for it, the text differs from the payload's
///   (encrypted placeholder) alert, and the title and body contain the decrypted text when it is known, or
///   no longer contain the placeholder when it is not.
///   An extension that falls back to the original after a failed decryption does not get it.
/// - ``Enrichments/rewrittenText``: the text changed in some other way (the Xcode template's marker).
/// - ``Enrichments/attachment``: at least one attachment made it into the attachment store (the
///   extension's `UNNotificationAttachment` initializer already refused invalid files).
struct DeliveryInspector: Sendable {
    let original: (title: String, subtitle: String, body: String)
    let requested: Enrichments
    let expectedText: NotificationText?

    init(payload: NotificationPayload, expectedText: NotificationText?) {
        original = (payload.alert.title ?? "", payload.alert.subtitle ?? "", payload.alert.body ?? "")
        requested = payload.enrichmentsRequested
        self.expectedText = expectedText
    }

    func delivered(title: String, subtitle: String, body: String, storedAttachments: Int) -> Enrichments {
        var delivered: Enrichments = []
        let changed = title != original.title || subtitle != original.subtitle || body != original.body
        if changed {
            if requested.contains(.decryptedText), isDecrypted(title: title, body: body) {
                delivered.insert(.decryptedText)
            } else {
                delivered.insert(.rewrittenText)
            }
        }
        if storedAttachments > 0 { delivered.insert(.attachment) }
        return delivered
    }

    /// Whether changed text is the decrypted text: holds the expected text when it is known; else no longer
    /// holds the placeholder (a title and body that still contain the original alert, as the Xcode template's
    /// " [modified]" does, were rewritten, not decrypted).
    private func isDecrypted(title: String, body: String) -> Bool {
        guard let expectedText else {
            let placeholderKept =
                (original.title.isEmpty || title.contains(original.title))
                && (original.body.isEmpty || body.contains(original.body))
            return !placeholderKept
        }
        // An empty expected title or body (a replay line's left out) holds anything: Foundation's
        // `contains` finds no empty string.
        return (expectedText.title.isEmpty || title.contains(expectedText.title))
            && (expectedText.body.isEmpty || body.contains(expectedText.body))
    }
}
