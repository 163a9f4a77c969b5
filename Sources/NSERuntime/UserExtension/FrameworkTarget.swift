import Foundation

/// A framework or static library target of an Xcode project: a module of the app's own, which an extension
/// target links and imports (`import Shared`), compiled from the target's Swift files
/// (``ProjectModules``).
struct FrameworkTarget: Sendable, Hashable {
    /// The module it makes, as an `import` names it.
    var moduleName: String
    /// The target's name.
    var targetName: String
    /// Its Swift files, absolute, standardized.
    var swiftFiles: [URL]

    /// The product types of targets that make a module: frameworks and static libraries.
    static let productTypes: Set<String> = [
        "com.apple.product-type.framework", "com.apple.product-type.framework.static",
        "com.apple.product-type.library.static",
    ]

    /// The module name a target's `settings` give it, as Xcode derives it: `PRODUCT_MODULE_NAME`, else
    /// `PRODUCT_NAME`, else the target's name, `$(TARGET_NAME)` (with or without `:c99extidentifier`) read as
    /// the target's name and `$(PRODUCT_NAME)` as the product's; each character other than a letter, a digit
    /// or `_` made `_`, and `_` put before a leading digit. A value naming any other setting is passed over.
    static func moduleName(_ settings: XcodeBuildSettings, target: String) -> String {
        func resolved(_ value: String?, productName: String?) -> String? {
            guard var value else { return nil }
            for (setting, text) in [("TARGET_NAME", target), ("PRODUCT_NAME", productName ?? target)] {
                for form in [
                    "$(\(setting))", "${\(setting)}", "$(\(setting):c99extidentifier)",
                    "${\(setting):c99extidentifier}",
                ] {
                    value = value.replacingOccurrences(of: form, with: text)
                }
            }
            return value.contains("$") || value.isEmpty ? nil : value
        }
        let product = resolved(settings.string("PRODUCT_NAME"), productName: nil)
        let name = resolved(settings.string("PRODUCT_MODULE_NAME"), productName: product) ?? product ?? target
        let text = String(
            name.unicodeScalars.map {
                CharacterSet.alphanumerics.contains($0) || $0 == "_" ? Character($0) : "_"
            })
        guard let first = text.unicodeScalars.first else { return "_" }
        return CharacterSet.decimalDigits.contains(first) ? "_" + text : text
    }
}
