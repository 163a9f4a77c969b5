import Foundation
import Testing

/// A UIKit extension under the memory limit: drawing a photo allocates what iOS decodes it into, so a
/// 12-megapixel one (46 MiB) is killed as jetsam kills it, and a small one is not.
@Suite("UIKit: drawing a photo under the memory limit", .serialized, .timeLimit(.minutes(3)))
struct UIKitMemoryTests {
    /// Draws a JPEG of `width` × `height` (its header, made here) into a 100-point thumbnail.
    static func service(width: Int, height: Int) -> String {
        """
        import UIKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, \(height >> 8), \(height & 0xFF), \(width >> 8), \(width & 0xFF)]
                jpeg += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                guard let photo = UIImage(data: Data(jpeg)) else { return contentHandler(content) }
                let thumbnail = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100)).image { _ in
                    photo.draw(in: CGRect(x: 0, y: 0, width: 100, height: 100))
                }
                content.title = "\\(Int(photo.size.width)) \\(thumbnail.size.width)"
                contentHandler(content)
            }
        }
        """
    }

    @Test func aTwelveMegapixelPhotoIsKilledAndASmallOneIsNot() async throws {
        for (width, height, outcome) in [(4032, 3024, "killed"), (640, 480, "enriched")] {
            let tests = ExtensionProcessTests()
            let folder = try tests.extensionFolder("DrawPhoto", Self.service(width: width, height: height))
            defer { try? FileManager.default.removeItem(at: folder) }
            let (status, summary, rows) = try await tests.run([
                "--extension", folder.path, "-n", "4", "-c", "1", "--with-media", "0", "--encrypted", "0",
            ])
            #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
            #expect(rows.map { $0["outcome"] } == Array(repeating: outcome, count: 4), "\(width)×\(height): \(summary)")
        }
    }

    /// Reads a 12-megapixel JPEG (its header, made here) with ImageIO: a thumbnail of at most
    /// `maxPixelSize`, or the full image decoded at once when `maxPixelSize` is nil.
    static func imageIOService(maxPixelSize: Int?) -> String {
        let options =
            maxPixelSize.map {
                "[kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: \($0)]"
            } ?? "[kCGImageSourceShouldCacheImmediately: true]"
        let make = maxPixelSize == nil ? "CGImageSourceCreateImageAtIndex" : "CGImageSourceCreateThumbnailAtIndex"
        return """
            import ImageIO
            import UserNotifications

            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {
                    var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, 0x0B, 0xD0, 0x0F, 0xC0]
                    jpeg += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    guard let source = CGImageSourceCreateWithData(Data(jpeg) as CFData, nil),
                        let image = \(make)(source, 0, \(options) as CFDictionary)
                    else { return contentHandler(content) }
                    content.title = "\\(image.width)x\\(image.height)"
                    contentHandler(content)
                }
            }
            """
    }

    @Test func anImageIOThumbnailOfAPhotoStaysUnderTheLimitAndTheWholePhotoIsKilled() async throws {
        for (maxPixelSize, outcome) in [(nil, "killed"), (Optional(800), "enriched")] {
            let tests = ExtensionProcessTests()
            let folder = try tests.extensionFolder("ImageIOPhoto", Self.imageIOService(maxPixelSize: maxPixelSize))
            defer { try? FileManager.default.removeItem(at: folder) }
            let (status, summary, rows) = try await tests.run([
                "--extension", folder.path, "-n", "4", "-c", "1", "--with-media", "0", "--encrypted", "0",
            ])
            #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
            #expect(
                rows.map { $0["outcome"] } == Array(repeating: outcome, count: 4),
                "\(String(describing: maxPixelSize)): \(summary)")
        }
    }
}
