import Foundation
internal import NSEBenchImages

/// The image a renderer or a thumbnail gives here: a blank PNG of the size asked (``BlankPNG/bytes(width:height:)``).
extension BlankPNG {
    /// A blank image of `size` points at `scale` (the screen's when `scale` is not above zero or not a
    /// number): at least 1 × 1 pixels, and at most PNG's 2³¹ − 1 a side. A huge image is made as asked:
    /// its memory is the phone's limit to enforce, as iOS's would be.
    static func image(size: CGSize, scale: CGFloat) -> UIImage {
        let scale = scale > 0 && scale.isFinite ? scale : UIScreen.main.scale
        let width = pixels(size.width * scale)
        let height = pixels(size.height * scale)
        // A PNG of the header's size always reads back.
        guard let image = UIImage(data: Data(bytes(width: width, height: height)), scale: scale) else {
            preconditionFailure("a blank \(width)×\(height) PNG did not read back")
        }
        // iOS's renderer holds its image's bitmap while the image lives, 4 bytes a pixel.
        image.bitmap.decode(width: width, height: height)
        return image
    }

    /// `points × scale` as a whole number of pixels: 1 for what is not a positive finite number.
    private static func pixels(_ value: CGFloat) -> Int {
        guard value.isFinite, value >= 1 else { return 1 }
        return Int(min(value.rounded(), CGFloat(Int32.max)))
    }
}
