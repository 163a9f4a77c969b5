import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// An extension that reads its download with ImageIO, as shipped ones check and downsample what they
/// fetched: compiled unchanged, its calls give the file's type, frames, size and orientation, a thumbnail
/// of the size iOS would make, and a file it can attach; bytes that are no image give a source of none.
@Suite("ImageIO: an extension reading and downsampling its image", .timeLimit(.minutes(3)))
struct ImageIOExtensionTests {
    static let service = """
        import ImageIO
        import UniformTypeIdentifiers
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
                    guard let data, let source = CGImageSourceCreateWithData(data as CFData, nil) else {
                        return contentHandler(content)
                    }
                    let type = (CGImageSourceGetType(source) as String?) ?? "none"
                    let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any]
                    let width = properties?[kCGImagePropertyPixelWidth] as? Int ?? -1
                    let height = properties?[kCGImagePropertyPixelHeight] as? Int ?? -1
                    let orientation = (properties?[kCGImagePropertyOrientation] as? UInt32)
                        .flatMap(CGImagePropertyOrientation.init(rawValue:)) ?? .up
                    let embedded = CGImageSourceCreateThumbnailAtIndex(source, 0, nil) == nil ? "-" : "embedded"
                    let options = [
                        kCGImageSourceCreateThumbnailFromImageAlways: true,
                        kCGImageSourceCreateThumbnailWithTransform: true,
                        kCGImageSourceThumbnailMaxPixelSize: 400,
                    ] as CFDictionary
                    var thumbnail = "none"
                    if let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options) {
                        thumbnail = "\\(image.width)x\\(image.height)"
                        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\\(UUID().uuidString).jpg")
                        if let destination = CGImageDestinationCreateWithURL(
                            file as CFURL, UTType.jpeg.identifier as CFString, 1, nil)
                        {
                            CGImageDestinationAddImage(
                                destination, image, [kCGImageDestinationLossyCompressionQuality: 0.8] as CFDictionary)
                            if CGImageDestinationFinalize(destination),
                                let attachment = try? UNNotificationAttachment(identifier: "thumbnail", url: file)
                            {
                                content.attachments = [attachment]
                            }
                        }
                    }
                    content.title =
                        "\\(type) \\(CGImageSourceGetCount(source)) \\(width)x\\(height) o\\(orientation.rawValue) \\(embedded) \\(thumbnail)"
                    contentHandler(content)
                }.resume()
            }
        }
        """

    @Test(
        "type, frames, size and orientation from the header; a thumbnail no larger than asked, turned; attached",
        arguments: [
            (
                ImageFiles.jpegWithOrientation(width: 4032, height: 3024, orientation: 6, littleEndian: true),
                "public.jpeg 1 4032x3024 o6 - 300x400"
            ),
            (ImageFiles.png(width: 1200, height: 800), "public.png 1 1200x800 o1 - 400x267"),
            (ImageFiles.animatedGIF(width: 100, height: 50, frames: 3), "com.compuserve.gif 3 100x50 o1 - 100x50"),
            (ImageFiles.heic(width: 4032, height: 3024), "public.heic 1 4032x3024 o1 - 400x300"),
            (Array("not an image".utf8), "none 0 -1x-1 o1 - none"),
        ])
    func readsAndDownsamples(body: [UInt8], title: String) async throws {
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.service])
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(body)))
        }
        defer { harness.remove() }
        let task = harness.start(harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.visible.title == title)
        #expect(record.visible.attachments.count == (title.hasSuffix("none") ? 0 : 1))
    }
}
