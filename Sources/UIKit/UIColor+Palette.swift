import Foundation

// UIKit's named colors. The system and semantic colors are dynamic, light and dark, with the values iOS 13
// to 18 give (iOS 26 adjusted some hues; its values are not known here); each is one color of its name, so
// `UIColor.label == UIColor.label`, as on iOS. An asset catalog's color that refers to one by its name
// (`"reference": "systemBlueColor"`) is that color.

extension UIColor {
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    public class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    public class var darkText: UIColor { UIColor(white: 0, alpha: 1) }
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }

    public class var systemRed: UIColor { system("systemRed") }
    public class var systemOrange: UIColor { system("systemOrange") }
    public class var systemYellow: UIColor { system("systemYellow") }
    public class var systemGreen: UIColor { system("systemGreen") }
    public class var systemMint: UIColor { system("systemMint") }
    public class var systemTeal: UIColor { system("systemTeal") }
    public class var systemCyan: UIColor { system("systemCyan") }
    public class var systemBlue: UIColor { system("systemBlue") }
    public class var systemIndigo: UIColor { system("systemIndigo") }
    public class var systemPurple: UIColor { system("systemPurple") }
    public class var systemPink: UIColor { system("systemPink") }
    public class var systemBrown: UIColor { system("systemBrown") }
    public class var systemGray: UIColor { system("systemGray") }
    public class var systemGray2: UIColor { system("systemGray2") }
    public class var systemGray3: UIColor { system("systemGray3") }
    public class var systemGray4: UIColor { system("systemGray4") }
    public class var systemGray5: UIColor { system("systemGray5") }
    public class var systemGray6: UIColor { system("systemGray6") }
    public class var label: UIColor { system("label") }
    public class var secondaryLabel: UIColor { system("secondaryLabel") }
    public class var tertiaryLabel: UIColor { system("tertiaryLabel") }
    public class var quaternaryLabel: UIColor { system("quaternaryLabel") }
    public class var link: UIColor { system("link") }
    public class var placeholderText: UIColor { system("placeholderText") }
    public class var separator: UIColor { system("separator") }
    public class var opaqueSeparator: UIColor { system("opaqueSeparator") }
    public class var systemBackground: UIColor { system("systemBackground") }
    public class var secondarySystemBackground: UIColor { system("secondarySystemBackground") }
    public class var tertiarySystemBackground: UIColor { system("tertiarySystemBackground") }
    public class var systemGroupedBackground: UIColor { system("systemGroupedBackground") }
    public class var secondarySystemGroupedBackground: UIColor { system("secondarySystemGroupedBackground") }
    public class var tertiarySystemGroupedBackground: UIColor { system("tertiarySystemGroupedBackground") }
    public class var systemFill: UIColor { system("systemFill") }
    public class var secondarySystemFill: UIColor { system("secondarySystemFill") }
    public class var tertiarySystemFill: UIColor { system("tertiarySystemFill") }
    public class var quaternarySystemFill: UIColor { system("quaternarySystemFill") }
    public class var tintColor: UIColor { system("tintColor") }

    /// The dynamic system color of this name.
    private static func system(_ name: String) -> UIColor {
        systemColors[name] ?? UIColor(white: 0, alpha: 0)  // every name asked for is in the table
    }

    /// Each system color, made once.
    private static let systemColors: [String: UIColor] = {
        func rgb(_ red: Int, _ green: Int, _ blue: Int, _ alpha: CGFloat) -> UIColor {
            UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
        }
        let values: [(String, UIColor, UIColor)] = [
            ("systemRed", rgb(255, 59, 48, 1), rgb(255, 69, 58, 1)),
            ("systemOrange", rgb(255, 149, 0, 1), rgb(255, 159, 10, 1)),
            ("systemYellow", rgb(255, 204, 0, 1), rgb(255, 214, 10, 1)),
            ("systemGreen", rgb(52, 199, 89, 1), rgb(48, 209, 88, 1)),
            ("systemMint", rgb(0, 199, 190, 1), rgb(99, 230, 226, 1)),
            ("systemTeal", rgb(48, 176, 199, 1), rgb(64, 200, 224, 1)),
            ("systemCyan", rgb(50, 173, 230, 1), rgb(100, 210, 255, 1)),
            ("systemBlue", rgb(0, 122, 255, 1), rgb(10, 132, 255, 1)),
            ("systemIndigo", rgb(88, 86, 214, 1), rgb(94, 92, 230, 1)),
            ("systemPurple", rgb(175, 82, 222, 1), rgb(191, 90, 242, 1)),
            ("systemPink", rgb(255, 45, 85, 1), rgb(255, 55, 95, 1)),
            ("systemBrown", rgb(162, 132, 94, 1), rgb(172, 142, 104, 1)),
            ("systemGray", rgb(142, 142, 147, 1), rgb(142, 142, 147, 1)),
            ("systemGray2", rgb(174, 174, 178, 1), rgb(99, 99, 102, 1)),
            ("systemGray3", rgb(199, 199, 204, 1), rgb(72, 72, 74, 1)),
            ("systemGray4", rgb(209, 209, 214, 1), rgb(58, 58, 60, 1)),
            ("systemGray5", rgb(229, 229, 234, 1), rgb(44, 44, 46, 1)),
            ("systemGray6", rgb(242, 242, 247, 1), rgb(28, 28, 30, 1)),
            ("label", rgb(0, 0, 0, 1), rgb(255, 255, 255, 1)),
            ("secondaryLabel", rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
            ("tertiaryLabel", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
            ("quaternaryLabel", rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16)),
            ("link", rgb(0, 122, 255, 1), rgb(9, 132, 255, 1)),
            ("placeholderText", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
            ("separator", rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
            ("opaqueSeparator", rgb(198, 198, 200, 1), rgb(56, 56, 58, 1)),
            ("systemBackground", rgb(255, 255, 255, 1), rgb(0, 0, 0, 1)),
            ("secondarySystemBackground", rgb(242, 242, 247, 1), rgb(28, 28, 30, 1)),
            ("tertiarySystemBackground", rgb(255, 255, 255, 1), rgb(44, 44, 46, 1)),
            ("systemGroupedBackground", rgb(242, 242, 247, 1), rgb(0, 0, 0, 1)),
            ("secondarySystemGroupedBackground", rgb(255, 255, 255, 1), rgb(28, 28, 30, 1)),
            ("tertiarySystemGroupedBackground", rgb(242, 242, 247, 1), rgb(44, 44, 46, 1)),
            ("systemFill", rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
            ("secondarySystemFill", rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)),
            ("tertiarySystemFill", rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)),
            ("quaternarySystemFill", rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18)),
            ("tintColor", rgb(0, 122, 255, 1), rgb(10, 132, 255, 1)),
        ]
        return Dictionary(
            uniqueKeysWithValues: values.map { ($0.0, UIColor(systemNamed: $0.0, light: $0.1, dark: $0.2)) })
    }()

    /// The color an asset catalog refers to by name (`"systemBlueColor"`, `"labelColor"`, `"blackColor"`):
    /// each of UIKit's named colors with `Color` after its name; nil for another name.
    static func referenced(_ reference: String) -> UIColor? {
        guard reference.hasSuffix("Color") else { return nil }
        let name = String(reference.dropLast("Color".count))
        if let system = systemColors[name] { return system }
        if name == "tint" { return systemColors["tintColor"] }
        let fixed: [String: UIColor] = [
            "black": .black, "darkGray": .darkGray, "lightGray": .lightGray, "white": .white, "gray": .gray,
            "clear": .clear, "lightText": .lightText, "darkText": .darkText, "red": .red, "green": .green,
            "blue": .blue, "cyan": .cyan, "yellow": .yellow, "magenta": .magenta, "orange": .orange, "purple": .purple,
            "brown": .brown,
        ]
        return fixed[name]
    }
}
