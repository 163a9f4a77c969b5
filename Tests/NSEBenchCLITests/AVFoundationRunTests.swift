import Foundation
import Testing

/// An extension that downloads a video and makes a poster frame with AVFoundation, as shipped ones do:
/// the media server's MP4 gives its running time and a frame of its size, fitted as asked; a frame of a
/// 4K video decoded whole is over the memory limit.
@Suite("AVFoundation: an extension making a video's poster frame", .serialized, .timeLimit(.minutes(3)))
struct AVFoundationRunTests {
    /// Delivers (with a title, no attachment: `degraded`) only when the frame is `expected` and the asset
    /// runs 30 s; otherwise never, so the run shows `expired_original`.
    static func service(maximumSide: Int, expected: (width: Int, height: Int)) -> String {
        """
        import AVFoundation
        import UIKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let url = URL(string: request.content.userInfo["media_url"] as! String)!
                URLSession.shared.downloadTask(with: url) { location, _, _ in
                    guard let location else { return }
                    let movie = location.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + ".mp4")
                    guard (try? FileManager.default.moveItem(at: location, to: movie)) != nil else { return }
                    let asset = AVURLAsset(url: movie)
                    let generator = AVAssetImageGenerator(asset: asset)
                    generator.appliesPreferredTrackTransform = true
                    generator.maximumSize = CGSize(width: \(maximumSide), height: \(maximumSide))
                    guard let frame = try? generator.copyCGImage(at: CMTimeMake(value: 1, timescale: 60), actualTime: nil),
                        UIImage(cgImage: frame).size == CGSize(width: \(expected.width), height: \(expected.height)),
                        CMTimeGetSeconds(asset.duration) == 30
                    else { return }
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "poster"
                    contentHandler(content)
                }.resume()
            }
        }
        """
    }

    @Test func aPosterFrameOfTheServersVideoIsFittedAndAWhole4KFrameIsKilled() async throws {
        for (side, expected, media, outcome) in [
            (400, (400, 225), "2MB.mp4?dims=1920x1080&duration=30s", "degraded"),
            (0, (3840, 2160), "2MB.mp4?dims=3840x2160&duration=30s", "killed"),
        ] {
            let tests = ExtensionProcessTests()
            let folder = try tests.extensionFolder("Poster", Self.service(maximumSide: side, expected: expected))
            defer { try? FileManager.default.removeItem(at: folder) }
            let (status, summary, rows) = try await tests.run([
                "--extension", folder.path, "-n", "2", "-c", "1", "--media", "\(media):1", "--profile", "none",
                "--deadline", "5s",
            ])
            #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
            #expect(rows.map { $0["outcome"] } == [outcome, outcome], "\(media): \(summary)")
        }
    }

    /// Reads inside a `URLSession.shared` completion handler, which runs on the phone's serial queue:
    /// `Data(contentsOf:)` of the same URL, and a 40 MB remote asset's duration. Neither waits for itself,
    /// and the asset is downloaded to a file and mapped, not held in memory.
    @Test func readsInsideACompletionHandlerNeitherHangNorHoldTheBody() async throws {
        let service = """
            import AVFoundation
            import UserNotifications

            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {
                    let url = URL(string: request.content.userInfo["media_url"] as! String)!
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        guard let data, (try? Data(contentsOf: url))?.count == data.count,
                            CMTimeGetSeconds(AVURLAsset(url: url).duration) == 30
                        else { return }
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.title = "read"
                        contentHandler(content)
                    }.resume()
                }
            }
            """
        let tests = ExtensionProcessTests()
        let folder = try tests.extensionFolder("ReadInHandler", service)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await tests.run([
            "--extension", folder.path, "-n", "2", "-c", "1", "--media", "4MB.mp4?duration=30s:1", "--profile", "none",
            "--deadline", "10s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["degraded", "degraded"], "\(summary)")
    }
}
