/// A color, as Core Graphics': its color space and components, alpha last. An immutable value, so
/// `Sendable` as it stands; two colors are equal when their spaces and components are, as `CFEqual` finds
/// them. Nothing is drawn with it.
public final class CGColor: Sendable, Hashable {
    /// The space the components are in.
    public let colorSpace: CGColorSpace?
    /// The components, the space's then alpha (`[r, g, b, a]` in sRGB, `[white, a]` in gray).
    public let components: [CGFloat]?

    /// The number of components, alpha among them.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The opacity: the last component.
    public var alpha: CGFloat { components?.last ?? 0 }

    /// The color of `components` (the space's, then alpha) in `space`.
    init(space: CGColorSpace, components: [CGFloat]) {
        colorSpace = space
        self.components = components
    }

    /// A color in sRGB (on iOS, `CGColorCreateGenericRGB`, whose space there is sRGB).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .standardRGB, components: [red, green, blue, alpha])
    }

    /// A color in sRGB.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .standardRGB, components: [red, green, blue, alpha])
    }

    /// A gray in the generic gray space (gamma 2.2), `[gray, alpha]`.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .standardGray, components: [gray, alpha])
    }

    /// A gray in the generic gray space (gamma 2.2), `[gray, alpha]`.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(space: .standardGray, components: [gray, alpha])
    }

    /// A color in the generic CMYK space, `[cyan, magenta, yellow, black, alpha]`.
    public convenience init(
        genericCMYKCyan cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat
    ) {
        self.init(
            space: CGColorSpaceCatalog.space(CGColorSpaceCatalog.genericCMYK),
            components: [cyan, magenta, yellow, black, alpha])
    }

    /// The color of `components` in `space`: as Core Graphics, the space's number of components then alpha
    /// are read from the pointer, which must hold that many. Nil for a pattern space (a pattern color needs
    /// its pattern) and a space with no components.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model != .pattern, space.numberOfComponents > 0 else { return nil }
        let count = space.numberOfComponents + 1
        self.init(space: space, components: Array(UnsafeBufferPointer(start: components, count: count)))
    }

    /// Opaque white, in the generic gray space.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Opaque black, in the generic gray space.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Transparent black, in the generic gray space.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// A copy (this immutable color itself).
    public func copy() -> CGColor? { self }

    /// The color with alpha `alpha`, clamped to 0...1 as Core Graphics does.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let colorSpace, var components, !components.isEmpty else { return nil }
        components[components.count - 1] = min(max(alpha, 0), 1)
        return CGColor(space: colorSpace, components: components)
    }

    /// The color in `space`, alpha kept, or nil where the conversion is not made here: both spaces must be
    /// RGB or gray ones of sRGB's or Display P3's primaries (sRGB, Display P3, their linear and extended
    /// forms, the gray spaces, the device spaces). `intent` and `options` are ignored; components are
    /// clamped to 0...1 in a space that is not extended.
    public func converted(
        to space: CGColorSpace, intent: CGColorRenderingIntent, options: NSDictionary?
    ) -> CGColor? {
        guard let colorSpace, let components else { return nil }
        if colorSpace == space { return self }
        guard let source = colorSpace.encoding, let target = space.encoding, let alpha = components.last else {
            return nil
        }
        let converted = source.convert(Array(components.dropLast()), to: target)
        return CGColor(space: space, components: converted + [alpha])
    }

    /// Equal when the spaces and the components are.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components)
    }

    /// Hashes the space and the components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
    }
}
