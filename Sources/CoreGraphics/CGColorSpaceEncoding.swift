/// How the RGB and gray spaces that colors are converted between encode a color: their primaries, their
/// transfer function and whether components may leave 0...1. Conversions go through linear light and CIE
/// XYZ (D65 white, no chromatic adaptation: every space here is D65), so they agree with Core Graphics' to
/// about three decimals, not bit for bit.
struct CGColorSpaceEncoding: Sendable {
    /// The primaries: sRGB's (BT.709), Display P3's, or none (gray, whose one component is luminance).
    enum Primaries: Sendable {
        case sRGB, displayP3, gray
    }

    /// The transfer function from a component to linear light.
    enum Transfer: Sendable {
        case sRGB, linear, gamma22
    }

    let primaries: Primaries
    let transfer: Transfer
    /// Whether components below 0 and above 1 are kept (else a conversion clamps them).
    let isExtended: Bool

    init(_ primaries: Primaries, _ transfer: Transfer, extended: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        isExtended = extended
    }

    /// `value` in linear light; negative values mirror positive ones, as extended spaces do.
    func decode(_ value: CGFloat) -> CGFloat {
        let magnitude = abs(value)
        let linear: CGFloat
        switch transfer {
        case .linear: linear = magnitude
        case .gamma22: linear = pow(magnitude, 2.2)
        case .sRGB: linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        }
        return value < 0 ? -linear : linear
    }

    /// The component of linear light `value`, clamped to 0...1 unless the space is extended.
    func encode(_ value: CGFloat) -> CGFloat {
        let magnitude = abs(value)
        let encoded: CGFloat
        switch transfer {
        case .linear: encoded = magnitude
        case .gamma22: encoded = pow(magnitude, 1 / 2.2)
        case .sRGB: encoded = magnitude <= 0.0031308 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        }
        let signed = value < 0 ? -encoded : encoded
        return isExtended ? signed : min(max(signed, 0), 1)
    }

    /// The color components (alpha not among them) of this space as `target`'s.
    func convert(_ components: [CGFloat], to target: CGColorSpaceEncoding) -> [CGFloat] {
        let linear = components.map(decode)
        guard primaries != target.primaries else { return linear.map(target.encode) }
        let xyz = Self.xyz(linear, primaries)
        return Self.linear(xyz, target.primaries).map(target.encode)
    }

    /// D65's white in XYZ, luminance 1.
    private static let white: [CGFloat] = [0.950_47, 1, 1.088_83]

    /// Linear components of `primaries` in CIE XYZ.
    private static func xyz(_ c: [CGFloat], _ primaries: Primaries) -> [CGFloat] {
        switch primaries {
        case .gray: return white.map { $0 * (c.first ?? 0) }
        case .sRGB:
            return multiply(
                [
                    [0.412_456_4, 0.357_576_1, 0.180_437_5], [0.212_672_9, 0.715_152_2, 0.072_175_0],
                    [0.019_333_9, 0.119_192_0, 0.950_304_1],
                ], c)
        case .displayP3:
            return multiply(
                [
                    [0.486_570_9, 0.265_667_7, 0.198_217_3], [0.228_974_6, 0.691_738_5, 0.079_286_9],
                    [0, 0.045_113_4, 1.043_944_4],
                ], c)
        }
    }

    /// CIE XYZ as linear components of `primaries` (gray: luminance).
    private static func linear(_ xyz: [CGFloat], _ primaries: Primaries) -> [CGFloat] {
        switch primaries {
        case .gray: return [xyz[1]]
        case .sRGB:
            return multiply(
                [
                    [3.240_454_2, -1.537_138_5, -0.498_531_4], [-0.969_266_0, 1.876_010_8, 0.041_556_0],
                    [0.055_643_4, -0.204_025_9, 1.057_225_2],
                ], xyz)
        case .displayP3:
            return multiply(
                [
                    [2.493_496_9, -0.931_383_6, -0.402_710_8], [-0.829_489_0, 1.762_664_1, 0.023_624_7],
                    [0.035_845_8, -0.076_172_4, 0.956_884_5],
                ], xyz)
        }
    }

    /// The 3×3 `matrix` times `vector` (missing components read as 0).
    private static func multiply(_ matrix: [[CGFloat]], _ vector: [CGFloat]) -> [CGFloat] {
        matrix.map { row in
            zip(row, vector + [0, 0, 0]).reduce(0) { $0 + $1.0 * $1.1 }
        }
    }
}
