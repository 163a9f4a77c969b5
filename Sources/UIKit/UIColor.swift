public import Foundation

/// A color, as UIKit's: red, green, blue and alpha (extended sRGB, keeping values given outside 0...1), a gray
/// (white and alpha), or dynamic, resolved for a trait collection's appearance. Code shared with an
/// extension uses it for asset catalog colors (SwiftGen's `ColorAsset`, `UIColor(named:in:compatibleWith:)`);
/// nothing is drawn, so a color only needs to be the value iOS gives.
///
/// The initializers iOS imports as designated are designated here, so a subclass can override or call them,
/// and `init?(coder:)` is required, as on iOS. Two colors are equal as iOS compares them: fixed colors by
/// color space (gray or RGB) and components, a system color by its name, a catalog color by its bundle and
/// name, any other dynamic color only with itself.
///
/// A named color is read from its bundle's asset catalogs as they are (``NamedColors``). Display P3
/// components are kept as given, not converted to sRGB. Its ``cgColor`` is Core Graphics' value of it, which a
/// layer keeps (nothing draws here). Not there: UIKit's text attributes.
///
/// `@unchecked Sendable`: its one stored property is a `let`; a dynamic color's provider is called on the
/// thread that resolves it, as on iOS.
open class UIColor: NSObject, @unchecked Sendable {
    /// The color spaces of a fixed color.
    enum Space: Hashable {
        case gray
        case rgb
        case displayP3
    }

    /// What a dynamic color is, for equality and its description.
    enum Kind: Hashable {
        /// Made with `init(dynamicProvider:)`: equal only to itself.
        case provider
        /// A system color (`label`, `systemBlue`), by name.
        case system(String)
        /// An asset catalog's color, by bundle folder and name.
        case catalog(bundle: String, name: String)
    }

    enum Value {
        case fixed(Space, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
        case dynamic((UITraitCollection) -> UIColor, Kind)
    }

    let value: Value

    /// A color of these components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        value = .fixed(.rgb, red: red, green: green, blue: blue, alpha: alpha)
        super.init()
    }

    /// A gray of this brightness.
    public init(white: CGFloat, alpha: CGFloat) {
        value = .fixed(.gray, red: white, green: white, blue: white, alpha: alpha)
        super.init()
    }

    /// A color of these hue, saturation and brightness (each 0...1; a hue outside wraps around).
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (red, green, blue) = Self.rgb(hue: hue, saturation: saturation, brightness: brightness)
        value = .fixed(.rgb, red: red, green: green, blue: blue, alpha: alpha)
        super.init()
    }

    /// A Display P3 color, its components kept as given (not converted to sRGB).
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        value = .fixed(.displayP3, red: red, green: green, blue: blue, alpha: alpha)
        super.init()
    }

    /// A color that `provider` resolves for each trait collection.
    public init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        value = .dynamic(provider, .provider)
        super.init()
    }

    /// A system color, light and dark.
    init(systemNamed name: String, light: UIColor, dark: UIColor) {
        value = .dynamic({ $0.userInterfaceStyle == .dark ? dark : light }, .system(name))
        super.init()
    }

    /// A color of `value`.
    init(value: Value) {
        self.value = value
        super.init()
    }

    /// Decoding a color is not simulated: nil.
    public required init?(coder: NSCoder) { return nil }

    /// The color named `name` in the main bundle's asset catalogs; nil when there is none. In the
    /// extension's worker processes the main bundle holds its target folder's resources; inside nse-bench
    /// (`--extension-processes 0`) it is nse-bench's, which has none.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The color named `name` in `bundle`'s asset catalogs (the main bundle's when nil), resolved for
    /// `traitCollection` when one is given; nil when there is none.
    public convenience init?(
        named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
    ) {
        guard let named = NamedColors.find(name, in: bundle ?? .main) else { return nil }
        self.init(value: (traitCollection.map(named.resolvedColor(with:)) ?? named).value)
    }

    /// The color for `traitCollection`: a dynamic color's choice for it, a fixed color itself.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch value {
        case .fixed: return self
        case .dynamic(let provider, _): return provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    /// The color with `alpha` (a dynamic color stays dynamic).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch value {
        case .fixed(let space, let red, let green, let blue, _):
            return UIColor(value: .fixed(space, red: red, green: green, blue: blue, alpha: alpha))
        case .dynamic(let provider, _):
            return UIColor { provider($0).withAlphaComponent(alpha) }
        }
    }

    /// The color space and components, as resolved for the thread's current traits.
    private var resolved: (space: Space, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        guard case .fixed(let space, let red, let green, let blue, let alpha) = resolvedColor(with: .current).value
        else { return (.rgb, 0, 0, 0, 0) }  // resolvedColor never gives a dynamic color
        return (space, red, green, blue, alpha)
    }

    /// Writes the red, green, blue and alpha components (resolved for the current traits); true.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let color = resolved
        red?.pointee = color.red
        green?.pointee = color.green
        blue?.pointee = color.blue
        alpha?.pointee = color.alpha
        return true
    }

    /// Writes the brightness and alpha of a gray; false (nothing written) for an RGB color, as iOS.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let color = resolved
        guard color.space == .gray else { return false }
        white?.pointee = color.red
        alpha?.pointee = color.alpha
        return true
    }

    /// Writes the hue, saturation, brightness and alpha; true.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let (_, red, green, blue, opacity) = resolved
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

    /// Sets the current context's fill color: nothing is drawn here, so it sets nothing.
    open func setFill() {}
    /// Sets the current context's stroke color: nothing is drawn here, so it sets nothing.
    open func setStroke() {}
    /// Sets the current context's fill and stroke colors: nothing is drawn here, so it sets nothing.
    open func set() {}

    /// Red, green and blue for a hue (wrapping around), saturation and brightness; black for a hue that is
    /// not a number.
    private static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        guard hue.isFinite else { return (0, 0, 0) }
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

    /// Equal as iOS compares colors: fixed ones by color space and components, system colors by name,
    /// catalog colors by bundle and name, other dynamic colors only with themselves.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        switch (value, other.value) {
        case (
            .fixed(let space, let red, let green, let blue, let alpha),
            .fixed(let otherSpace, let r, let g, let b, let a)
        ):
            return space == otherSpace && red == r && green == g && blue == b && alpha == a
        case (.dynamic(_, let kind), .dynamic(_, let otherKind)):
            return kind == .provider ? self === other : kind == otherKind
        default:
            return false
        }
    }

    open override var hash: Int {
        var hasher = Hasher()
        switch value {
        case .fixed(let space, let red, let green, let blue, let alpha):
            hasher.combine(space)
            for component in [red, green, blue, alpha] { hasher.combine(component) }
        case .dynamic(_, let kind):
            if kind == .provider { hasher.combine(ObjectIdentifier(self)) } else { hasher.combine(kind) }
        }
        return hasher.finalize()
    }

    /// As iOS describes a color: `UIExtendedSRGBColorSpace 1 0 0 1`, `UIExtendedGrayColorSpace 0.5 1`, and for
    /// a dynamic color its class and name (`<UIDynamicSystemColor: 0x…; name = labelColor>`).
    open override var description: String {
        func number(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }
        let address = "0x" + String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16)
        switch value {
        case .fixed(.gray, let white, _, _, let alpha):
            return "UIExtendedGrayColorSpace \(number(white)) \(number(alpha))"
        case .fixed(.rgb, let red, let green, let blue, let alpha):
            return "UIExtendedSRGBColorSpace " + [red, green, blue, alpha].map(number).joined(separator: " ")
        case .fixed(.displayP3, let red, let green, let blue, let alpha):
            return "UIDisplayP3ColorSpace " + [red, green, blue, alpha].map(number).joined(separator: " ")
        case .dynamic(_, .system(let name)):
            return "<UIDynamicSystemColor: \(address); name = \(name.hasSuffix("Color") ? name : name + "Color")>"
        case .dynamic(_, .catalog(_, let name)):
            return "<UIDynamicCatalogColor: \(address); name = \(name)>"
        case .dynamic(_, .provider):
            return "<UIDynamicProviderColor: \(address)>"
        }
    }
}
