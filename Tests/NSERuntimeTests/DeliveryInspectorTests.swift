import NSEBenchCore
import Testing

@testable import NSERuntime

/// What delivered text counts as: decrypted, rewritten or neither, for a payload whose encrypted field the
/// run knows by name only (`--encrypted-field`), so the plaintext is not known.
@Suite("Delivery inspector: decrypted text without the plaintext")
struct DeliveryInspectorTests {
    static func inspector() -> DeliveryInspector {
        var payload = NotificationPayload(
            alert: NotificationAlert(title: "New notification", body: "Open the app to read it."),
            customFields: ["p": .string("DGv6")])
        payload.encryptedField = "p"
        return DeliveryInspector(payload: payload, expectedText: nil)
    }

    @Test("text that no longer holds the placeholder is decrypted; the placeholder kept and added to is rewritten")
    func placeholder() {
        let inspector = Self.inspector()
        #expect(inspector.requested == .decryptedText)
        let decrypted = inspector.delivered(
            title: "Ada", subtitle: "", body: "When I grow up, I want to be a watermelon", storedAttachments: 0)
        #expect(decrypted == .decryptedText)
        let appended = inspector.delivered(
            title: "New notification [modified]", subtitle: "", body: "Open the app to read it.", storedAttachments: 0)
        #expect(appended == .rewrittenText)
        let unchanged = inspector.delivered(
            title: "New notification", subtitle: "", body: "Open the app to read it.", storedAttachments: 0)
        #expect(unchanged.isEmpty)
    }

    @Test("with the text a replay line expects, a fallback of the extension's own is rewritten, not decrypted")
    func expectedText() {
        var payload = NotificationPayload(
            alert: NotificationAlert(title: "Automic Vault", body: "New request"), customFields: ["av": .string("x")])
        payload.expectedText = NotificationText(title: "Approval waiting", body: "Review the full request")
        let inspector = DeliveryInspector(payload: payload, expectedText: payload.expectedText)
        #expect(inspector.requested == .decryptedText)
        let decrypted = inspector.delivered(
            title: "Approval waiting", subtitle: "", body: "Review the full request on your Mac", storedAttachments: 0)
        #expect(decrypted == .decryptedText)
        let fallback = inspector.delivered(
            title: "Approval waiting", subtitle: "", body: "Open Automic Vault to review.", storedAttachments: 0)
        #expect(fallback == .rewrittenText, "no placeholder is left, yet it is not the text expected")
        // A body left out of the expectation holds any body.
        payload.expectedText = NotificationText(title: "Approval waiting", body: "")
        let titleOnly = DeliveryInspector(payload: payload, expectedText: payload.expectedText)
        #expect(
            titleOnly.delivered(title: "Approval waiting", subtitle: "", body: "anything", storedAttachments: 0)
                == .decryptedText)
        #expect(
            titleOnly.delivered(title: "New message", subtitle: "", body: "anything", storedAttachments: 0)
                == .rewrittenText)
    }
}
