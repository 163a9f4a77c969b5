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

    /// Downsamples a downloaded photo as Apple's WWDC 2018 talk does (from the file, `kCGImageSourceShouldCache`
    /// false, an at-most-900-pixel thumbnail), or reads the whole body into memory and thumbnails it from the
    /// data, or decodes the whole photo (`whole`).
    static func downsampleService(_ kind: String) -> String {
        """
        import UIKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let url = URL(string: request.content.userInfo["media_url"] as! String)!
                let thumbnail = [
                    kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceShouldCacheImmediately: true,
                    kCGImageSourceCreateThumbnailWithTransform: true,
                    kCGImageSourceThumbnailMaxPixelSize: 300 * UIScreen.main.scale,
                ] as CFDictionary
                if "\(kind)" == "data" {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        let source = CGImageSourceCreateWithData(data! as CFData, nil)!
                        content.title = "\\(CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnail)!.width)"
                        contentHandler(content)
                    }.resume()
                    return
                }
                URLSession.shared.downloadTask(with: url) { location, _, _ in
                    let source = CGImageSourceCreateWithURL(location! as CFURL, [kCGImageSourceShouldCache: false] as CFDictionary)!
                    let image =
                        "\(kind)" == "whole"
                        ? CGImageSourceCreateImageAtIndex(source, 0, [kCGImageSourceShouldCacheImmediately: true] as CFDictionary)!
                        : CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnail)!
                    content.title = "\\(UIImage(cgImage: image).size.width)"
                    contentHandler(content)
                }.resume()
            }
        }
        """
    }

    /// A 10 MB, 12-megapixel JPEG from the media server: downsampled from its file or from its data it stays
    /// under the limit (the file mapped, the data not copied again); decoded whole it is killed.
    @Test func aDownloadedPhotoDownsampledStaysUnderTheLimitAndDecodedWholeIsKilled() async throws {
        for kind in ["file", "data", "whole"] {
            let tests = ExtensionProcessTests()
            let folder = try tests.extensionFolder("Downsample\(kind)", Self.downsampleService(kind))
            defer { try? FileManager.default.removeItem(at: folder) }
            let (status, summary, rows) = try await tests.run([
                "--extension", folder.path, "-n", "2", "-c", "1", "--media", "10MB.jpg?dims=4032x3024:1", "--profile",
                "none",
            ])
            #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
            #expect(rows.count == 2)
            let killed = rows.filter { $0["outcome"] == "killed" }.count
            #expect(killed == (kind == "whole" ? 2 : 0), "\(kind): \(rows.map { $0["outcome"] ?? "" }) \(summary)")
        }
    }
}
