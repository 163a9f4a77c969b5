internal import CoreText
public import Foundation

/// A font, as UIKit's: a name, a family and a size. Nothing is drawn here, so a font is only the names and
/// metrics iOS gives code that lays out or styles text.
///
/// `UIFont(name:size:)` finds a font registered in the process (``CTFontManagerRegisterFontsForURL(_:_:_:)``,
/// as SwiftGen's font accessors and icon fonts register theirs) by its PostScript or full name, with the
/// family its file names. **Not faithful:** any other name gives a font too, where iOS gives nil for a font
/// it does not have (its list of built-in fonts is not here; a font iOS has must not turn into a crash),
/// named `not faithful:` where your code calls it. The system font is San Francisco (`.SFUI-Regular`), at
/// the sizes iOS gives each text style at the default text size; metrics are San Francisco's proportions.
///
/// `@unchecked Sendable`: every stored property is a `let` of a value type.
open class UIFont: NSObject, @unchecked Sendable {
    /// The PostScript name.
    public let fontName: String
    /// The family.
    public let familyName: String
    /// The size in points.
    public let pointSize: CGFloat
    /// The face's traits (bold, italic, ...).
    let traits: UIFontDescriptor.SymbolicTraits
    /// The weight of a system font (regular for the rest).
    let weight: Weight

    init(
        fontName: String, familyName: String, pointSize: CGFloat, traits: UIFontDescriptor.SymbolicTraits = [],
        weight: Weight = .regular
    ) {
        self.fontName = fontName
        self.familyName = familyName
        self.pointSize = pointSize
        self.traits = traits
        self.weight = weight
        super.init()
    }

    /// The system font's family name, as iOS 14 and later give it.
    static let systemFamily = ".AppleSystemUIFont"

    /// The system font's face of `weight` and `traits`: `.SFUI-Bold`, `.SFUI-RegularItalic`, ...
    static func systemFaceName(weight: Weight, traits: UIFontDescriptor.SymbolicTraits) -> String {
        let face = traits.contains(.traitBold) && weight.rawValue < Weight.bold.rawValue ? "Bold" : weight.face
        return (traits.contains(.traitMonoSpace) ? ".SFUIMono-" : ".SFUI-") + face
            + (traits.contains(.traitItalic) ? "Italic" : "")
    }

    /// The registered face of `family` whose name says `traits` (`-Bold`, `-Italic`, `-BoldItalic`).
    static func registeredFace(of family: String, traits: UIFontDescriptor.SymbolicTraits) -> String? {
        let bold = traits.contains(.traitBold)
        let italic = traits.contains(.traitItalic)
        let suffixes: [String] =
            bold && italic
            ? ["-BoldItalic", "-BoldOblique"] : bold ? ["-Bold"] : italic ? ["-Italic", "-Oblique"] : []
        let names = fontNames(forFamilyName: family)
        return suffixes.lazy.compactMap { suffix in names.first { $0.hasSuffix(suffix) } }.first
    }

    /// The font `descriptor` describes, at `pointSize` (its own size when 0).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        self.init(
            fontName: descriptor.postscriptName, familyName: descriptor.familyName,
            pointSize: pointSize > 0 ? pointSize : descriptor.pointSize, traits: descriptor.symbolicTraits,
            weight: descriptor.weight)
    }

    /// The font's descriptor.
    open var fontDescriptor: UIFontDescriptor {
        UIFontDescriptor(
            postscriptName: fontName, familyName: familyName, pointSize: pointSize, symbolicTraits: traits,
            weight: weight)
    }

    /// The font named `fontName` (a PostScript or full name) at `fontSize` points: a registered font with its
    /// family; any other name a font of that name (see the type's notes).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        if let registered = RegisteredFonts.font(named: fontName) {
            self.init(fontName: registered.postScriptName, familyName: registered.family, pointSize: fontSize)
        } else {
            let family = fontName.split(separator: "-").first.map(String.init) ?? fontName
            self.init(fontName: fontName, familyName: family, pointSize: fontSize)
        }
    }

    /// A font's weight, from -1 (lightest) to 1 (heaviest), as UIKit's.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        /// San Francisco's face for the weight.
        var face: String {
            switch rawValue {
            case ..<(-0.7): "Ultralight"
            case ..<(-0.5): "Thin"
            case ..<(-0.2): "Light"
            case ..<(0.2): "Regular"
            case ..<(0.27): "Medium"
            case ..<(0.35): "Semibold"
            case ..<(0.5): "Bold"
            case ..<(0.6): "Heavy"
            default: "Black"
            }
        }
    }

    /// The text styles of Dynamic Type.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The size and weight iOS gives the style at the default text size.
        var size: (points: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    /// The system font (San Francisco) at `fontSize`, of `weight`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(
            fontName: systemFaceName(weight: weight, traits: []), familyName: systemFamily, pointSize: fontSize,
            traits: weight.rawValue >= Weight.bold.rawValue ? .traitBold : [], weight: weight)
    }

    /// The regular system font at `fontSize`.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }

    /// The bold system font at `fontSize`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    /// The italic system font at `fontSize`.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(
            fontName: systemFaceName(weight: .regular, traits: .traitItalic), familyName: systemFamily,
            pointSize: fontSize, traits: .traitItalic)
    }

    /// The monospaced system font (SF Mono) at `fontSize`, of `weight`.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(
            fontName: systemFaceName(weight: weight, traits: .traitMonoSpace), familyName: systemFamily,
            pointSize: fontSize, traits: .traitMonoSpace, weight: weight)
    }

    /// The system font with monospaced digits at `fontSize`, of `weight`.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The font of `style` at the phone's text size (the default, large).
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (points, weight) = style.size
        return systemFont(ofSize: points, weight: weight)
    }

    /// The font of `style` for `traitCollection`'s text size (the default's sizes here).
    open class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?)
        -> UIFont
    {
        preferredFont(forTextStyle: style)
    }

    /// The size of the system font for labels: 17.
    open class var labelFontSize: CGFloat { 17 }
    /// The size of the system font for buttons: 18.
    open class var buttonFontSize: CGFloat { 18 }
    /// The size of the small system font: 12.
    open class var smallSystemFontSize: CGFloat { 12 }
    /// The size of the system font: 14.
    open class var systemFontSize: CGFloat { 14 }

    /// The families of the fonts registered in this process, sorted (iOS's built-in families are not here).
    open class var familyNames: [String] { Array(Set(RegisteredFonts.all.map(\.family))).sorted() }

    /// The PostScript names of the registered fonts of `familyName`.
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        RegisteredFonts.all.filter { $0.family == familyName }.map(\.postScriptName).sorted()
    }

    /// The same font at `fontSize`.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(fontName: fontName, familyName: familyName, pointSize: fontSize, traits: traits, weight: weight)
    }

    /// San Francisco's ascender: 0.952 of the size.
    open var ascender: CGFloat { pointSize * 0.952 }
    /// San Francisco's descender: -0.241 of the size.
    open var descender: CGFloat { pointSize * -0.241 }
    /// Ascender to descender: 1.193 of the size.
    open var lineHeight: CGFloat { ascender - descender }
    /// San Francisco's capital height: 0.705 of the size.
    open var capHeight: CGFloat { pointSize * 0.705 }
    /// San Francisco's x-height: 0.517 of the size.
    open var xHeight: CGFloat { pointSize * 0.517 }
    /// The space between lines: 0.
    open var leading: CGFloat { 0 }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return fontName == other.fontName && pointSize == other.pointSize
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(fontName)
        hasher.combine(pointSize)
        return hasher.finalize()
    }

    /// As iOS describes a font: `<UICTFont: 0x…> font-family: ".SFUI-Regular"; font-weight: normal;
    /// font-style: normal; font-size: 17.00pt`.
    open override var description: String {
        let address = "0x" + String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16)
        let weight = traits.contains(.traitBold) ? "bold" : "normal"
        let style = traits.contains(.traitItalic) ? "italic" : "normal"
        return "<UICTFont: \(address)> font-family: \"\(fontName)\"; font-weight: \(weight); font-style: \(style); "
            + "font-size: " + String(format: "%.2fpt", Double(pointSize))
    }
}

/// Dynamic Type's scaling for custom fonts: at the phone's text size (the default), every font and value
/// keeps its size.
public final class UIFontMetrics: Sendable {
    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: UIFont.TextStyle) {}

    /// The body style's metrics.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    /// `font` scaled for the phone's text size: the same size at the default.
    public func scaledFont(for font: UIFont) -> UIFont { font }

    /// `font` scaled, at most `maximumPointSize` points.
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font
    }

    /// `font` scaled for `traitCollection`'s text size: the same size here.
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont { font }

    /// `font` scaled for `traitCollection`'s text size, at most `maximumPointSize` points.
    public func scaledFont(
        for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize)
    }

    /// `value` scaled for `traitCollection`'s text size: itself here.
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value
    }

    /// `value` scaled for the phone's text size: itself at the default.
    public func scaledValue(for value: CGFloat) -> CGFloat { value }
}
