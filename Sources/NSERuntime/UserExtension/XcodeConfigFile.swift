import Foundation

/// The build settings an `.xcconfig` file sets (an Xcode configuration's `baseConfigurationReference`), as
/// a build of its configuration for an iPhone reads them: CocoaPods' `Pods-App.release.xcconfig` sets
/// `OTHER_SWIFT_FLAGS = $(inherited) -D COCOAPODS`, and many projects keep their compilation conditions and
/// Info.plist there rather than in the project file.
///
/// Read as Xcode reads one: `KEY = value` a line (a `;` at its end dropped), `//` to the line's end a
/// comment, `#include "file"` and `#include? "file"` (relative to the including file's folder; `?`: a
/// missing file is no error) read in place, a later assignment over an earlier one, whose `$(inherited)`
/// is the earlier value. A setting conditioned on `[sdk=...]`, `[arch=...]` or `[config=...]` (`*`
/// matching any text) applies when an iPhone's Release build matches (`iphoneos`, `arm64`, the
/// configuration read), over the same setting unconditioned; one on any other condition does not apply.
///
/// ```swift
/// let file = XcodeConfigFile.read(URL(fileURLWithPath: "Config/Release.xcconfig"), configuration: "Release")
/// file.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"]  // "$(inherited) APP_EXTENSION"
/// ```
struct XcodeConfigFile: Sendable, Equatable {
    /// The settings, each as its last assignment that applies; `$(inherited)` where that assignment names
    /// the level below (the project's settings, for a target's file).
    var settings: [String: String] = [:]
    /// The files read: the file itself, then what it includes, in order.
    var files: [URL] = []
    /// Files that could not be read (the file itself, or one an `#include` names), each with why; their
    /// settings are not applied.
    var unreadable: [String] = []

    /// The platform a build reads the conditions against: an iPhone's.
    static let sdk = "iphoneos"
    /// An iPhone's architecture.
    static let architecture = "arm64"
    /// How deep includes may nest: deeper is taken for a file that includes itself.
    static let includeDepthLimit = 16

    /// The settings of `file` for the build configuration `configuration`.
    static func read(_ file: URL, configuration: String) -> XcodeConfigFile {
        var result = XcodeConfigFile()
        var conditioned: [String: String] = [:]
        result.include(file, configuration: configuration, optional: false, depth: 0, conditioned: &conditioned)
        // A setting conditioned to match an iPhone's build is more specific than one that is not.
        for (key, value) in conditioned {
            result.settings[key] = value.replacingInherited(with: result.settings[key])
        }
        return result
    }

    private mutating func include(
        _ file: URL, configuration: String, optional: Bool, depth: Int, conditioned: inout [String: String]
    ) {
        guard depth < Self.includeDepthLimit else {
            unreadable.append("\(file.path) (included more than \(Self.includeDepthLimit) deep: an include loop)")
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            if !(optional && !FileManager.default.fileExists(atPath: file.path)) {
                unreadable.append("\(file.path) (\(Self.reason(error, reading: file)))")
            }
            return
        }
        guard let text = String(bytes: data, encoding: .utf8) else {
            unreadable.append("\(file.path) (not UTF-8 text)")
            return
        }
        files.append(file.standardizedFileURL)
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let (path, isOptional) = Self.includedPath(trimmed) else { continue }
                let included =
                    path.hasPrefix("/")
                    ? URL(fileURLWithPath: path) : file.deletingLastPathComponent().appendingPathComponent(path)
                include(
                    included, configuration: configuration, optional: isOptional, depth: depth + 1,
                    conditioned: &conditioned)
                continue
            }
            guard let assignment = Self.assignment(trimmed) else { continue }
            var value = assignment.value.trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            if assignment.conditions.isEmpty {
                settings[assignment.key] = value.replacingInherited(with: settings[assignment.key])
            } else if assignment.conditions.allSatisfy({ Self.holds($0, configuration: configuration) }) {
                conditioned[assignment.key] = value.replacingInherited(with: conditioned[assignment.key])
            }
        }
    }

    /// The path of `#include "path"` or `#include? "path"`, and whether it was `?`; nil for another form
    /// (`<path>`, the developer folder's, which a project's own settings do not need).
    private static func includedPath(_ line: String) -> (String, Bool)? {
        var rest = line.dropFirst("#include".count)
        let isOptional = rest.first == "?"
        if isOptional { rest = rest.dropFirst() }
        let quoted = rest.trimmingCharacters(in: .whitespaces)
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else { return nil }
        return (String(quoted.dropFirst().dropLast()), isOptional)
    }

    /// `KEY[condition=value]... = value`, split; nil when the line is not one.
    private static func assignment(_ line: String) -> (key: String, conditions: [(String, String)], value: Substring)? {
        let key = line.prefix { $0 != "[" && $0 != "=" && !$0.isWhitespace }
        guard XcodeBuildSettings.isCondition(String(key)) else { return nil }
        var conditions: [(String, String)] = []
        var rest = line.dropFirst(key.count).drop(while: \.isWhitespace)
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let condition = rest[rest.index(after: rest.startIndex)..<close]
            // `[sdk=iphoneos*,arch=arm64]` is two conditions, as `[sdk=iphoneos*][arch=arm64]`.
            for part in condition.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { return nil }
                conditions.append((pair[0], pair[1]))
            }
            rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
        }
        guard rest.first == "=" else { return nil }
        return (String(key), conditions, rest.dropFirst())
    }

    /// Whether an iPhone's build of `configuration` meets `condition`.
    private static func holds(_ condition: (name: String, pattern: String), configuration: String) -> Bool {
        switch condition.name {
        case "sdk": return matches(sdk, condition.pattern)
        case "arch": return matches(architecture, condition.pattern)
        case "config": return matches(configuration, condition.pattern)
        default: return false
        }
    }

    /// Whether `text` matches `pattern`, where `*` stands for any text (none included).
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return text == pattern }
        guard text.hasPrefix(pieces[0]) else { return false }
        var rest = Substring(text.dropFirst(pieces[0].count))
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }

    /// Why `file` could not be read: `error` said so, in words of its own.
    private static func reason(_ error: any Error, reading file: URL) -> String {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if !manager.fileExists(atPath: file.path, isDirectory: &isFolder) { return "no such file" }
        if isFolder.boolValue { return "a folder, not a file" }
        if !manager.isReadableFile(atPath: file.path) { return "not readable" }
        return error.localizedDescription
    }
}

extension String {
    /// The value with each `$(inherited)` (or `${inherited}`) replaced by `earlier`, when there is one.
    fileprivate func replacingInherited(with earlier: String?) -> String {
        guard let earlier else { return self }
        return replacingOccurrences(of: "$(inherited)", with: earlier).replacingOccurrences(
            of: "${inherited}", with: earlier)
    }
}
