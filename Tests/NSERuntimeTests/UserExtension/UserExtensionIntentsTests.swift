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

    /// A calling app's extension: the call's payload handed to the app with CallKit, both forms.
    static let caller = """
        import CallKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                CXProvider.reportNewIncomingVoIPPushPayload(request.content.userInfo) { error in
                    Task {
                        try? await CXProvider.reportNewIncomingVoIPPushPayload(["call": "id"])
                        content.title = error == nil ? "reported" : "failed"
                        contentHandler(content)
                    }
                }
            }
        }
        """

    @Test("importing Intents alone names UserNotifications' types, as iOS's Intents module exports them")
    func intentsExportsUserNotifications() async throws {
        // Expensify's extension imports only Intents, os.log and Airship's module.
        let service = """
            import Intents
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "via Intents: " + content.title
                    contentHandler(content)
                }
            }
            """
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": service], title: "Ada")
        #expect(record.visible.title == "via Intents: Ada")
    }

    @Test("an extension reporting an incoming VoIP call with CallKit compiles and delivers once reported")
    func callKitReport() async throws {
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": Self.caller], title: "Call")
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == "reported")
    }

    @Test("updating(from:) returns a copy with every field kept, mutable as extensions cast it")
    func updatingKeepsTheFields() throws {
        let content = UNMutableNotificationContent()
        content.title = "Ada"
        content.subtitle = "Team"
        content.body = "hello"
        let intent = INSendMessageIntent(
            recipients: nil, content: "hello", speakableGroupName: nil, conversationIdentifier: "c1",
            serviceName: nil, sender: nil)
        let updated = try content.updating(from: intent)
        #expect(updated is UNMutableNotificationContent)
        #expect(updated.title == "Ada" && updated.subtitle == "Team" && updated.body == "hello")
        content.title = "changed"
        #expect(updated.title == "Ada", "a copy, not the mutable content itself")
        #expect(intent.outgoingMessageType == .outgoingMessageText, "the iOS 11 form sends text")
    }

    @Test("a person's display name falls back to the handle's value; images are kept per parameter")
    func personAndImages() throws {
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
        let avatar = try #require(INImage(url: URL(string: "https://example.com/a.png")!))
        intent.setImage(avatar, forParameterNamed: \.speakableGroupName)
        #expect(intent.image(forParameterNamed: \.speakableGroupName) === avatar)
        #expect(intent.image(forParameterNamed: \.sender) == nil)
    }

    @Test("a call's intent, the later INPerson forms, files and key images, as iOS 12 to 15 extensions use them")
    func callIntentAndLaterForms() throws {
        let handle = INPersonHandle(value: "+15550100", type: .phoneNumber, label: .iPhone)
        let caller = INPerson(
            personHandle: handle, nameComponents: nil, displayName: "Ada", image: INImage(named: "ada"),
            contactIdentifier: nil, customIdentifier: "u1", aliases: [handle], suggestionType: .instantMessageAddress)
        #expect(caller.aliases == [handle] && caller.suggestionType == .instantMessageAddress)
        let suggested = INPerson(
            personHandle: handle, nameComponents: nil, displayName: nil, image: nil, contactIdentifier: nil,
            customIdentifier: nil, isContactSuggestion: true, suggestionType: .none)
        #expect(suggested.isContactSuggestion && suggested.displayName == "+15550100")
        let mother = INPerson(
            personHandle: handle, nameComponents: nil, displayName: "Mum", image: nil, contactIdentifier: nil,
            customIdentifier: nil, relationship: .mother)
        #expect(mother.relationship == .mother)
        let call = INStartCallIntent(
            callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown, destinationType: .normal,
            contacts: [caller], callCapability: .videoCall)
        #expect(call.keyImage() === caller.image)
        let group = INImage(systemImageNamed: "person.3")
        call.setImage(group, forParameterNamed: \.contacts)
        #expect(call.keyImage() === group)
        let content = UNMutableNotificationContent()
        content.body = "calling"
        content.sound = .ringtoneSoundNamed(UNNotificationSoundName("ring.caf"))
        #expect(try content.updating(from: call).body == "calling")
        let audio = INFile(data: Data([1, 2]), filename: "note.m4a", typeIdentifier: "public.mpeg-4-audio")
        let message = INSendMessageIntent(
            recipients: nil, outgoingMessageType: .outgoingMessageAudio, content: nil, speakableGroupName: nil,
            conversationIdentifier: "c", serviceName: nil, sender: caller)
        #expect(message.keyImage() === caller.image)
        #expect(message.attachments == nil)
        let attachment = INSendMessageAttachment(audioMessageFile: audio)
        #expect(attachment.audioMessageFile?.filename == "note.m4a")
        message.donationMetadata = INSendMessageIntentDonationMetadata()
        #expect(message.donationMetadata is INSendMessageIntentDonationMetadata)
        let interaction = INInteraction(intent: message, response: nil)
        #expect(!interaction.identifier.isEmpty)
        #expect(INImage(url: URL(fileURLWithPath: "/tmp/a.png"), width: 4, height: 4) != nil)
    }

    /// The calling thread (`Thread.current` is not for asynchronous functions).
    static func thisThread() -> Thread { Thread.current }

    @Test("a donation completes once, with no error, off the caller's thread")
    func donationCompletes() async throws {
        let interaction = INInteraction(
            intent: INSendMessageIntent(
                recipients: nil, content: nil, speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil,
                sender: nil), response: nil)
        let calls = Mutex<[Bool]>([])
        // The thread that donates: no await comes between this and the call.
        let caller = Self.thisThread()
        // Waited for without blocking a thread: the completion runs on Dispatch's global threads, which a
        // blocked test thread (of the few the whole test process shares) would hold up, on a busy machine
        // past any timeout (measured: 55 s in a full run beside a build).
        // Off the caller's thread, or on it only after the call returned (its task may resume on the thread
        // that runs the completion).
        let insideTheCall = Mutex(true)
        interaction.donate { error in
            let elsewhere = Thread.current != caller || !insideTheCall.withLock { $0 }
            calls.withLock { $0.append(error == nil && elsewhere) }
        }
        insideTheCall.withLock { $0 = false }
        for _ in 0..<1_000 where calls.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(50))
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
