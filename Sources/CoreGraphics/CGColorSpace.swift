/// The kind of color a color space holds, as Core Graphics numbers them.
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown model.
    case unknown = -1
    /// Gray: one component.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// Cyan, magenta, yellow and black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// Any number of named components.
    case deviceN = 4
    /// An index into a table of colors.
    case indexed = 5
    /// A pattern, over a base color space or none.
    case pattern = 6
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// CIE XYZ (Apple's spelling, in capitals).
    case XYZ = 7
}

/// How a color is mapped from one color space's gamut to another's. Conversions here ignore it.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The context's default.
    case defaultIntent = 0
    /// Colors out of gamut are mapped to the nearest; white is not adapted.
    case absoluteColorimetric = 1
    /// Colors out of gamut are mapped to the nearest; white is adapted.
    case relativeColorimetric = 2
    /// The whole gamut is compressed to fit, keeping colors' relations.
    case perceptual = 3
    /// Saturation is kept at the cost of hue and lightness.
    case saturation = 4
}

/// A color space, as Core Graphics': its name (`CGColorSpace.sRGB`, ...), model and number of components.
/// An immutable value; two spaces of the same name are equal, as `CFEqual` finds them.
///
/// Names are Core Foundation strings, `CFString` (`NSString` on Linux, as CoreFoundationTypes has it), so
/// `CGColorSpace(name: CGColorSpace.sRGB)` and `space.name as String?` read as on iOS.
public final class CGColorSpace: Sendable, Hashable {
    /// The name; nil for a pattern space.
    private let identifier: String?
    /// The kind of color it holds.
    public let model: CGColorSpaceModel
    /// The number of color components, alpha not counted (0 for a pattern space).
    public let numberOfComponents: Int
    /// The space a pattern space's colors are in; nil for any other space.
    public let baseColorSpace: CGColorSpace?
    /// How colors of this space are encoded, for conversions; nil when they are not converted here.
    let encoding: CGColorSpaceEncoding?

    /// The name it was made with (`CGColorSpace.sRGB`, ...); nil for a pattern space.
    public var name: NSString? { identifier.map { $0 as NSString } }

    /// Whether it is an RGB space wider than sRGB (Display P3, BT.2020, Adobe RGB, ...).
    public var isWideGamutRGB: Bool {
        guard model == .rgb, let identifier else { return false }
        return CGColorSpaceCatalog.wideGamut.contains(identifier) || encoding?.isExtended == true
    }

    /// Whether a context can draw into it: any space but a pattern or an indexed one.
    public var supportsOutput: Bool { model != .pattern && model != .indexed && model != .unknown }

    /// The space of `name`, one of the class's names; nil for any other string.
    public convenience init?(name: NSString) {
        guard let entry = CGColorSpaceCatalog.entries[name as String] else { return nil }
        self.init(identifier: name as String, entry: entry)
    }

    /// The space named `identifier`, which `entry` describes.
    init(identifier: String, entry: CGColorSpaceCatalog.Entry) {
        self.identifier = identifier
        model = entry.model
        numberOfComponents = entry.components
        baseColorSpace = nil
        encoding = entry.encoding
    }

    /// A pattern space whose colors are in `baseSpace` (nil for a colored pattern).
    public init?(patternBaseSpace baseSpace: CGColorSpace?) {
        guard baseSpace?.model != .pattern else { return nil }
        identifier = nil
        model = .pattern
        numberOfComponents = 0
        baseColorSpace = baseSpace
        encoding = nil
    }

    /// Equal when they have the same name (pattern spaces: the same base space).
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs === rhs
            || (lhs.identifier == rhs.identifier && lhs.model == rhs.model
                && lhs.baseColorSpace == rhs.baseColorSpace)
    }

    /// Hashes the name and model.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(model)
    }
}

/// The device-dependent RGB space (on iOS, sRGB's values under the name `kCGColorSpaceDeviceRGB`).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpaceCatalog.space(CGColorSpaceCatalog.deviceRGB) }

/// The device-dependent gray space (name `kCGColorSpaceDeviceGray`).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpaceCatalog.space(CGColorSpaceCatalog.deviceGray)
}

/// The device-dependent CMYK space (name `kCGColorSpaceDeviceCMYK`).
public func CGColorSpaceCreateDeviceCMYK() -> CGColorSpace {
    CGColorSpaceCatalog.space(CGColorSpaceCatalog.deviceCMYK)
}

extension CGColorSpace {
    /// sRGB, made once: the space of `CGColor(red:green:blue:alpha:)` and `CGColor(srgbRed:...)`.
    static let standardRGB = CGColorSpaceCatalog.space(CGColorSpaceCatalog.sRGB)
    /// Gray with a gamma of 2.2, made once: the space of `CGColor(gray:alpha:)`, `.white`, `.black`, `.clear`.
    static let standardGray = CGColorSpaceCatalog.space(CGColorSpaceCatalog.grayGamma22)
}
