public import Foundation

/// A font's description, as UIKit's: its name, family, size, symbolic traits (bold, italic, ...) and the
/// system font's design, for code that derives one font from another (`descriptor.withSymbolicTraits(.traitBold)`,
/// then `UIFont(descriptor:size:)`). A system font's traits pick its face (`.SFUI-BoldItalic`); a registered
/// font's pick the face of its family that Core Text registered with that name (`Avenir-Heavy`'s family's
/// `-Bold`), else keep the font (nothing is drawn, so only the names differ).
///
/// `@unchecked Sendable`: every stored property is a `let` of a value type.
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// The traits of a face.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The keys of ``fontAttributes``.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }

    /// The keys of the traits attribute's dictionary.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
    }

    /// The system font's designs.
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    }

    /// The PostScript name.
    public let postscriptName: String
    /// The family.
    let familyName: String
    /// The size in points (0: unspecified).
    public let pointSize: CGFloat
    /// The face's traits.
    public let symbolicTraits: SymbolicTraits
    /// The weight of a system font.
    let weight: UIFont.Weight

    init(
        postscriptName: String, familyName: String, pointSize: CGFloat, symbolicTraits: SymbolicTraits,
        weight: UIFont.Weight
    ) {
        self.postscriptName = postscriptName
        self.familyName = familyName
        self.pointSize = pointSize
        self.symbolicTraits = symbolicTraits
        self.weight = weight
        super.init()
    }

    /// The descriptor of the font named `fontName` at `size`.
    public convenience init(name fontName: String, size: CGFloat) {
        let font = UIFont(name: fontName, size: size)
        self.init(
            postscriptName: fontName, familyName: font?.familyName ?? fontName, pointSize: size,
            symbolicTraits: font?.fontDescriptor.symbolicTraits ?? [], weight: .regular)
    }

    /// A descriptor of `attributes`: its name (else its family), size and symbolic traits.
    public convenience init(fontAttributes attributes: [AttributeName: Any]) {
        let name = attributes[.name] as? String ?? attributes[.family] as? String ?? UIFont.systemFamily
        let size = (attributes[.size] as? Double).map { CGFloat($0) } ?? (attributes[.size] as? CGFloat) ?? 0
        let traits = (attributes[.traits] as? [TraitKey: Any])?[.symbolic] as? UInt32 ?? 0
        self.init(
            postscriptName: name, familyName: attributes[.family] as? String ?? name, pointSize: size,
            symbolicTraits: SymbolicTraits(rawValue: traits), weight: .regular)
    }

    /// The descriptor's attributes: name, family, size and traits.
    open var fontAttributes: [AttributeName: Any] {
        [
            .name: postscriptName, .family: familyName, .size: pointSize,
            .traits: [TraitKey.symbolic: symbolicTraits.rawValue, TraitKey.weight: weight.rawValue] as [TraitKey: Any],
        ]
    }

    /// The descriptor of the font of `style` at the default text size.
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    /// The same face at `newPointSize`.
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        UIFontDescriptor(
            postscriptName: postscriptName, familyName: familyName, pointSize: newPointSize,
            symbolicTraits: symbolicTraits, weight: weight)
    }

    /// The face of the same family with `traits`: a system font's face of those traits; a registered font's
    /// face of its family whose name says them (`-Bold`, `-Italic`, `-BoldItalic`), else the same font.
    open func withSymbolicTraits(_ traits: SymbolicTraits) -> UIFontDescriptor? {
        let name =
            familyName == UIFont.systemFamily
            ? UIFont.systemFaceName(weight: traits.contains(.traitBold) ? .bold : weight, traits: traits)
            : UIFont.registeredFace(of: familyName, traits: traits) ?? postscriptName
        return UIFontDescriptor(
            postscriptName: name, familyName: familyName, pointSize: pointSize, symbolicTraits: traits, weight: weight)
    }

    /// The system font in `design`: the same descriptor for the default; a rounded, serif or monospaced face's
    /// name otherwise (SF Pro Rounded, New York, SF Mono), nil for another font.
    open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        guard familyName == UIFont.systemFamily else { return nil }
        let prefix: String =
            switch design {
            case .rounded: ".SFUIRounded-"
            case .serif: ".NewYork-"
            case .monospaced: ".SFUIMono-"
            default: ".SFUI-"
            }
        return UIFontDescriptor(
            postscriptName: prefix + weight.face, familyName: familyName, pointSize: pointSize,
            symbolicTraits: symbolicTraits, weight: weight)
    }

    /// The descriptor with `attributes` added: a new size, name or traits taken.
    open func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        var merged = fontAttributes
        merged.merge(attributes) { _, new in new }
        return UIFontDescriptor(fontAttributes: merged)
    }
}
