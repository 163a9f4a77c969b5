import Foundation
import Testing

/// ImageIO's sources and destinations on their own: what a full image, a thumbnail and an encoding allocate
/// of the bitmap iOS would hold (for the memory limit to judge), statuses, files, and what is refused.
@Suite("ImageIO: sources, thumbnails, destinations")
struct ImageIOTests {
    static let photo = ImageFiles.jpeg(width: 4032, height: 3024)

    @Test("a full image is decoded when cached at once or encoded, not before; past the last image is nil")
    func fullImageBitmap() throws {
        #expect(ImageIOProbe.image(Self.photo, cacheImmediately: false)?.bitmap == 0)
        let cached = try #require(ImageIOProbe.image(Self.photo, cacheImmediately: true))
        #expect(cached.bitmap == 4032 * 3024 * 4, "46.5 MiB, past an extension's 24 MiB")
        #expect(!cached.second)
        let encoded = ImageIOProbe.encode(Self.photo, as: "public.jpeg")
        #expect(encoded.bitmap == 4032 * 3024 * 4, "encoding decodes first")
    }

    @Test("a thumbnail holds only its own bitmap; none without FromImage options; never enlarged")
    func thumbnails() throws {
        let small = try #require(ImageIOProbe.thumbnail(Self.photo, limit: 300, fromImage: true))
        #expect(small.width == 300 && small.height == 225)
        #expect(small.bitmap == 300 * 225 * 4)
        #expect(ImageIOProbe.thumbnail(Self.photo, limit: 300, fromImage: false) == nil, "no embedded thumbnail")
        let whole = try #require(
            ImageIOProbe.thumbnail(ImageFiles.png(width: 64, height: 32), limit: 1000, fromImage: true))
        #expect(whole.width == 64 && whole.height == 32)
        let unlimited = try #require(
            ImageIOProbe.thumbnail(ImageFiles.png(width: 64, height: 32), limit: nil, fromImage: true))
        #expect(unlimited.width == 64 && unlimited.height == 32)
    }

    @Test("statuses and the container's file size; bytes that are no image are a source of unknown type")
    func statuses() {
        let image = ImageIOProbe.status(Self.photo)
        #expect(image.source == 0 && image.second == -4)
        #expect(image.fileSize == Self.photo.count)
        let text = ImageIOProbe.status(Array("hello".utf8))
        #expect(text.source == -3 && text.second == -3 && text.fileSize == nil)
    }

    @Test("a destination writes the image's own file once, into data; a type ImageIO does not write is nil")
    func destinations() {
        let png = ImageFiles.png(width: 10, height: 10)
        let written = ImageIOProbe.encode(png, as: "public.png")
        #expect(written.made && written.first && !written.second)
        #expect(written.data == png)
        #expect(!ImageIOProbe.encode(png, as: "org.webmproject.webp").made)
        #expect(!ImageIOProbe.encode(png, as: "public.plain-text").made)
    }

    @Test("a source of a file URL reads it; a missing file gives no source")
    func fileSources() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("imageio-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(ImageFiles.animatedGIF(width: 2, height: 2, frames: 2)).write(to: file)
        #expect(ImageIOProbe.sourceOfFile(file) == "com.compuserve.gif")
        #expect(ImageIOProbe.sourceOfFile(file.appendingPathExtension("missing")) == nil)
    }

    @Test("UIImage(cgImage:) has the CGImage's size at its scale, turned, and shares its bitmap")
    func uiImageOfCGImage() throws {
        let image = try #require(
            ImageIOProbe.uiImage(ImageFiles.png(width: 90, height: 60), scale: 3, turnedLeft: true))
        #expect(image.width == 20 && image.height == 30)
        #expect(image.sharesBitmap)
        #expect(image.cgWidth == 90)
    }

    @Test("a GIF frame's delay: as stored, and at least 0.1 s for one stored as 0.01 s or less")
    func gifDelays() {
        let delays = ImageIOProbe.gifDelays(ImageFiles.animatedGIF(width: 4, height: 4, frames: 3, delays: [1, 25, 0]))
        #expect(delays == [[0.1, 0.01], [0.25, 0.25], [0.1, 0]])
    }

    @Test("an incremental source reads the header, then the frames, as its bytes arrive")
    func incremental() {
        let gif = ImageFiles.animatedGIF(width: 4, height: 4, frames: 3)
        let seen = ImageIOProbe.incremental(gif, split: 30)
        #expect(seen.map(\.status) == [-2, -1, 0])
        #expect(seen.map(\.count) == [0, 1, 3])
    }

    @Test("CFDataCreateMutable gives data a destination writes into")
    func cfMutableData() {
        let png = ImageFiles.png(width: 3, height: 3)
        #expect(ImageIOProbe.writeIntoCFData(png) == png.count)
    }
}
