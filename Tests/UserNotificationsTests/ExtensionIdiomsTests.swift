import Foundation
import NSEBenchTestSupport
import Testing
import UserNotifications

/// A rich-media extension in the shape push SDKs ship: it renames the download task's `.tmp` file (when told
/// to) before attaching it, reads the error as an `NSError`, and delivers whatever it has.
///
/// It bridges with `error as NSError` inside a plain `catch`. The other iOS spelling, a lone
/// `catch let error as NSError`, compiles on Linux (the compiler takes the cast as always succeeding, as on
/// Darwin) but the runtime cannot bridge a Swift error there and the process crashes: a toolchain limit that
/// applies to every Swift error, `UNError` included.
private final class RichMediaService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    var attachError: (domain: String, code: Int)?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let bestAttemptContent, let path = request.content.userInfo["download_path"] as? String else {
            contentHandler(request.content)
            return
        }
        var fileURL = URL(fileURLWithPath: path)
        do {
            if request.content.userInfo["rename"] as? Bool == true {
                let renamed = fileURL.deletingPathExtension().appendingPathExtension("jpg")
                try FileManager.default.moveItem(at: fileURL, to: renamed)
                fileURL = renamed
            }
            let attachment = try UNNotificationAttachment(identifier: "media", url: fileURL, options: nil)
            bestAttemptContent.attachments = [attachment]
        } catch {
            let error = error as NSError
            attachError = (error.domain, error.code)
        }
        bestAttemptContent.sound = .default
        bestAttemptContent.badge = 1
        contentHandler(bestAttemptContent)
    }
}

@Suite("Push SDK idioms")
struct ExtensionIdiomsTests {
    private func run(rename: Bool) throws -> (RichMediaService, [UNNotificationContent]) {
        let directory = try TemporaryDirectory(prefix: "nse-bench-unapi")
        defer { directory.remove() }
        let download = try directory.file(named: "CFNetworkDownload_1234.tmp", size: 2_000)
        let content = UNMutableNotificationContent()
        content.title = "Sale"
        content.body = "Today only"
        content.userInfo = ["download_path": download.path, "rename": rename]
        let request = UNNotificationRequest(identifier: "r", content: content, trigger: UNPushNotificationTrigger())
        let service = RichMediaService()
        var delivered: [UNNotificationContent] = []
        service.didReceive(request) { delivered.append($0) }
        return (service, delivered)
    }

    @Test func renamedDownloadIsAttached() throws {
        let (service, delivered) = try run(rename: true)
        #expect(service.attachError == nil)
        #expect(delivered.count == 1)
        #expect(delivered.first?.attachments.first?.type == "public.jpeg")
        #expect(delivered.first?.sound == .default)
        #expect(delivered.first?.badge == 1)
    }

    @Test func tmpDownloadIsRefusedAndTheTextStillDelivered() throws {
        let (service, delivered) = try run(rename: false)
        #expect(service.attachError?.domain == UNErrorDomain)
        #expect(service.attachError?.code == UNError.Code.attachmentUnrecognizedType.rawValue)
        #expect(delivered.count == 1)
        #expect(delivered.first?.attachments.isEmpty == true)
        #expect(delivered.first?.title == "Sale")
    }
}
