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

    static func registerNoScope(_ path: String) -> (done: Bool, code: Int?) {
        var error: Unmanaged<CFError>?
        let done = CTFontManagerRegisterFontsForURL(URL(fileURLWithPath: path) as CFURL, .none, &error)
        return (done, error?.takeRetainedValue().code)
    }

    /// Registers several files at once: whether all were, each error's code, and whether each error names
    /// its URL.
    static func registerSeveral(_ paths: [String]) -> (done: Bool, codes: [Int], urlsNamed: Bool) {
        var errors: Unmanaged<CFArray>?
        let urls = paths.map { URL(fileURLWithPath: $0) as NSURL } as NSArray
        let done = CTFontManagerRegisterFontsForURLs(urls, .process, &errors)
        let failures = (errors?.takeRetainedValue() as? [NSError]) ?? []
        let named = failures.allSatisfy {
            ($0.userInfo[kCTFontManagerErrorFontURLsKey as String] as? NSArray)?.count == 1
        }
        return (done, failures.map(\.code), named)
    }

    /// Faces derived from descriptors: the system font's bold, italic, both and rounded; a registered family's
    /// bold at 20 points, and its regular face's descriptor at 24.
    static var derivedFaces: [String] {
        let body = UIFont.systemFont(ofSize: 17).fontDescriptor
        let faces = [
            body.withSymbolicTraits(.traitBold), body.withSymbolicTraits(.traitItalic),
            body.withSymbolicTraits([.traitBold, .traitItalic]), body.withDesign(.rounded),
        ].map { $0.map { UIFont(descriptor: $0, size: 0) } }
        let brand = UIFont(name: "Brand-Regular", size: 12)?.fontDescriptor
        let bold = brand?.withSymbolicTraits(.traitBold).map { UIFont(descriptor: $0, size: 20) }
        let bigger = brand.map { UIFont(descriptor: $0.withSize(24), size: 0) }
        return (faces + [bold, bigger]).map { $0.map { "\($0.fontName) \($0.pointSize)" } ?? "nil" }
    }

    static var systemFamilyAndDescription: (family: String, description: String) {
        let font = UIFont.preferredFont(forTextStyle: .headline)
        return (font.familyName, "\(font)")
    }

    static var attributeKeys: [String] {
        let text = NSAttributedString(
            string: "x", attributes: [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.red])
        return [NSAttributedString.Key.font, .foregroundColor, .link].map(\.rawValue)
            + (text.attribute(.font, at: 0, effectiveRange: nil) is UIFont ? [] : ["font lost"])
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

/// Core Text's descriptors and fonts as an icon font library reads them before registering its file
/// (home-assistant/iOS's HAIconic, `IconDrawable.register()`), each giving plain values.
enum CTFontProbe {
    /// HAIconic's registration, as it is written: the file's first descriptor, a font made from it, its
    /// PostScript name, then the registration (already registered is fine). The name, or why it stopped.
    static func registerAsHAIconic(_ url: URL) -> String {
        var error: Unmanaged<CFError>? = nil
        let descriptors = CTFontManagerCreateFontDescriptorsFromURL(url as CFURL) as NSArray?
        guard let descriptor = (descriptors as? [CTFontDescriptor])?.first else { return "no descriptors" }
        let font = CTFontCreateWithFontDescriptorAndOptions(descriptor, 0.0, nil, [.preventAutoActivation])
        let fontName = CTFontCopyPostScriptName(font) as String
        if CTFontManagerRegisterFontsForURL(url as CFURL, .process, &error) == false || error != nil {
            if let error = error?.takeUnretainedValue(), CFErrorGetDomain(error) == kCTFontManagerErrorDomain,
                CFErrorGetCode(error) == CTFontManagerError.alreadyRegistered.rawValue
            {
                return "\(fontName) already"
            }
            return "\(fontName) failed"
        }
        return fontName
    }

    /// Each descriptor of a file as a font of `size`: PostScript, full and family names and size.
    static func fonts(in url: URL, size: CGFloat) -> [String]? {
        guard let descriptors = CTFontManagerCreateFontDescriptorsFromURL(url as CFURL) as? [CTFontDescriptor] else {
            return nil
        }
        return descriptors.map { descriptor in
            let font = CTFontCreateWithFontDescriptor(descriptor, size, nil)
            return "\(CTFontCopyPostScriptName(font)) / \(CTFontCopyFullName(font)) / \(CTFontCopyFamilyName(font)) "
                + "\(CTFontGetSize(font))"
        }
    }

    /// A font made by name: a registered font's family, or the name itself; its size.
    static func named(_ name: String, size: CGFloat) -> String {
        let font = CTFontCreateWithName(name as CFString, size, nil)
        return "\(CTFontCopyFamilyName(font)) \(CTFontGetSize(font))"
    }
}
