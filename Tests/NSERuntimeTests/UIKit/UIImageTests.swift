import Foundation
import Testing

// Swift Testing names a cross-import overlay for UIKit (`_Testing_UIKit`, Apple platforms only), so a file
// importing both fails to compile here: the UIKit calls are in UIKitProbe.swift, which imports no Testing.

/// UIImage read from its header: the formats UIKit reads give their size, anything else nil, as iOS's
/// `UIImage(data:)`; a renderer gives a blank PNG of its size.
@Suite("UIKit: UIImage from its header")
struct UIImageTests {
    @Test("PNG, JPEG, GIF, WebP and HEIC give their size in pixels; text, an MP4 and a truncated JPEG give nil")
    func headers() throws {
        let cases: [([UInt8], String, Int, Int)] = [
            (ImageFiles.png(width: 1200, height: 800), "png", 1200, 800),
            (ImageFiles.jpeg(width: 640, height: 480), "jpeg", 640, 480),
            (ImageFiles.gif(width: 320, height: 200), "gif", 320, 200),
            (ImageFiles.webpExtended(width: 1920, height: 1080), "webp", 1920, 1080),
            (ImageFiles.heic(width: 4032, height: 3024), "heic", 4032, 3024),
            (ImageFiles.heicGrid(width: 4032, height: 3024), "heic", 4032, 3024),
            (ImageFiles.webpLossy(width: 1024, height: 768), "webp", 1024, 768),
            (ImageFiles.webpLossless(width: 300, height: 200), "webp", 300, 200),
            (ImageFiles.bmp(width: 64, height: -32), "bmp", 64, 32),
        ]
        for (bytes, format, width, height) in cases {
            let header = try #require(UIKitProbe.header(bytes), "\(format)")
            #expect(header.format == format && header.width == width && header.height == height)
        }
        let mp4 = [0, 0, 0, 24] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 40)
        let text = Array("BMW of North America announced today that its new lineup".utf8)
        let notImages = [
            Array("hello".utf8), mp4, ImageFiles.mp4WithISPEBytes(), text,
            Array(ImageFiles.jpeg(width: 10, height: 10).prefix(30)), [],
        ]
        for bytes in notImages {
            #expect(UIKitProbe.header(bytes) == nil)
            #expect(!UIKitProbe.isImage(Data(bytes)))
        }
    }

    @Test("size is in points at the scale given; pngData and jpegData are the image's own bytes")
    func sizeAndBytes() throws {
        let data = Data(ImageFiles.jpeg(width: 900, height: 600))
        let image = try #require(UIKitProbe.image(data, scale: 3))
        #expect(image.width == 300 && image.height == 200)
        #expect(image.png == data && image.jpeg == data && image.oldPNG == data)
        #expect(!UIKitProbe.namedImageExists("logo"))
    }

    @Test("a renderer's image is a PNG of its size at its scale, which reads back; contexts nest per thread")
    func renderer() throws {
        let rendered = UIKitProbe.render(width: 50, height: 40, scale: 2)
        #expect(rendered.ranActions && rendered.contextImageDuringActions)
        #expect(rendered.width == 50 && rendered.height == 40 && rendered.scale == 2)
        let header = try #require(UIKitProbe.header(Array(rendered.png)))
        #expect(header.format == "png" && header.width == 100 && header.height == 80)
        #expect(rendered.bitmapBytes == 100 * 80 * 4, "the renderer holds its image's bitmap, as iOS's does")
        #expect(
            Array(rendered.png.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82], "IEND's CRC"
        )
        let context = UIKitProbe.imageContext()
        #expect(context.scaleInside == 3 && !context.imageAfterEnd)
        #expect(UIKitProbe.thumbnailSide(of: rendered.png, side: 5) == 5)
    }

    @Test("a scale of 0 or not a number is the screen's; a size that is not a positive number is 1 pixel")
    func oddRendererInput() {
        #expect(UIKitProbe.renderedPixels(width: 10, height: 10, scale: 0) == (30, 30))
        #expect(UIKitProbe.renderedPixels(width: 10, height: 10, scale: .nan) == (30, 30))
        #expect(UIKitProbe.renderedPixels(width: .infinity, height: -4, scale: 1) == (1, 1))
        #expect(UIKitProbe.renderedPixels(width: .nan, height: 0, scale: 2) == (1, 1))
    }

    @Test("drawing or re-encoding allocates what iOS decodes into, once; an image too large to decode, nothing")
    func decodedMemory() {
        #expect(UIKitProbe.bitmapBytes(Data(ImageFiles.png(width: 300, height: 200))) == [0, 240_000, 240_000])
        #expect(UIKitProbe.bitmapBytes(Data(ImageFiles.png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))) == [0, 0, 0])
    }

    @Test("cropping(to:) cuts the integral rectangle within the image; drawing the crop decodes its source whole")
    func cropping() throws {
        let photo = Data(ImageFiles.jpeg(width: 400, height: 300))
        let square = try #require(UIKitProbe.crop(photo, to: CGRect(x: 50, y: 0, width: 300, height: 300)))
        #expect((square.width, square.height) == (300, 300))
        #expect(square.croppedBitmap == 0, "cropping allocates nothing, as on iOS")
        #expect(square.readsBack, "the crop's file is an image of its size")
        #expect(square.sourceBitmap == 400 * 300 * 4, "the source, whole, not the crop's 300 × 300")
        let clipped = try #require(UIKitProbe.crop(photo, to: CGRect(x: -10.5, y: 290.2, width: 100, height: 100)))
        #expect((clipped.width, clipped.height) == (90, 10), "clipped to the image, then made integral")
        #expect(UIKitProbe.crop(photo, to: CGRect(x: 400, y: 0, width: 10, height: 10)) == nil, "outside: nil")
        #expect(UIKitProbe.crop(photo, to: .zero) == nil, "empty: nil")
        #expect(UIKitProbe.crop(photo, to: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)) == nil, "NaN: nil")
        #expect(UIKitProbe.crop(photo, to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)) == nil)
        #expect(UIKitProbe.crop(photo, to: .null) == nil)
        let whole = try #require(UIKitProbe.crop(photo, to: .infinite))
        #expect((whole.width, whole.height) == (400, 300), "the infinite rectangle: the whole image")
    }

    @Test("points, sizes and rectangles read as Core Graphics writes them")
    func geometryDescriptions() {
        #expect(
            UIKitProbe.geometryDescriptions() == [
                "(1.0, -2.0)", "(30.0, 20.5)", "(30.0, 20.5)", "(1.0, 2.0, 3.0, 4.0)",
            ])
    }

    @Test("a JPEG's EXIF orientation turns its size and names its orientation, in either byte order")
    func exifOrientation() throws {
        // UIImage.Orientation's raw values: up 0, down 1, left 2, right 3, upMirrored 4.
        for littleEndian in [true, false] {
            let portrait = ImageFiles.jpegWithOrientation(
                width: 640, height: 480, orientation: 6, littleEndian: littleEndian)
            let shown = try #require(UIKitProbe.displayed(Data(portrait)))
            #expect(shown.width == 480 && shown.height == 640 && shown.orientation == 3, "\(shown)")
            let upsideDown = ImageFiles.jpegWithOrientation(
                width: 640, height: 480, orientation: 3, littleEndian: littleEndian)
            let turned = try #require(UIKitProbe.displayed(Data(upsideDown)))
            #expect(turned.width == 640 && turned.height == 480 && turned.orientation == 1, "\(turned)")
        }
        let none = try #require(UIKitProbe.displayed(Data(ImageFiles.jpeg(width: 640, height: 480))))
        #expect(none.width == 640 && none.orientation == 0)
        let bogus = ImageFiles.jpegWithOrientation(width: 640, height: 480, orientation: 9, littleEndian: true)
        #expect(try #require(UIKitProbe.displayed(Data(bogus))).orientation == 0, "an orientation past 8 is up")
    }

    @Test("a subclass's super.init(data:) links and sizes the image, as on iOS")
    func subclass() {
        #expect(UIKitProbe.subclassWidth(Data(ImageFiles.png(width: 80, height: 40))) == 80)
        #expect(UIKitProbe.subclassWidth(Data("no".utf8)) == nil)
    }
}
