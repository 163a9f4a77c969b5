import Foundation
import UIKit

// UIFont and Core Text's font manager as shared code calls them, in a file that imports no Testing (see
// UIImageTests.swift), each giving plain values.

enum UIFontProbe {
    /// Registers the fonts of `path` for `scope`: whether it did, and the error's domain and code.
    static func register(_ path: String, persistent: Bool = false) -> (done: Bool, domain: String?, code: Int?) {
        var error: Unmanaged<CFError>?
        let done = CTFontManagerRegisterFontsForURL(
            URL(fileURLWithPath: path) as CFURL, persistent ? .persistent : .process, &error)
        let failure = error?.takeRetainedValue()
        return (done, failure.map { CFErrorGetDomain($0) as String }, failure.map(CFErrorGetCode))
    }

    static func unregister(_ path: String) -> (done: Bool, code: Int?) {
        var error: Unmanaged<CFError>?
        let done = CTFontManagerUnregisterFontsForURL(URL(fileURLWithPath: path) as CFURL, .process, &error)
        return (done, error?.takeRetainedValue().code)
    }

    /// The font named `name` at 20 points: its PostScript name, family and size; nil when there is none.
    static func font(named name: String) -> (name: String, family: String, size: Double)? {
        UIFont(name: name, size: 20).map { ($0.fontName, $0.familyName, Double($0.pointSize)) }
    }

    static func names(inFamily family: String) -> (names: [String], listed: Bool) {
        (UIFont.fontNames(forFamilyName: family), UIFont.familyNames.contains(family))
    }

    static var systemFonts: [String] {
        [
            UIFont.systemFont(ofSize: 17), UIFont.boldSystemFont(ofSize: 12),
            UIFont.preferredFont(forTextStyle: .headline),
            UIFont.preferredFont(forTextStyle: .caption2),
            UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 30), maximumPointSize: 24),
        ].map { "\($0.fontName) \($0.pointSize)" }
    }

    static var equalities: (sameNameAndSize: Bool, otherSize: Bool) {
        let font = UIFont.systemFont(ofSize: 12)
        return (font == UIFont.systemFont(ofSize: 12), font == font.withSize(13))
    }

    static var textSizes: (accessibility: Bool, ordered: Bool) {
        (
            UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory,
            UIContentSizeCategory.extraLarge > .large && !UIContentSizeCategory.large.isAccessibilityCategory
        )
    }
}
