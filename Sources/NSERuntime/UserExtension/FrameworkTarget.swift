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
    /// `PRODUCT_NAME`, else the target's name (a setting naming another, `$(TARGET_NAME)`, is the target's
    /// name), each character other than a letter, a digit or `_` made `_`, and `_` put before a leading
    /// digit.
    static func moduleName(_ settings: XcodeBuildSettings, target: String) -> String {
        let named = [settings.string("PRODUCT_MODULE_NAME"), settings.string("PRODUCT_NAME")].lazy.compactMap { $0 }
            .first { !$0.contains("$") }
        let name = (named ?? target).unicodeScalars.map {
            ($0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_")) ? Character($0) : "_"
        }
        let text = String(name)
        guard let first = text.unicodeScalars.first else { return "_" }
        return CharacterSet.decimalDigits.contains(first) ? "_" + text : text
    }
}
