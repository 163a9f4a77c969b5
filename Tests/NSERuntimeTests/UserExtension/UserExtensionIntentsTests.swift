import Foundation
import Intents
import Synchronization
import Testing
import UserNotifications

@testable import NSERuntime

/// A messaging app's extension: a communication notification (iOS 15) built from Intents' types compiles
/// unchanged and runs; the module's own behaviour is checked apart.
@Suite("Intents: communication notifications", .timeLimit(.minutes(3)))
struct UserExtensionIntentsTests {
    /// The sender's `INPerson` with an avatar, an `INSendMessageIntent` donated in an `INInteraction`, then
    /// `content.updating(from:)`, as messaging apps write it (Swift 5 and 6 alike).
    static let service = """
        import Intents
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            var contentHandler: ((UNNotificationContent) -> Void)?

            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                self.contentHandler = contentHandler
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let handle = INPersonHandle(value: "user-7", type: .unknown)
                let sender = INPerson(
                    personHandle: handle, nameComponents: nil, displayName: "Ada", image: INImage(imageData: Data([1])),
                    contactIdentifier: nil, customIdentifier: "user-7", isMe: false, suggestionType: .none)
                let intent = INSendMessageIntent(
                    recipients: nil, outgoingMessageType: .outgoingMessageText, content: content.body,
                    speakableGroupName: INSpeakableString(spokenPhrase: "Team"), conversationIdentifier: "c1",
                    serviceName: nil, sender: sender, attachments: nil)
                intent.setImage(INImage(named: "group"), forParameterNamed: \\.speakableGroupName)
                let interaction = INInteraction(intent: intent, response: nil)
                interaction.direction = .incoming
                interaction.donate { error in
                    let updated = (try? content.updating(from: intent)) ?? content
                    contentHandler(error == nil ? updated : content)
                }
            }
        }
        """

    @Test("an extension donating an INSendMessageIntent and updating its content compiles and delivers it")
    func communicationNotificationRuns() async throws {
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": Self.service], title: "Ada")
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == "Ada")
    }

    @Test("updating(from:) returns an immutable copy with every field kept")
    func updatingKeepsTheFields() throws {
        let content = UNMutableNotificationContent()
        content.title = "Ada"
        content.subtitle = "Team"
        content.body = "hello"
        let intent = INSendMessageIntent(
            recipients: nil, content: "hello", speakableGroupName: nil, conversationIdentifier: "c1",
            serviceName: nil, sender: nil)
        let updated = try content.updating(from: intent)
        #expect(!(updated is UNMutableNotificationContent))
        #expect(updated.title == "Ada" && updated.subtitle == "Team" && updated.body == "hello")
        content.title = "changed"
        #expect(updated.title == "Ada", "a copy, not the mutable content itself")
        #expect(intent.outgoingMessageType == .outgoingMessageText, "the iOS 11 form sends text")
    }

    @Test("a person's display name falls back to the handle's value; images are kept per parameter")
    func personAndImages() {
        let handle = INPersonHandle(value: "ada@example.com", type: .emailAddress, label: .work)
        let unnamed = INPerson(
            personHandle: handle, nameComponents: nil, displayName: nil, image: nil, contactIdentifier: nil,
            customIdentifier: nil)
        #expect(unnamed.displayName == "ada@example.com")
        #expect(!unnamed.isMe)
        let intent = INSendMessageIntent(
            recipients: [unnamed], outgoingMessageType: .outgoingMessageAudio, content: nil,
            speakableGroupName: INSpeakableString(spokenPhrase: "Team"), conversationIdentifier: nil, serviceName: nil,
            sender: unnamed, attachments: nil)
        let avatar = INImage(url: URL(string: "https://example.com/a.png")!)
        intent.setImage(avatar, forParameterNamed: \.speakableGroupName)
        #expect(intent.image(forParameterNamed: \.speakableGroupName) === avatar)
        #expect(intent.image(forParameterNamed: \.sender) == nil)
    }

    @Test("a donation completes once, with no error, off the caller's thread")
    func donationCompletes() throws {
        let interaction = INInteraction(
            intent: INSendMessageIntent(
                recipients: nil, content: nil, speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil,
                sender: nil), response: nil)
        let calls = Mutex<[Bool]>([])
        let caller = Thread.current
        let done = DispatchSemaphore(value: 0)
        interaction.donate { error in
            calls.withLock { $0.append(error == nil && Thread.current != caller) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(calls.withLock { $0 } == [true])
    }

    @Test("the async donation returns")
    func asyncDonationReturns() async throws {
        let interaction = INInteraction(
            intent: INSendMessageIntent(
                recipients: nil, content: nil, speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil,
                sender: nil), response: nil)
        interaction.direction = .incoming
        try await interaction.donate()
        #expect(interaction.direction == .incoming)
    }
}
