import Foundation
import Testing

/// AVFoundation's assets read from their moov box, and their frames as blank images of the size iOS gives,
/// their bitmaps allocated; the errors iOS gives for what has no frame.
@Suite("AVFoundation: assets and frames")
struct AVFoundationTests {
    @Test("duration and tracks from the moov box; a frame of the track's size, its bitmap held")
    func frames() throws {
        let url = try AVFoundationProbe.file(MovieBytes.mp4(seconds: 30, handler: "vide", width: 1920, height: 1080))
        defer { try? FileManager.default.removeItem(at: url) }
        let described = AVFoundationProbe.describe(url)
        #expect(described.seconds == 30)
        #expect(described.tracks == ["vide 1920x1080"])
        let frame = try #require(AVFoundationProbe.frame(url, at: 1, upright: false))
        #expect(frame.width == 1920 && frame.height == 1080)
        #expect(frame.bitmap == 1920 * 1080 * 4)
        #expect(frame.actual == 1)
        let small = try #require(
            AVFoundationProbe.frame(url, at: 40, upright: false, maximum: CGSize(width: 400, height: 400)))
        #expect(small.width == 400 && small.height == 225)
        #expect(small.actual == 30, "past the end, the last frame (any tolerance)")
    }

    @Test("a phone's portrait video: its natural size landscape, its frame upright when asked")
    func portrait() throws {
        let url = try AVFoundationProbe.file(
            MovieBytes.mp4(seconds: 5, handler: "vide", width: 1920, height: 1080, portrait: true))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(AVFoundationProbe.frame(url, at: 0, upright: false).map { [$0.width, $0.height] } == [1920, 1080])
        #expect(AVFoundationProbe.frame(url, at: 0, upright: true).map { [$0.width, $0.height] } == [1080, 1920])
    }

    @Test("no video track, no movie, past the end exactly: AVFoundation's error codes")
    func errors() throws {
        let audio = try AVFoundationProbe.file(MovieBytes.mp4(seconds: 3, handler: "soun", width: 0, height: 0))
        let text = try AVFoundationProbe.file(Array("not a movie".utf8))
        let video = try AVFoundationProbe.file(MovieBytes.mp4(seconds: 3, handler: "vide", width: 64, height: 64))
        defer { for url in [audio, text, video] { try? FileManager.default.removeItem(at: url) } }
        #expect(AVFoundationProbe.frameError(audio, at: 1) == -11838)
        #expect(AVFoundationProbe.frameError(text, at: 1) == -11828)
        #expect(AVFoundationProbe.frameError(video, at: 10, exact: true) == -11832)
        #expect(AVFoundationProbe.frameError(video, at: 10) == nil)
        #expect(AVFoundationProbe.describe(text).seconds.isNaN, "an unreadable asset's duration is invalid")
    }

    @Test("load(.duration) and loadTracks(withMediaType:) as the async API gives them")
    func asyncLoading() async throws {
        let url = try AVFoundationProbe.file(MovieBytes.mp4(seconds: 12, handler: "vide", width: 8, height: 8))
        defer { try? FileManager.default.removeItem(at: url) }
        let (seconds, videos) = try await AVFoundationProbe.loaded(url)
        #expect(seconds == 12 && videos == 1)
    }

    @Test("AVMakeRect, CGAffineTransform and CMTime as iOS computes them")
    func geometry() {
        let g = AVFoundationProbe.geometry()
        #expect(
            g.fit.minX == 0 && g.fit.width == 100 && abs(g.fit.height - 56.25) < 1e-9 && abs(g.fit.minY - 21.875) < 1e-9
        )
        #expect(abs(g.turned.width + 1080) < 1e-6 && abs(g.turned.height - 1920) < 1e-6)
        #expect(abs(g.time - (2 + 1.0 / 60)) < 1e-3)
        #expect(g.made == 1.5)
        #expect(g.ordered)
    }

    @Test("catch AVError.noImageAtTime; AVURLAsset's url")
    func avError() throws {
        let url = try AVFoundationProbe.file(MovieBytes.mp4(seconds: 3, handler: "vide", width: 64, height: 64))
        defer { try? FileManager.default.removeItem(at: url) }
        let caught = AVFoundationProbe.caughtNoImage(url)
        #expect(caught.caught)
        #expect(caught.url == url)
    }

    @Test("iOS 16 loading: three asset properties, a track's two, a frame fitted in a width alone")
    func modernLoading() async throws {
        let url = try AVFoundationProbe.file(MovieBytes.mp4(seconds: 8, handler: "vide", width: 1920, height: 1080))
        defer { try? FileManager.default.removeItem(at: url) }
        let (seconds, tracks, playable, size, identity, frameHeight) = try await AVFoundationProbe.modernLoading(url)
        #expect(seconds == 8 && tracks == 1 && playable)
        #expect(size == CGSize(width: 1920, height: 1080) && identity)
        #expect(frameHeight == 270, "480 wide: a zero height leaves the height free")
    }

    @Test("CMTime: Apple's order, exact sums and equality, infinities, overflow")
    func times() {
        #expect(AVFoundationProbe.times() == Array(repeating: true, count: 10), "\(AVFoundationProbe.times())")
    }

    @Test("a fragmented file's duration from mehd; an unknown one is indefinite, and a frame still comes")
    func fragmentedAndUnknown() throws {
        let fragmented = try AVFoundationProbe.file(
            MovieBytes.mp4(seconds: 30, handler: "vide", width: 64, height: 64, fragmented: true))
        let unknown = try AVFoundationProbe.file(
            MovieBytes.mp4(seconds: 30, handler: "vide", width: 64, height: 64, unknown: true))
        defer { for url in [fragmented, unknown] { try? FileManager.default.removeItem(at: url) } }
        #expect(AVFoundationProbe.describe(fragmented).seconds == 30)
        #expect(AVFoundationProbe.frame(fragmented, at: 1, upright: false)?.actual == 1)
        #expect(AVFoundationProbe.describe(unknown).seconds.isNaN, "indefinite")
        #expect(AVFoundationProbe.frame(unknown, at: 5, upright: false)?.actual == 5)
    }
}
