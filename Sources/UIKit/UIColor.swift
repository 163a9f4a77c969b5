public import Foundation

/// A color, as UIKit's: red, green, blue and alpha (sRGB, as iOS's extended range keeps values given outside
/// 0...1), or dynamic, resolved for a trait collection's appearance. Shared code compiled into an
/// extension uses it for asset catalog colors (SwiftGen's `ColorAsset`, `UIColor(named:in:compatibleWith:)`)
/// and attributed text; nothing is drawn, so a color only needs to be the value iOS gives.
///
/// A named color is read from the asset catalogs of its bundle as they are (``AssetCatalogs``): its
/// iPhone or universal entry, components written as fractions (`"0.200"`), hexadecimal bytes (`"0x33"`) or
/// whole bytes (`"51"`) as Xcode writes them, with its dark appearance where the set has one; a color that
/// refers to a system color (`"reference": "systemBlueColor"`) is that color. Display P3 components are
/// kept as given, not converted to sRGB.
///
/// `@unchecked Sendable`: its one stored property is a `let` of immutable values and a `@Sendable` closure.
open class UIColor: NSObject, @unchecked Sendable {
    private enum Value {
        case components(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
        case dynamic(@Sendable (UITraitCollection) -> UIColor)
    }

    private let value: Value

    /// A color of these components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        value = .components(red: red, green: green, blue: blue, alpha: alpha)
        super.init()
    }

    /// A gray of this brightness.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A color of these hue, saturation and brightness (each 0...1).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (red, green, blue) = Self.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A Display P3 color, its components kept as given.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A color that `provider` resolves for each trait collection.
    public init(dynamicProvider provider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        value = .dynamic(provider)
        super.init()
    }

    /// The color named `name` in the main bundle's asset catalogs; nil when there is none. In the
    /// extension's worker processes the main bundle holds its target folder's resources; inside nse-bench
    /// (`--extension-processes 0`) it is nse-bench's, which has none.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The color named `name` in `bundle`'s asset catalogs (the main bundle's when nil): dynamic where the
    /// set has a dark appearance, resolved for `traitCollection` when one is given; nil when there is none.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?)
    {
        guard let named = NamedColors.find(name, in: bundle ?? .main) else { return nil }
        if let traitCollection {
            let resolved = named.resolvedColor(with: traitCollection)
            guard case .components(let red, let green, let blue, let alpha) = resolved.value else { return nil }
            self.init(red: red, green: green, blue: blue, alpha: alpha)
        } else {
            switch named.value {
            case .components(let red, let green, let blue, let alpha):
                self.init(red: red, green: green, blue: blue, alpha: alpha)
            case .dynamic(let provider):
                self.init(dynamicProvider: provider)
            }
        }
    }

    /// The color for `traitCollection`: a dynamic color's choice for it, any other color itself.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch value {
        case .components: return self
        case .dynamic(let provider): return provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    /// The color with `alpha` (a dynamic color stays dynamic).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch value {
        case .components(let red, let green, let blue, _):
            return UIColor(red: red, green: green, blue: blue, alpha: alpha)
        case .dynamic(let provider): return UIColor { provider($0).withAlphaComponent(alpha) }
        }
    }

    /// The components, as resolved for the thread's current traits.
    private var components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        switch resolvedColor(with: .current).value {
        case .components(let red, let green, let blue, let alpha): return (red, green, blue, alpha)
        case .dynamic: return (0, 0, 0, 0)  // resolvedColor never gives a dynamic color
        }
    }

    /// Writes the red, green, blue and alpha components (resolved for the current traits); true.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let components = components
        red?.pointee = components.red
        green?.pointee = components.green
        blue?.pointee = components.blue
        alpha?.pointee = components.alpha
        return true
    }

    /// Writes the brightness and alpha of a gray; false (nothing written) for a color that is no gray.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let components = components
        guard components.red == components.green, components.green == components.blue else { return false }
        white?.pointee = components.red
        alpha?.pointee = components.alpha
        return true
    }

    /// Writes the hue, saturation, brightness and alpha; true.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let (red, green, blue, opacity) = components
        let largest = max(red, green, blue)
        let range = largest - min(red, green, blue)
        var degrees: CGFloat = 0
        if range > 0 {
            if largest == red {
                degrees = 60 * ((green - blue) / range).truncatingRemainder(dividingBy: 6)
            } else if largest == green {
                degrees = 60 * ((blue - red) / range + 2)
            } else {
                degrees = 60 * ((red - green) / range + 4)
            }
            if degrees < 0 { degrees += 360 }
        }
        hue?.pointee = degrees / 360
        saturation?.pointee = largest > 0 ? range / largest : 0
        brightness?.pointee = largest
        alpha?.pointee = opacity
        return true
    }

    /// Red, green and blue for a hue, saturation and brightness.
    private static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let sector = (hue - hue.rounded(.down)) * 6
        let chroma = brightness * saturation
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let lightest = brightness - chroma
        let (red, green, blue): (CGFloat, CGFloat, CGFloat) =
            switch Int(sector) {
            case 0: (chroma, second, 0)
            case 1: (second, chroma, 0)
            case 2: (0, chroma, second)
            case 3: (0, second, chroma)
            case 4: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        return (red + lightest, green + lightest, blue + lightest)
    }

    /// Equal when both resolve, for the current traits, to the same components.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return components == other.components
    }

    open override var hash: Int {
        let (red, green, blue, alpha) = components
        var hasher = Hasher()
        for component in [red, green, blue, alpha] { hasher.combine(component) }
        return hasher.finalize()
    }

    /// As iOS describes an sRGB color: `UIExtendedSRGBColorSpace 1 0 0 1`.
    open override var description: String {
        let (red, green, blue, alpha) = components
        return "UIExtendedSRGBColorSpace "
            + [red, green, blue, alpha].map { "\($0 == $0.rounded() ? "\(Int($0))" : "\($0)")" }
            .joined(separator: " ")
    }
}

// MARK: - UIKit's colors

extension UIColor {
    private static func light(_ light: UIColor, dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    private static func rgb(_ red: Int, _ green: Int, _ blue: Int, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // The system colors, light and dark, as iOS gives them.
    public class var systemRed: UIColor { light(rgb(255, 59, 48), dark: rgb(255, 69, 58)) }
    public class var systemOrange: UIColor { light(rgb(255, 149, 0), dark: rgb(255, 159, 10)) }
    public class var systemYellow: UIColor { light(rgb(255, 204, 0), dark: rgb(255, 214, 10)) }
    public class var systemGreen: UIColor { light(rgb(52, 199, 89), dark: rgb(48, 209, 88)) }
    public class var systemMint: UIColor { light(rgb(0, 199, 190), dark: rgb(99, 230, 226)) }
    public class var systemTeal: UIColor { light(rgb(48, 176, 199), dark: rgb(64, 200, 224)) }
    public class var systemCyan: UIColor { light(rgb(50, 173, 230), dark: rgb(100, 210, 255)) }
    public class var systemBlue: UIColor { light(rgb(0, 122, 255), dark: rgb(10, 132, 255)) }
    public class var systemIndigo: UIColor { light(rgb(88, 86, 214), dark: rgb(94, 92, 230)) }
    public class var systemPurple: UIColor { light(rgb(175, 82, 222), dark: rgb(191, 90, 242)) }
    public class var systemPink: UIColor { light(rgb(255, 45, 85), dark: rgb(255, 55, 95)) }
    public class var systemBrown: UIColor { light(rgb(162, 132, 94), dark: rgb(172, 142, 104)) }
    public class var systemGray: UIColor { light(rgb(142, 142, 147), dark: rgb(142, 142, 147)) }
    public class var systemGray2: UIColor { light(rgb(174, 174, 178), dark: rgb(99, 99, 102)) }
    public class var systemGray3: UIColor { light(rgb(199, 199, 204), dark: rgb(72, 72, 74)) }
    public class var systemGray4: UIColor { light(rgb(209, 209, 214), dark: rgb(58, 58, 60)) }
    public class var systemGray5: UIColor { light(rgb(229, 229, 234), dark: rgb(44, 44, 46)) }
    public class var systemGray6: UIColor { light(rgb(242, 242, 247), dark: rgb(28, 28, 30)) }
    public class var tintColor: UIColor { systemBlue }

    // The semantic colors of text and backgrounds.
    public class var label: UIColor { light(rgb(0, 0, 0), dark: rgb(255, 255, 255)) }
    public class var secondaryLabel: UIColor { light(rgb(60, 60, 67, 0.6), dark: rgb(235, 235, 245, 0.6)) }
    public class var tertiaryLabel: UIColor { light(rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3)) }
    public class var quaternaryLabel: UIColor { light(rgb(60, 60, 67, 0.18), dark: rgb(235, 235, 245, 0.16)) }
    public class var link: UIColor { light(rgb(0, 122, 255), dark: rgb(9, 132, 255)) }
    public class var placeholderText: UIColor { light(rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3)) }
    public class var separator: UIColor { light(rgb(60, 60, 67, 0.29), dark: rgb(84, 84, 88, 0.6)) }
    public class var opaqueSeparator: UIColor { light(rgb(198, 198, 200), dark: rgb(56, 56, 58)) }
    public class var systemBackground: UIColor { light(rgb(255, 255, 255), dark: rgb(0, 0, 0)) }
    public class var secondarySystemBackground: UIColor { light(rgb(242, 242, 247), dark: rgb(28, 28, 30)) }
    public class var tertiarySystemBackground: UIColor { light(rgb(255, 255, 255), dark: rgb(44, 44, 46)) }
    public class var systemGroupedBackground: UIColor { light(rgb(242, 242, 247), dark: rgb(0, 0, 0)) }
    public class var secondarySystemGroupedBackground: UIColor { light(rgb(255, 255, 255), dark: rgb(28, 28, 30)) }
    public class var tertiarySystemGroupedBackground: UIColor { light(rgb(242, 242, 247), dark: rgb(44, 44, 46)) }
    public class var systemFill: UIColor { light(rgb(120, 120, 128, 0.2), dark: rgb(120, 120, 128, 0.36)) }
    public class var secondarySystemFill: UIColor { light(rgb(120, 120, 128, 0.16), dark: rgb(120, 120, 128, 0.32)) }
    public class var tertiarySystemFill: UIColor { light(rgb(118, 118, 128, 0.12), dark: rgb(118, 118, 128, 0.24)) }
    public class var quaternarySystemFill: UIColor { light(rgb(116, 116, 128, 0.08), dark: rgb(118, 118, 128, 0.18)) }
    public class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    public class var darkText: UIColor { UIColor(white: 0, alpha: 1) }

    /// The system color an asset catalog's color refers to (`"reference": "systemBlueColor"`), by that name.
    static func system(named reference: String) -> UIColor? {
        let colors: [String: UIColor] = [
            "systemRedColor": .systemRed, "systemOrangeColor": .systemOrange, "systemYellowColor": .systemYellow,
            "systemGreenColor": .systemGreen, "systemMintColor": .systemMint, "systemTealColor": .systemTeal,
            "systemCyanColor": .systemCyan, "systemBlueColor": .systemBlue, "systemIndigoColor": .systemIndigo,
            "systemPurpleColor": .systemPurple, "systemPinkColor": .systemPink, "systemBrownColor": .systemBrown,
            "systemGrayColor": .systemGray, "systemGray2Color": .systemGray2, "systemGray3Color": .systemGray3,
            "systemGray4Color": .systemGray4, "systemGray5Color": .systemGray5, "systemGray6Color": .systemGray6,
            "labelColor": .label, "secondaryLabelColor": .secondaryLabel, "tertiaryLabelColor": .tertiaryLabel,
            "quaternaryLabelColor": .quaternaryLabel, "linkColor": .link, "placeholderTextColor": .placeholderText,
            "separatorColor": .separator, "opaqueSeparatorColor": .opaqueSeparator,
            "systemBackgroundColor": .systemBackground, "secondarySystemBackgroundColor": .secondarySystemBackground,
            "tertiarySystemBackgroundColor": .tertiarySystemBackground,
            "systemGroupedBackgroundColor": .systemGroupedBackground,
            "secondarySystemGroupedBackgroundColor": .secondarySystemGroupedBackground,
            "tertiarySystemGroupedBackgroundColor": .tertiarySystemGroupedBackground, "systemFillColor": .systemFill,
            "secondarySystemFillColor": .secondarySystemFill, "tertiarySystemFillColor": .tertiarySystemFill,
            "quaternarySystemFillColor": .quaternarySystemFill, "blackColor": .black, "whiteColor": .white,
            "grayColor": .gray, "clearColor": .clear, "redColor": .red, "greenColor": .green, "blueColor": .blue,
            "tintColor": .tintColor,
        ]
        return colors[reference]
    }
}
