import Foundation

/// The build settings an `.xcconfig` file sets (an Xcode configuration's `baseConfigurationReference`), as
/// a build of its configuration for an iPhone reads them: CocoaPods' `Pods-App.release.xcconfig` sets
/// `OTHER_SWIFT_FLAGS = $(inherited) -D COCOAPODS`, and many projects keep their compilation conditions and
/// Info.plist there rather than in the project file.
///
/// Read as Xcode's build system (swift-build's `MacroConfigFileParser`) reads one: `KEY = value` a line (a
/// `;` at its end dropped, a `\` at its end joining the next line), `//` to the line's end a comment (in a
/// URL too, as in Xcode), `#include "file"` and `#include? "file"` (a missing optional file is no error)
/// read in place: looked for beside the including file, then in the project's folder, with `.xcconfig`
/// added to a name without an extension; a file already being read is not read again (an include loop,
/// named). Assignments apply in the order read, each over the one before and its `$(inherited)` that one;
/// a conditioned one (`KEY[sdk=iphoneos*][config=Release] = ...`, `*` matching any text) applies where it
/// stands when an iPhone's build of the configuration meets every condition (SDK ``sdk``, architecture
/// `arm64`; another condition only when its pattern is `*`), and is passed over otherwise.
///
/// ```swift
/// let file = XcodeConfigFile.read(URL(fileURLWithPath: "Config/Release.xcconfig"), configuration: "Release")
/// file.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"]  // "$(inherited) APP_EXTENSION"
/// ```
struct XcodeConfigFile: Sendable, Equatable {
    /// The settings, each as its last assignment that applies; `$(inherited)` where that assignment names
    /// the level below (the project's settings, for a target's file).
    var settings: [String: String] = [:]
    /// The files read: the file itself, then what it includes, in order, each once.
    var files: [URL] = []
    /// What could not be read, each once: its settings are not applied.
    var problems: [Problem] = []

    /// A file, or an include, that was not read.
    enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// No file at the path (standardized).
        case missing(String)
        /// A folder at the path.
        case folder(String)
        /// A file that could not be read, with the system's reason.
        case unreadable(String, reason: String)
        /// A file that includes itself, directly or through others: read once.
        case includeLoop(String)
        /// An include of a form a project's own file does not use (`<...>`, the developer folder's), as
        /// written, with the file holding it.
        case unsupportedInclude(String, in: String)
        /// A reference in the project file naming no file on disk here (in the SDK, a built product).
        case notOnDisk(String)

        var description: String {
            switch self {
            case .missing(let path): "\(path) (no such file)"
            case .folder(let path): "\(path) (a folder, not a file)"
            case .unreadable(let path, let reason): "\(path) (\(reason))"
            case .includeLoop(let path): "\(path) (includes itself: read once)"
            case .unsupportedInclude(let include, let file):
                "\(include), included by \(file) (not a file of the project's)"
            case .notOnDisk(let name): "\(name) (not a file in the project's folders)"
            }
        }

        /// The line a run prints for it.
        var note: String {
            if case .includeLoop(let path) = self {
                return "build settings file \(path) includes itself: its settings are read once"
            }
            return "not read: the build settings file \(description); the settings it sets (compilation conditions, "
                + "Info.plist) are not applied"
        }
    }

    /// The platform conditions are read against: an iPhone's SDK, as Xcode 26 names it.
    static let sdk = "iphoneos26.0"
    /// An iPhone's architecture.
    static let architecture = "arm64"
    /// How deep includes may nest, beside the loop check: swift-build's limit.
    static let includeDepthLimit = 16

    /// The settings of `file` for the build configuration `configuration`; includes not found beside the
    /// including file are looked for in `projectFolder`.
    static func read(_ file: URL, configuration: String, projectFolder: URL? = nil) -> XcodeConfigFile {
        var result = XcodeConfigFile()
        var reading: [String] = []
        result.include(
            file.standardizedFileURL, configuration: configuration, projectFolder: projectFolder, optional: false,
            reading: &reading)
        var seenFiles: Set<String> = []
        result.files = result.files.filter { seenFiles.insert($0.path).inserted }
        var seenProblems: Set<Problem> = []
        result.problems = result.problems.filter { seenProblems.insert($0).inserted }
        return result
    }

    private mutating func include(
        _ file: URL, configuration: String, projectFolder: URL?, optional: Bool, reading: inout [String]
    ) {
        let identity = file.resolvingSymlinksInPath().path
        guard !reading.contains(identity) else { return problems.append(.includeLoop(file.path)) }
        guard reading.count < Self.includeDepthLimit else { return problems.append(.includeLoop(file.path)) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            let problem = Self.problem(reading: file, error)
            if !(optional && problem == .missing(file.path)) { problems.append(problem) }
            return
        }
        reading.append(identity)
        defer { reading.removeLast() }
        files.append(file)
        // Lenient, as Xcode reads one: the syntax is ASCII, a Latin-1 comment does not lose the settings.
        for line in Self.logicalLines(String(decoding: data, as: UTF8.self)) {
            let trimmed = line.drop(while: \.isWhitespace)
            if trimmed.first == "#" {
                guard let directive = Self.include(in: trimmed.dropFirst()) else { continue }
                guard let path = directive.path else {
                    problems.append(.unsupportedInclude(directive.written, in: file.path))
                    continue
                }
                include(
                    Self.locate(path, from: file, projectFolder: projectFolder), configuration: configuration,
                    projectFolder: projectFolder, optional: directive.optional, reading: &reading)
                continue
            }
            var text = trimmed
            if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
            guard let assignment = Self.assignment(text),
                assignment.conditions.allSatisfy({ Self.holds($0, configuration: configuration) })
            else { continue }
            var value = assignment.value.trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            settings[assignment.key] = value.replacingInherited(with: settings[assignment.key])
        }
    }

    /// `text`'s lines, a line ending in `\` joined with the next.
    private static func logicalLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var pending = ""
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.hasSuffix("\\") {
                pending += line.dropLast()
                continue
            }
            lines.append(pending.isEmpty ? line : Substring(pending + line))
            pending = ""
        }
        if !pending.isEmpty { lines.append(Substring(pending)) }
        return lines
    }

    /// The include `directive` (a line after its `#`) makes: its path (nil for `<...>`), as written, and
    /// whether it is optional; nil for a line that is no include.
    private static func include(in directive: Substring) -> (path: String?, written: String, optional: Bool)? {
        var rest = directive.drop(while: \.isWhitespace)
        guard rest.hasPrefix("include") else { return nil }
        rest = rest.dropFirst("include".count)
        let optional = rest.first == "?"
        if optional { rest = rest.dropFirst() }
        rest = rest.drop(while: \.isWhitespace)
        // The path runs to its closing quote: a `//` inside it is no comment.
        guard rest.first == "\"" else {
            var written = rest
            if let comment = written.range(of: "//") { written = written[..<comment.lowerBound] }
            return (nil, written.trimmingCharacters(in: .whitespaces), optional)
        }
        let path = rest.dropFirst().prefix { $0 != "\"" }
        return (String(path), String(path), optional)
    }

    /// Where `path`, included by `file`, is: beside `file`, else in `projectFolder`, each with `.xcconfig`
    /// added when the name has no extension; beside `file` when neither holds it.
    private static func locate(_ path: String, from file: URL, projectFolder: URL?) -> URL {
        let folders =
            path.hasPrefix("/") ? [nil] : [file.deletingLastPathComponent(), projectFolder].filter { $0 != nil }
        var candidates: [URL] = []
        for folder in folders {
            let base = folder.map { $0.appendingPathComponent(path) } ?? URL(fileURLWithPath: path)
            candidates.append(base.standardizedFileURL)
            if base.pathExtension.isEmpty {
                candidates.append(base.appendingPathExtension("xcconfig").standardizedFileURL)
            }
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
    }

    /// `KEY[condition=pattern]... = value`, split; nil when the line is not one.
    private static func assignment(_ line: Substring) -> (
        key: String, conditions: [(String, String)], value: Substring
    )? {
        let key = line.prefix { $0 != "[" && $0 != "=" && !$0.isWhitespace }
        guard XcodeBuildSettings.isCondition(String(key)) else { return nil }
        var conditions: [(String, String)] = []
        var rest = line.dropFirst(key.count).drop(while: \.isWhitespace)
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            // One condition a bracket, as written: Xcode neither splits at commas nor trims.
            let condition = rest[rest.index(after: rest.startIndex)..<close]
            guard let equals = condition.firstIndex(of: "=") else { return nil }
            conditions.append(
                (String(condition[..<equals]), String(condition[condition.index(after: equals)...])))
            rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
        }
        guard rest.first == "=" else { return nil }
        return (String(key), conditions, rest.dropFirst())
    }

    /// Whether an iPhone's build of `configuration` meets `condition`.
    private static func holds(_ condition: (name: String, pattern: String), configuration: String) -> Bool {
        switch condition.name {
        case "sdk": matches(sdk, condition.pattern)
        case "arch": matches(architecture, condition.pattern)
        case "config": matches(configuration, condition.pattern)
        default: condition.pattern == "*"
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

    /// Why `file` could not be read: `error` says so, in words of its own.
    private static func problem(reading file: URL, _ error: any Error) -> Problem {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: file.path, isDirectory: &isFolder) else { return .missing(file.path) }
        if isFolder.boolValue { return .folder(file.path) }
        return .unreadable(
            file.path, reason: manager.isReadableFile(atPath: file.path) ? error.localizedDescription : "not readable")
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
