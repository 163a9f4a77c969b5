/// The picture size and running time of a synthetic file: what a decoder reports.
///
/// Images (JPEG, PNG, GIF) and MP4 video have ``width`` × ``height`` pixels; MP4 and M4A run for
/// ``durationMilliseconds``. MP3 and WAV take their length from their size, as before. The default
/// is typical push media, 1200×800 and 10 s (``standard``); a file too small for it gets the
/// largest halving of it that fits (``fitting(type:size:)``), so `/media/1KB.jpg` is still a whole
/// image, while a shape a request asks for is kept exactly (a size below its minimum is truncated).
public struct MediaShape: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int
    /// Running time of MP4 and M4A, milliseconds.
    public var durationMilliseconds: Int

    /// The largest width or height: a JPEG's scan and a GIF's screen stay small (16 KB, 16 bits).
    public static let maximumSide = 4_096
    /// The longest running time, one hour: one sample-table entry per second.
    public static let maximumDurationMilliseconds = 3_600_000

    /// 1200×800, 10 s: a typical rich-push image or clip.
    public static let standard = MediaShape(width: 1_200, height: 800, durationMilliseconds: 10_000)

    /// A shape of `width` × `height` pixels and `durationMilliseconds`, each clamped to its range.
    public init(width: Int, height: Int, durationMilliseconds: Int) {
        self.width = Swift.min(Swift.max(width, 1), Self.maximumSide)
        self.height = Swift.min(Swift.max(height, 1), Self.maximumSide)
        self.durationMilliseconds = Swift.min(Swift.max(durationMilliseconds, 1), Self.maximumDurationMilliseconds)
    }

    /// `WxH, N ms`.
    public var description: String { "\(width)x\(height), \(durationMilliseconds) ms" }

    /// Half as large and half as long, at least 1×1 and 1 ms.
    var halved: MediaShape {
        MediaShape(
            width: (width + 1) / 2, height: (height + 1) / 2, durationMilliseconds: (durationMilliseconds + 1) / 2)
    }

    /// ``standard`` halved until a `type` file of it fits in `size` bytes (1×1, 1 ms at worst).
    static func fitting(type: MediaType, size: Int) -> MediaShape {
        var shape = standard
        while MediaLayout.minimumSize(of: type, shape: shape) > size, shape != shape.halved {
            shape = shape.halved
        }
        return shape
    }

    /// Parses `WxH` (`1200x800`), each side 1 to ``maximumSide``.
    static func dimensions(parsing text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...maximumSide).contains(width), (1...maximumSide).contains(height)
        else { return nil }
        return (width, height)
    }
}
