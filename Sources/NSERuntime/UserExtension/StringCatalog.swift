import Foundation

/// An Xcode string catalog (`Localizable.xcstrings`, Xcode 15's default for localized text), compiled as
/// Xcode compiles it into the bundle: one `<language>.lproj/<table>.strings` a language, so that
/// `String(localized:)`, `NSLocalizedString` and `Bundle.localizedString` find its translations.
///
/// The source language's table holds every key: its own value where the catalog gives one, else the key
/// itself, as Xcode writes it. A string with plural or device variations is compiled to its `other`
/// variant (Xcode writes a `.stringsdict`, whose plural rules are not simulated here); one whose
/// language has no value is left out of that language's table, so lookups fall back as on iOS.
///
/// ```swift
/// let tables = try StringCatalog.tables(from: data)  // ["en": ["Action required": "Action required"], ...]
/// ```
enum StringCatalog {
    /// Why a catalog could not be read: Xcode would not build it either.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// Each language's table: key to value.
    static func tables(from data: Data) throws(Unreadable) -> [String: [String: String]] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Unreadable(description: "not JSON: \(error.localizedDescription)")
        }
        guard let catalog = root as? [String: Any], let strings = catalog["strings"] as? [String: Any] else {
            throw Unreadable(description: "no \"strings\" object, as a string catalog has")
        }
        guard let source = catalog["sourceLanguage"] as? String, !source.isEmpty else {
            throw Unreadable(description: "no \"sourceLanguage\"")
        }
        var tables: [String: [String: String]] = [source: [:]]
        for (key, entry) in strings {
            tables[source]![key] = key
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            for (language, localization) in localizations {
                guard let value = value(of: localization) else { continue }
                tables[language, default: [:]][key] = value
            }
        }
        return tables
    }

    /// A localization's value: its string unit's, or its plural (then device) variations' `other` one.
    private static func value(of localization: Any) -> String? {
        guard let localization = localization as? [String: Any] else { return nil }
        if let unit = localization["stringUnit"] as? [String: Any], let value = unit["value"] as? String {
            return value
        }
        guard let variations = localization["variations"] as? [String: Any] else { return nil }
        for kind in ["plural", "device"] {
            guard let cases = variations[kind] as? [String: Any] else { continue }
            if let other = cases["other"] { return value(of: other) }
        }
        return nil
    }

    /// The resources a catalog at `file` (in the bundle as `name.xcstrings`) compiles into:
    /// `<language>.lproj/<name>.strings`, XML property lists.
    static func resources(of file: URL) throws(UserExtensionError) -> [ExtensionMainBundle.Resource] {
        let name = file.deletingPathExtension().lastPathComponent
        do {
            let tables = try tables(from: try Data(contentsOf: file))
            return try tables.keys.sorted().map { language in
                ExtensionMainBundle.Resource(
                    bundlePath: "\(language).lproj/\(name).strings", file: file,
                    contents: try PropertyListSerialization.data(
                        fromPropertyList: tables[language]!, format: .xml, options: 0))
            }
        } catch let error as Unreadable {
            throw .unreadableStringCatalog(path: file.path, reason: error.description)
        } catch {
            throw .unreadableStringCatalog(path: file.path, reason: error.localizedDescription)
        }
    }
}
