import Foundation
import Testing
import UserNotifications

// The `NotificationService` class of Xcode's "Notification Service Extension" target template, verbatim but for
// the template's trailing spaces on blank lines, which the linter rejects: the point is that iOS code compiles
// here unchanged, in Swift 6 mode. `swift-format-ignore` keeps the formatter from rewriting it.
// swift-format-ignore
class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        if let bestAttemptContent = bestAttemptContent {
            // Modify the notification content here...
            bestAttemptContent.title = "\(bestAttemptContent.title) [modified]"

            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent =  bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

}

/// The template with its work made slow: it keeps the handler and best attempt but has not delivered when the
/// time runs out, so the template's own `serviceExtensionTimeWillExpire` delivers the best attempt.
private final class StillWorkingService: NotificationService {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        bestAttemptContent?.title += " [partial]"
    }
}

/// Records what an extension hands to its content handler.
/// `@unchecked Sendable`: its deliveries are appended and read under `lock` (the handler is `@Sendable`, as
/// iOS's is, though these tests call it on their own thread).
private final class DeliveryRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [UNNotificationContent] = []

    var deliveries: [UNNotificationContent] { lock.withLock { recorded } }

    var handler: @Sendable (UNNotificationContent) -> Void {
        { content in self.lock.withLock { self.recorded.append(content) } }
    }
}

@Suite("Xcode template extension")
struct XcodeTemplateTests {
    private func request(title: String = "Hello", body: String = "World") -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = body
        content.userInfo = ["aps": ["mutable-content": 1]]
        return UNNotificationRequest(identifier: "r1", content: content, trigger: UNPushNotificationTrigger())
    }

    @Test func deliversTheModifiedTitleOnce() {
        let service = NotificationService()
        let recorder = DeliveryRecorder()
        let request = request()

        service.didReceive(request, withContentHandler: recorder.handler)

        #expect(recorder.deliveries.count == 1)
        #expect(recorder.deliveries.first?.title == "Hello [modified]")
        #expect(recorder.deliveries.first?.body == "World")
        #expect(recorder.deliveries.first is UNMutableNotificationContent)
        #expect(request.content.title == "Hello", "the request's content must not change")
    }

    @Test func expiryDeliversTheBestAttempt() {
        let service = StillWorkingService()
        let recorder = DeliveryRecorder()

        service.didReceive(request(), withContentHandler: recorder.handler)
        #expect(recorder.deliveries.isEmpty)

        service.serviceExtensionTimeWillExpire()
        #expect(recorder.deliveries.count == 1)
        #expect(recorder.deliveries.first?.title == "Hello [partial]")
    }

    @Test func expiryBeforeDidReceiveDeliversNothing() {
        let service = NotificationService()
        service.serviceExtensionTimeWillExpire()
        #expect(service.contentHandler == nil)
    }

    /// The template delivers again if told its time expires after it has delivered: the host must never call
    /// `serviceExtensionTimeWillExpire` after a delivery, or it manufactures a double delivery.
    @Test func templateDeliversTwiceIfExpiryFollowsDelivery() {
        let service = NotificationService()
        let recorder = DeliveryRecorder()
        service.didReceive(request(), withContentHandler: recorder.handler)
        service.serviceExtensionTimeWillExpire()
        #expect(recorder.deliveries.count == 2)
    }

    @Test func baseClassDeliversTheContentUnchanged() {
        let service = UNNotificationServiceExtension()
        let recorder = DeliveryRecorder()
        let request = request(title: "Plain")

        service.didReceive(request, withContentHandler: recorder.handler)

        #expect(recorder.deliveries.count == 1)
        #expect(recorder.deliveries.first === request.content)
    }
}
