import Foundation

/// The build settings of one of an Xcode project's targets, as its Release configuration (a shipped
/// extension's) resolves them, level over level as Xcode does: the target's own, over its configuration's
/// `.xcconfig` file (`baseConfigurationReference`, ``XcodeConfigFile``), over the project's configuration
/// of the same name, over that one's `.xcconfig`; a level's `$(inherited)` is the levels' below it.
///
/// ```swift
/// let settings = XcodeBuildSettings(objects: objects, targetList: "CL1", projectList: "CL0")
/// settings.words("SWIFT_ACTIVE_COMPILATION_CONDITIONS")  // ["APP_EXTENSION"]
/// ```
struct XcodeBuildSettings {
    /// The configuration read: Release when the target has one, else its first.
    let configurationName: String?
    /// Where settings come from, lowest first: the project's `.xcconfig`, the project's configuration, the
    /// target's `.xcconfig`, the target's configuration.
    private let levels: [[String: Any]]
    /// The `.xcconfig` files read, with the files they include: the project's first.
    let configFiles: [URL]
    /// What of the `.xcconfig` files named could not be read, each once: their settings are not applied.
    let configFileProblems: [XcodeConfigFile.Problem]

    /// Where a configuration's `.xcconfig` file is.
    enum ConfigFileReference: Hashable {
        /// A file reference's id (`baseConfigurationReference`).
        case file(String)
        /// A path in a synchronized folder, the folder by its id (Xcode 16's
        /// `baseConfigurationReferenceAnchor` and `baseConfigurationReferenceRelativePath`).
        case inFolder(anchor: String, path: String)

        /// The reference the configuration `object` makes; nil for none.
        init?(configuration object: [String: Any]) {
            if let id = object["baseConfigurationReference"] as? String {
                self = .file(id)
            } else if let anchor = object["baseConfigurationReferenceAnchor"] as? String,
                let path = object["baseConfigurationReferenceRelativePath"] as? String
            {
                self = .inFolder(anchor: anchor, path: path)
            } else {
                return nil
            }
        }
    }

    /// The settings of the target whose configuration list is `targetList`, over those of the project's
    /// configuration list `projectList`, in the project file's `objects`; `configFile` reads the
    /// `.xcconfig` file a configuration names for the configuration named.
    init(
        objects: [String: [String: Any]], targetList: String?, projectList: String?,
        configFile: (_ reference: ConfigFileReference, _ configuration: String) -> XcodeConfigFile = { _, _ in
            XcodeConfigFile()
        }
    ) {
        typealias Configuration = (name: String, settings: [String: Any], base: ConfigFileReference?)
        func configurations(_ list: String?) -> [Configuration] {
            let ids = list.flatMap { objects[$0]?["buildConfigurations"] as? [String] } ?? []
            return ids.compactMap { id in
                objects[id].map {
                    (
                        $0["name"] as? String ?? "", $0["buildSettings"] as? [String: Any] ?? [:],
                        ConfigFileReference(configuration: $0)
                    )
                }
            }
        }
        let own = configurations(targetList)
        let chosen = own.first { $0.name == "Release" } ?? own.first
        let name = chosen?.name ?? "Release"
        let project = configurations(projectList).first { $0.name == name }
        let files = [project?.base, chosen?.base].map { $0.map { configFile($0, name) } ?? XcodeConfigFile() }
        configurationName = chosen?.name
        levels = [files[0].settings, project?.settings ?? [:], files[1].settings, chosen?.settings ?? [:]]
        var seenFiles: Set<URL> = []
        configFiles = files.flatMap(\.files).filter { seenFiles.insert($0).inserted }
        var seenProblems: Set<XcodeConfigFile.Problem> = []
        configFileProblems = files.flatMap(\.problems).filter { seenProblems.insert($0).inserted }
    }

    /// The setting `key` as one string, the highest level's that sets it; nil when none does.
    func string(_ key: String) -> String? {
        levels.reversed().lazy.compactMap { Self.text($0[key]) }.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The setting `key` as a list of words (space-separated, or a list in the project file), with
    /// `$(inherited)` replaced by the words of the levels below; words naming another setting are left out.
    func words(_ key: String) -> [String] {
        resolvedWords(key).filter { !$0.contains("$") }
    }

    /// The words of `key` with `$(inherited)` replaced, level over level, words naming other settings kept
    /// (each flag then keeps its place beside its argument).
    private func resolvedWords(_ key: String) -> [String] {
        var words: [String] = []
        for level in levels {
            guard let value = level[key] else { continue }
            words = Self.words(value).flatMap { Self.isInherited($0) ? words : [$0] }
        }
        return words
    }

    /// The Swift compilation conditions the settings set, in order and once each: the words of
    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and each `-D NAME` (or `-DNAME`) of `OTHER_SWIFT_FLAGS`, not one
    /// that is another tool's (`-Xcc -DNAME`, for clang).
    var compilationConditions: [String] {
        // Paired before words naming other settings go: `-Xcc -fmodule-map-file=$(SRCROOT)/x` keeps its place.
        let conditions =
            words("SWIFT_ACTIVE_COMPILATION_CONDITIONS")
            + Self.conditions(inSwiftFlags: resolvedWords("OTHER_SWIFT_FLAGS"))
        var seen: Set<String> = []
        return conditions.filter { Self.isCondition($0) && seen.insert($0).inserted }
    }

    /// The compilation conditions Swift compiler `flags` set: each `-D NAME` or `-DNAME` that is a name `-D`
    /// takes, not one that is another tool's (`-Xcc -DNAME`, for clang; `-Xcc -D -Xcc NAME`).
    static func conditions(inSwiftFlags flags: [String]) -> [String] {
        var conditions: [String] = []
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            index += 1
            if ["-Xcc", "-Xfrontend", "-Xllvm", "-Xlinker", "-Xclang-linker"].contains(flag) {
                index += 1
            } else if flag == "-D" {
                if index < flags.count { conditions.append(flags[index]) }
                index += 1
            } else if flag.hasPrefix("-D") {
                conditions.append(String(flag.dropFirst(2)))
            }
        }
        return conditions.filter(isCondition)
    }

    /// Whether `word` is a name `-D` takes: a letter or `_`, then letters, digits and `_`.
    static func isCondition(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
            return false
        }
        return word.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }

    private static func isInherited(_ word: String) -> Bool { word == "$(inherited)" || word == "${inherited}" }

    /// Whether `value` is one build setting's reference, whole (`$(NAME)` or `${NAME}`): what Xcode puts in
    /// its place when it builds, unknown here.
    static func isReference(_ value: String) -> Bool {
        let opening = value.hasPrefix("$(") ? ")" : value.hasPrefix("${") ? "}" : nil
        guard let opening, value.hasSuffix(opening) else { return false }
        return isCondition(String(value.dropFirst(2).dropLast()))
    }

    private static func text(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let list = value as? [String] { return list.joined(separator: " ") }
        return nil
    }

    private static func words(_ value: Any?) -> [String] {
        if let list = value as? [String] { return list.flatMap(shellWords) }
        return (value as? String).map(shellWords) ?? []
    }

    /// `text` split into words as Xcode splits a setting, as a shell does: at unquoted white space, with
    /// `"..."` and `'...'` quoting (the quotes dropped), `\` escaping the next character outside quotes and,
    /// inside double quotes, only `$`, a backtick, `"` and `\` (CocoaPods writes `"$(inherited)" "-D"
    /// "COCOAPODS"`).
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        var escapedInDoubleQuotes = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
            } else if escapedInDoubleQuotes {
                if !"$`\"\\".contains(character) { word.append("\\") }
                word.append(character)
                escapedInDoubleQuotes = false
            } else if character == "\\", quote == nil {
                escaped = true
                inWord = true
            } else if character == "\\", quote == "\"" {
                escapedInDoubleQuotes = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if escapedInDoubleQuotes { word.append("\\") }
        if inWord { words.append(word) }
        return words
    }
}
