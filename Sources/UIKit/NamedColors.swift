import Foundation

/// `UIColor(named:)` over a bundle's asset catalogs (``AssetCatalogs``): a color set as an iPhone reads it.
/// Of its entries, an iPhone's (`"idiom": "iphone"`) before a universal one, a Display P3 gamut's before
/// one for any gamut before an sRGB one (an iPhone's screen is P3); each appearance's entry (`any`, `light`,
/// `dark`) is the color for traits of that appearance, an entry for high contrast passed over, as a phone
/// with the default contrast does. Each name is looked up once per bundle and process, as iOS caches a
/// catalog's colors; the color is a catalog color of that name, equal to every other lookup of it.
enum NamedColors {
    /// The color named `name` in `bundle`; nil when none of its catalogs holds a color set of that name with
    /// a color this reads.
    static func find(_ name: String, in bundle: Bundle) -> UIColor? {
        guard let resources = bundle.resourcePath else { return nil }
        return cache.value(for: Key(resources: resources, name: name)) {
            guard let set = AssetCatalogs.of(bundle)?.set(.color, named: name),
                let variants = variants(in: set)
            else { return nil }
            let (any, light, dark) = (variants.any, variants.light, variants.dark)
            return UIColor(
                value: .dynamic(
                    { traits -> UIColor in
                        // Every branch has a color: `variants` holds at least one.
                        switch traits.userInterfaceStyle {
                        case .dark: dark ?? any ?? light ?? .clear
                        case .light: light ?? any ?? dark ?? .clear
                        case .unspecified: any ?? light ?? dark ?? .clear
                        }
                    }, .catalog(bundle: resources, name: name)))
        }
    }

    private struct Key: Hashable, Sendable {
        var resources: String
        var name: String
    }

    private static let cache = OnceByKey<Key, UIColor?>()

    /// A set's colors for any appearance, light and dark; nil when it has none this reads.
    static func variants(in folder: URL) -> (any: UIColor?, light: UIColor?, dark: UIColor?)? {
        guard let entries = AssetCatalogs.contents(of: folder)?["colors"] as? [[String: Any]] else { return nil }
        var best: [String: (rank: Int, color: UIColor)] = [:]
        for entry in entries {
            guard let rank = rank(of: entry), let appearance = appearance(of: entry),
                let color = (entry["color"] as? [String: Any]).flatMap(Self.color(of:)),
                rank > best[appearance]?.rank ?? -1
            else { continue }
            best[appearance] = (rank, color)
        }
        guard !best.isEmpty else { return nil }
        return (best["any"]?.color, best["light"]?.color, best["dark"]?.color)
    }

    /// How well an entry fits an iPhone (higher is better); nil for another device's.
    private static func rank(of entry: [String: Any]) -> Int? {
        let idiom: Int
        switch entry["idiom"] as? String ?? "universal" {
        case "iphone": idiom = 2
        case "universal": idiom = 1
        default: return nil
        }
        let gamut: Int
        switch (entry["display-gamut"] as? String)?.lowercased() {
        case "display-p3": gamut = 2
        case nil: gamut = 1
        default: gamut = 0  // sRGB: taken only without a P3 or any-gamut entry
        }
        return idiom * 10 + gamut
    }

    /// The appearance an entry is for: `"any"`, `"light"` or `"dark"`; nil for high contrast.
    private static func appearance(of entry: [String: Any]) -> String? {
        guard let appearances = entry["appearances"] as? [[String: Any]] else { return "any" }
        var luminosity = "any"
        for appearance in appearances {
            switch appearance["appearance"] as? String {
            case "luminosity":
                switch appearance["value"] as? String {
                case "light": luminosity = "light"
                case "dark": luminosity = "dark"
                default: continue
                }
            case "contrast" where appearance["value"] as? String == "high": return nil
            default: continue
            }
        }
        return luminosity
    }

    /// The color of an entry's `"color"`: a color of UIKit's it refers to, or its components (`red`,
    /// `green`, `blue`, or `white` for a gray, and `alpha`).
    private static func color(of color: [String: Any]) -> UIColor? {
        if let reference = color["reference"] as? String { return UIColor.referenced(reference) }
        guard let components = color["components"] as? [String: Any] else { return nil }
        let alpha: CGFloat? = components["alpha"].map { fraction($0) } ?? 1
        if components["white"] != nil {
            guard let white = components["white"].flatMap(component), let alpha else { return nil }
            return UIColor(white: white, alpha: alpha)
        }
        guard let red = components["red"].flatMap(component), let green = components["green"].flatMap(component),
            let blue = components["blue"].flatMap(component), let alpha
        else { return nil }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A color component as Xcode writes it: a fraction (`"0.200"`, `"1.000"`), a hexadecimal byte
    /// (`"0x33"`), or a whole byte (`"51"`, from its 8-bit input); a number in the JSON as a fraction.
    /// Nil for anything else.
    static func component(_ value: Any) -> CGFloat? {
        if let number = value as? Double { return CGFloat(number) }
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { CGFloat($0) / 255 } }
        if text.contains(".") { return Double(text).map { CGFloat($0) } }
        return Int(text).flatMap { (0...255).contains($0) ? CGFloat($0) / 255 : nil }
    }

    /// Alpha as Xcode writes it: always a fraction (`"1.000"`, `"1"`, `"0.5"`), or a hexadecimal byte.
    static func fraction(_ value: Any) -> CGFloat? {
        if let number = value as? Double { return CGFloat(number) }
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { CGFloat($0) / 255 } }
        return Double(text).map { CGFloat($0) }
    }
}
