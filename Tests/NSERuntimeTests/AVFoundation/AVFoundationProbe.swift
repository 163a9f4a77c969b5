import AVFoundation
import Foundation

/// The AVFoundation calls of ``AVFoundationTests``, in a file that does not import Testing (Swift Testing
/// names cross-import overlays for CoreGraphics on Apple platforms), each giving plain values.
enum AVFoundationProbe {
    /// A file of `bytes`, removed by the caller.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("movie-\(UUID().uuidString).mp4")
        try Data(bytes).write(to: url)
        return url
    }

    /// The asset's duration in seconds and its tracks' kinds and natural sizes.
    static func describe(_ url: URL) -> (seconds: Double, tracks: [String]) {
        let asset = AVURLAsset(url: url, options: nil)
        return (
            CMTimeGetSeconds(asset.duration),
            asset.tracks.map { "\($0.mediaType.rawValue) \(Int($0.naturalSize.width))x\(Int($0.naturalSize.height))" }
        )
    }

    /// A frame's size and bitmap, or the error's code.
    static func frame(
        _ url: URL, at seconds: Double, upright: Bool, maximum: CGSize = .zero, exact: Bool = false
    ) -> (width: Int, height: Int, bitmap: Int, actual: Double)? {
        let generator = AVAssetImageGenerator(asset: AVAsset(url: url))
        generator.appliesPreferredTrackTransform = upright
        generator.maximumSize = maximum
        if exact { (generator.requestedTimeToleranceBefore, generator.requestedTimeToleranceAfter) = (.zero, .zero) }
        var actual = CMTime.invalid
        guard
            let image = try? generator.copyCGImage(
                at: CMTime(seconds: seconds, preferredTimescale: 600), actualTime: &actual)
        else { return nil }
        return (image.width, image.height, image.bitmap.byteCount, actual.seconds)
    }

    /// The error code a frame at `seconds` gives.
    static func frameError(_ url: URL, at seconds: Double, exact: Bool = false) -> Int? {
        let generator = AVAssetImageGenerator(asset: AVAsset(url: url))
        if exact { generator.requestedTimeToleranceBefore = .zero }
        do {
            _ = try generator.copyCGImage(at: CMTime(seconds: seconds, preferredTimescale: 600), actualTime: nil)
            return nil
        } catch {
            return (error as NSError).code
        }
    }

    /// The duration loaded asynchronously, and the video tracks.
    static func loaded(_ url: URL) async throws -> (Double, Int) {
        let asset = AVAsset(url: url)
        let duration = try await asset.load(.duration)
        return (duration.seconds, try await asset.loadTracks(withMediaType: .video).count)
    }

    /// Geometry: a fitted rectangle, a turned size, CMTime arithmetic.
    static func geometry() -> (fit: CGRect, turned: CGSize, time: Double, made: Double, ordered: Bool) {
        let fit = AVMakeRect(
            aspectRatio: CGSize(width: 16, height: 9), insideRect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let turned = CGSize(width: 1920, height: 1080).applying(CGAffineTransform(rotationAngle: .pi / 2))
        let time = (CMTimeMake(value: 1, timescale: 60) + CMTime(seconds: 2, preferredTimescale: 600)).seconds
        return (
            fit, turned, time, CMTimeGetSeconds(CMTimeMakeWithSeconds(1.5, preferredTimescale: 100)),
            CMTime.zero < CMTime(value: 1, timescale: 2) && CMTime(value: 1, timescale: 2) < .positiveInfinity
        )
    }

    /// `catch AVError.noImageAtTime` past the end with no tolerance; the URL an AVURLAsset keeps.
    static func caughtNoImage(_ url: URL) -> (caught: Bool, url: URL) {
        let asset = AVURLAsset(url: url)
        let generator = AVAssetImageGenerator(asset: asset)
        generator.requestedTimeToleranceBefore = .zero
        do {
            _ = try generator.copyCGImage(at: CMTime(value: 3600, timescale: 1), actualTime: nil)
            return (false, asset.url)
        } catch AVError.noImageAtTime {
            return (true, asset.url)
        } catch {
            return (false, asset.url)
        }
    }

    /// The iOS 16 loading: three asset properties, a track's size and transform, and a frame fitted in a
    /// width alone.
    static func modernLoading(_ url: URL) async throws -> (Double, Int, Bool, CGSize, Bool, Int) {
        let asset = AVURLAsset(url: url)
        let (duration, tracks, playable) = try await asset.load(.duration, .tracks, .isPlayable)
        let (size, transform) = try await tracks[0].load(.naturalSize, .preferredTransform)
        let generator = AVAssetImageGenerator(asset: asset)
        generator.maximumSize = CGSize(width: 480, height: 0)
        let frame = try await generator.image(at: .zero).image
        return (duration.seconds, tracks.count, playable, size, transform.isIdentity, frame.height)
    }

    /// CMTime as Core Media computes it: Apple's order, exact sums, equality across timescales.
    static func times() -> [Bool] {
        let third = CMTime(value: 1, timescale: 3)
        let seventh = CMTime(value: 1, timescale: 7)
        let sum = third + seventh
        var ordered = [
            CMTime.invalid, .positiveInfinity, .indefinite, CMTime(value: 5, timescale: 1), .negativeInfinity,
        ]
        ordered.sort()
        return [
            sum.value == 10 && sum.timescale == 21,
            CMTime(value: 1, timescale: 2) == CMTime(value: 300, timescale: 600),
            Set([CMTime(value: 1, timescale: 2), CMTime(value: 300, timescale: 600)]).count == 1,
            CMTime(value: 1 << 62, timescale: 1) != CMTime(value: (1 << 62) + 1, timescale: 1),
            ordered == [.negativeInfinity, CMTime(value: 5, timescale: 1), .indefinite, .positiveInfinity, .invalid],
            CMTimeCompare(.invalid, .zero) == 1,
            (CMTime.positiveInfinity + CMTime(value: 1, timescale: 1)).isPositiveInfinity,
            CMTime(seconds: 1e30, preferredTimescale: 600).isPositiveInfinity,
            (CMTime(value: 3, timescale: 2) * 4).seconds == 6 && (-CMTime(value: 1, timescale: 4)).seconds == -0.25,
            CMTimeRangeMake(start: .zero, duration: CMTime(value: 2, timescale: 1)).containsTime(third),
        ]
    }
}
