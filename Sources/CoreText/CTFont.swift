public import CoreGraphics

/// A description of a font, as Core Text's: the names a font file gives it (``CTFontManagerCreateFontDescriptorsFromURL(_:)``),
/// or a name asked for and a size. Nothing is drawn, so no glyph is read.
public final class CTFontDescriptor: Sendable {
    /// The font's PostScript name.
    let postScriptName: String
    /// The font's full name.
    let fullName: String
    /// The font's family.
    let familyName: String
    /// The size asked for, in points; 0 for none.
    let size: CGFloat
    /// Whether it only names a font (``CTFontDescriptorCreateWithNameAndSize(_:_:)``), which a font made from it
    /// looks for then.
    let isNameOnly: Bool

    init(postScriptName: String, fullName: String, familyName: String, size: CGFloat, isNameOnly: Bool = false) {
        (self.postScriptName, self.fullName, self.familyName, self.size) = (postScriptName, fullName, familyName, size)
        self.isNameOnly = isNameOnly
    }

    convenience init(_ names: FontNames, size: CGFloat = 0) {
        self.init(postScriptName: names.postScriptName, fullName: names.fullName, familyName: names.family, size: size)
    }

    /// The font Core Text gives for a name it does not have: Times New Roman, as current iOS logs ("it will get
    /// TimesNewRomanPSMT").
    static let fallback = FontNames(
        postScriptName: "TimesNewRomanPSMT", fullName: "Times New Roman", family: "Times New Roman")

    /// The descriptor a font is made of: this one, or for a name only, the registered font of that name, else
    /// the fallback.
    var resolved: CTFontDescriptor {
        guard isNameOnly else { return self }
        return CTFontDescriptor(RegisteredFonts.font(named: postScriptName) ?? Self.fallback, size: size)
    }
}

/// A font, as Core Text's: a descriptor's names at a size (12 points when made at 0, as Core Text does).
public final class CTFont: Sendable {
    let descriptor: CTFontDescriptor
    let size: CGFloat

    init(descriptor: CTFontDescriptor, size: CGFloat) {
        self.descriptor = descriptor.resolved
        self.size = size > 0 ? size : descriptor.size > 0 ? descriptor.size : 12
    }
}

/// How a font is made from a descriptor, as Core Text's `CTFontOptions`: nothing is activated or downloaded
/// here, so each is kept and changes nothing.
public struct CTFontOptions: OptionSet, Hashable, Sendable {
    public let rawValue: CFOptionFlags
    public init(rawValue: CFOptionFlags) { self.rawValue = rawValue }

    /// No options.
    public static let `default` = CTFontOptions([])
    /// Does not activate a font that is not active.
    public static let preventAutoActivation = CTFontOptions(rawValue: 1 << 0)
    /// Does not download a font that is not on the device.
    public static let preventAutoDownload = CTFontOptions(rawValue: 1 << 1)
    /// Prefers the system font for a name both have.
    public static let preferSystemFont = CTFontOptions(rawValue: 1 << 2)
}

/// The descriptors of the fonts in the file at `fileURL` (a TrueType or OpenType file, or a collection), read
/// from their names as Core Text reads them; nil for a file that is missing or no font. Nothing is
/// registered.
public func CTFontManagerCreateFontDescriptorsFromURL(_ fileURL: CFURL) -> CFArray? {
    let url = fileURL as URL
    guard url.isFileURL, let data = FileManager.default.contents(atPath: url.path),
        let fonts = try? FontNames.read(data)
    else { return nil }
    return fonts.map { CTFontDescriptor($0) } as NSArray
}

/// A descriptor naming the font `name` (a PostScript or full name) at `size`; a font made from it is the
/// registered font of that name when there is one then, else Core Text's fallback, Times New Roman.
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    let name = name as String
    return CTFontDescriptor(postScriptName: name, fullName: name, familyName: name, size: size, isNameOnly: true)
}

/// The font `descriptor` describes at `size` (the descriptor's, or 12 points, when 0).
public func CTFontCreateWithFontDescriptor(
    _ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
    CTFont(descriptor: descriptor, size: size)
}

/// The font `descriptor` describes at `size`, made with `options` (kept; see ``CTFontOptions``).
public func CTFontCreateWithFontDescriptorAndOptions(
    _ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
    _ options: CTFontOptions
) -> CTFont {
    CTFont(descriptor: descriptor, size: size)
}

/// The font named `name` at `size`: the registered font with that PostScript or full name, else Times New
/// Roman, Core Text's fallback (code checking whether its font is there by comparing the PostScript name finds
/// it is not, as on iOS).
public func CTFontCreateWithName(
    _ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
    CTFont(descriptor: CTFontDescriptorCreateWithNameAndSize(name, 0), size: size)
}

/// The font's PostScript name.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.descriptor.postScriptName as NSString }

/// The font's family name.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.descriptor.familyName as NSString }

/// The font's full name.
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.descriptor.fullName as NSString }

/// The font's size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
