import Foundation

/// An Xcode string catalog (`Localizable.xcstrings`, Xcode 15's default for localized text), compiled as
/// Xcode compiles it into the bundle: one `<language>.lproj/<table>.strings` a language, so that
/// `String(localized:)`, `NSLocalizedString` and `Bundle.localizedString` find its translations.
///
/// The source language's table holds every key: its own value where the catalog gives one, else the key
/// itself, as Xcode writes it. A string with plural variations is compiled to its `other` form, one with
/// device variations to its `iphone` one, and a `%#@name@` substitution to its `other` form (Xcode writes
/// a `.stringsdict`, whose plural rules are not simulated here); one whose language has no value is left
/// out of that language's table, so lookups fall back as on iOS.
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

    /// A localization's value: its string unit's, or its plural variations' `other` one, or its device
    /// variations' `iphone` one (else `other`), with each `%#@name@` substitution written out as its own
    /// `other` form (`%arg` as the argument's specifier). nil when it has none, names a substitution the
    /// localization does not give, or one whose form drops its argument while a later specifier takes the
    /// next one: the key, a valid format, is then the text.
    private static func value(of localization: Any) -> String? {
        guard let localization = localization as? [String: Any], var text = variant(of: localization) else {
            return nil
        }
        let substitutions = localization["substitutions"] as? [String: Any] ?? [:]
        // Written left to right into a new text, so a form naming a substitution is not read again.
        var written = ""
        var rest = Substring(text)
        var droppedAnArgument = false
        while let start = rest.range(of: "%#@"), let end = rest.range(of: "@", range: start.upperBound..<rest.endIndex)
        {
            let name = String(rest[start.upperBound..<end.lowerBound])
            guard let substitution = substitutions[name] as? [String: Any], let form = variant(of: substitution) else {
                return nil
            }
            let specifier = substitution["formatSpecifier"] as? String ?? "@"
            let argument = (substitution["argNum"] as? Int).map { "%\($0)$\(specifier)" } ?? "%\(specifier)"
            droppedAnArgument = droppedAnArgument || !form.contains("%arg")
            written += rest[..<start.lowerBound] + form.replacingOccurrences(of: "%arg", with: argument)
            rest = rest[end.upperBound...]
        }
        text = written + rest
        // A substitution left unwritten (a form naming one) is no format Foundation reads; and where a form
        // drops its argument ("Delete these items?"), a later specifier that is not positional would read
        // the wrong argument: the key, a valid format, is then the text.
        guard !text.contains("%#@"), !(droppedAnArgument && Self.hasSequentialSpecifier(text)) else { return nil }
        return text
    }

    /// Whether `format` has a specifier that takes the next argument (`%@`, `%lld`), not a positional one
    /// (`%2$@`) or a literal `%%`.
    private static func hasSequentialSpecifier(_ format: String) -> Bool {
        var characters = Substring(format)
        while let percent = characters.firstIndex(of: "%") {
            let after = characters[characters.index(after: percent)...]
            if after.first == "%" {
                characters = after.dropFirst()
                continue
            }
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if digits.isEmpty || after.dropFirst(digits.count).first != "$" { return true }
            characters = after.dropFirst(digits.count + 1)
        }
        return false
    }

    /// The text of a localization or substitution: its string unit's value, or its variations' form for an
    /// iPhone (plural `other`; device `iphone`, else `other`).
    private static func variant(of entry: [String: Any]) -> String? {
        if let unit = entry["stringUnit"] as? [String: Any], let value = unit["value"] as? String { return value }
        guard let variations = entry["variations"] as? [String: Any] else { return nil }
        if let plural = variations["plural"] as? [String: Any], let other = plural["other"] as? [String: Any] {
            return variant(of: other)
        }
        if let device = variations["device"] as? [String: Any],
            let form = (device["iphone"] ?? device["other"]) as? [String: Any]
        {
            return variant(of: form)
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
