import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// An extension that checks its download with `UIImage(data:)`, crops and draws a thumbnail and attaches its PNG, as
/// shipped extensions do: compiled unchanged, it runs, and the download that is no image falls back. It sizes the
/// thumbnail with an image view made on the extension's thread, which UIKit's `@preconcurrency` main-actor
/// isolation allows in Swift 5 mode.
@Suite("UIKit: an extension checking and resizing its image", .timeLimit(.minutes(3)))
struct UIKitExtensionTests {
    static let service = """
        import UIKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                guard let text = content.userInfo["media_url"] as? String, let url = URL(string: text) else {
                    return contentHandler(content)
                }
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    guard let data, let image = UIImage(data: data) else { return contentHandler(content) }
                    // A centred square, cropped, then drawn small in an image context (Riqtu/Hohma-Swift's way).
                    let (width, height) = (image.size.width, image.size.height)
                    let square = min(width, height)
                    let cut = CGRect(x: (width - square) / 2, y: (height - square) / 2, width: square, height: square)
                    guard let cropped = image.cgImage?.cropping(to: cut) else { return contentHandler(content) }
                    let side = min(square, 100)
                    UIGraphicsBeginImageContextWithOptions(CGSize(width: side, height: side), false, 0.0)
                    UIImage(cgImage: cropped, scale: image.scale, orientation: image.imageOrientation)
                        .draw(in: CGRect(origin: .zero, size: CGSize(width: side, height: side)))
                    let drawn = UIGraphicsGetImageFromCurrentImageContext()
                    UIGraphicsEndImageContext()
                    guard let thumbnail = drawn, cropped.width == Int(square) else { return contentHandler(content) }
                    // Sized by an image view made off the main actor, as Swift 5 mode lets UIKit's be.
                    content.subtitle = "\\(image.size.debugDescription) \\(UIImageView(image: thumbnail).frame.size)"
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent("\\(UUID().uuidString).png")
                    guard let png = thumbnail.pngData(), (try? png.write(to: file)) != nil,
                        let attachment = try? UNNotificationAttachment(identifier: "thumb", url: file)
                    else { return contentHandler(content) }
                    content.title = "\\(Int(image.size.width))x\\(Int(image.size.height))"
                    content.attachments = [attachment]
                    contentHandler(content)
                }.resume()
            }
        }
        """

    @Test("an image is sized, thumbnailed and attached; a body that is no image delivers the original")
    func thumbnails() async throws {
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.service])
        for (body, title) in [
            (ImageFiles.jpeg(width: 640, height: 480), "640x480"), (Array("oops".utf8), "Flash sale"),
        ] {
            let harness = try HostHarness { _ in
                .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(body)))
            }
            defer { harness.remove() }
            let task = harness.start(
                harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
            await harness.downloader.waitForRequests(1)
            harness.clock.advance(by: second)
            let record = await task.value
            #expect(record.visible.title == title)
            #expect(record.visible.subtitle == (title == "Flash sale" ? "" : "(640.0, 480.0) (100.0, 100.0)"))
            #expect(record.visible.attachments.count == (title == "Flash sale" ? 0 : 1))
        }
    }
}
