import Foundation

/// `UIColor(named:)` over a bundle's asset catalogs (``AssetCatalogs``): a color set's iPhone or universal
/// color for any appearance, and its dark one where the set has it (`"appearances": [{"appearance":
/// "luminosity", "value": "dark"}]`), as a dynamic color. Each name is looked up once per bundle and
/// process, as iOS caches a catalog's colors.
enum NamedColors {
    /// The color named `name` in `bundle`; nil when none of its catalogs holds a color set of that name with
    /// a color this reads.
    static func find(_ name: String, in bundle: Bundle) -> UIColor? {
        guard let resources = bundle.resourcePath else { return nil }
        return cache.value(for: Key(resources: resources, name: name)) {
            guard let set = AssetCatalogs.of(bundle)?.set(.color, named: name) else { return nil }
            return color(in: set)
        }
    }

    private struct Key: Hashable, Sendable {
        var resources: String
        var name: String
    }

    private static let cache = OnceByKey<Key, UIColor?>()

    /// The set's color: dynamic when it has a dark appearance besides the one for any.
    static func color(in folder: URL) -> UIColor? {
        guard let entries = AssetCatalogs.contents(of: folder)?["colors"] as? [[String: Any]] else { return nil }
        var any: UIColor?
        var light: UIColor?
        var dark: UIColor?
        for entry in entries where AssetCatalogs.isForPhone(entry) {
            guard let color = (entry["color"] as? [String: Any]).flatMap(Self.color(of:)) else { continue }
            switch luminosity(of: entry) {
            case nil: any = any ?? color
            case "light": light = light ?? color
            case "dark": dark = dark ?? color
            default: continue  // another appearance (high contrast alone) is not the phone's
            }
        }
        guard let base = light ?? any else { return dark }
        guard let dark else { return base }
        return UIColor { $0.userInterfaceStyle == .dark ? dark : base }
    }

    /// The luminosity an entry is for (`"light"`, `"dark"`), nil for any; an entry for high contrast is
    /// marked `"contrast"`, as a phone with the default contrast does not take it.
    private static func luminosity(of entry: [String: Any]) -> String? {
        guard let appearances = entry["appearances"] as? [[String: Any]] else { return nil }
        var luminosity: String?
        for appearance in appearances {
            switch appearance["appearance"] as? String {
            case "luminosity": luminosity = appearance["value"] as? String
            case "contrast" where appearance["value"] as? String == "high": return "contrast"
            default: continue
            }
        }
        return luminosity
    }

    /// The color of an entry's `"color"`: a system color it refers to, or its components (`red`, `green`,
    /// `blue`, or `white`, and `alpha`).
    private static func color(of color: [String: Any]) -> UIColor? {
        if let reference = color["reference"] as? String { return UIColor.system(named: reference) }
        guard let components = color["components"] as? [String: Any] else { return nil }
        let alpha: CGFloat? = components["alpha"] == nil ? 1 : components["alpha"].flatMap(component)
        if components["white"] != nil {
            guard let white = components["white"].flatMap(component), let alpha else { return nil }
            return UIColor(white: white, alpha: alpha)
        }
        guard let red = components["red"].flatMap(component), let green = components["green"].flatMap(component),
            let blue = components["blue"].flatMap(component), let alpha
        else { return nil }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A component as Xcode writes it: a fraction (`"0.200"`, `"1.000"`), a hexadecimal byte (`"0x33"`) or a
    /// whole byte (`"51"`); a number in the JSON as a fraction. Nil for anything else.
    static func component(_ value: Any) -> CGFloat? {
        if let number = value as? Double { return CGFloat(number) }
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased().hasPrefix("0x") {
            return UInt8(text.dropFirst(2), radix: 16).map { CGFloat($0) / 255 }
        }
        if text.contains(".") { return Double(text).map { CGFloat($0) } }
        return Int(text).flatMap { (0...255).contains($0) ? CGFloat($0) / 255 : nil }
    }
}
