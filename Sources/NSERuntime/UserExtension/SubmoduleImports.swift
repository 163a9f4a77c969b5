/// Imports of an Apple framework's Clang submodule (`import UIKit.UIFont`, `import Foundation.NSURL`),
/// which Xcode compiles: the SDK's frameworks are Clang modules with submodules, where nse-bench's
/// `UIKit` and its other stand-ins are Swift modules, which have none, so the compile stops at
/// `no such module 'UIKit.UIFont'`. A submodule import makes visible a part of what importing the whole
/// framework does, so the copies a compile is given (``CompiledCopies``) import the whole module: the
/// submodule's path is blanked with spaces, and every line and column stays where it was. Imports of a
/// declaration (`import class UIKit.UIImage`), which Swift modules take, and of any other module are left
/// as they are, as are comments and string literals.
enum SubmoduleImports {
    /// The modules whose submodule imports are made whole-module imports: those nse-bench provides for
    /// Apple's frameworks, and Foundation.
    static let frameworks: Set<String> = Set(UserExtensionBuilder.providedModules).union(["Foundation"])

    /// The keywords that make an import one of a declaration.
    private static let declarationKinds: Set<Substring> = [
        "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
    ]

    /// `text` with each import of a submodule of ``frameworks`` made an import of the framework, or nil
    /// when it has none.
    ///
    /// ```swift
    /// SubmoduleImports.wholeModules(in: "import UIKit.UIFont\n")  // "import UIKit       \n"
    /// ```
    static func wholeModules(in text: String) -> String? {
        guard text.contains("import") else { return nil }
        var result = ""
        var changed = false
        var literal = ConditionalCompilation.Literal()
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(where: ConditionalCompilation.isLineEnd) ?? text.endIndex
            let line = text[start..<end]
            let paths = literal.isOpen ? [] : submodulePaths(in: line)
            var rest = line.startIndex
            for path in paths {
                result += line[rest..<path.lowerBound]
                result += String(repeating: " ", count: line[path].count)
                rest = path.upperBound
            }
            result += line[rest...]
            changed = changed || !paths.isEmpty
            literal.advance(over: line)
            guard end < text.endIndex else { break }
            result.append(text[end])
            start = text.index(after: end)
        }
        return changed ? result : nil
    }

    /// The ranges of `line`'s submodule paths (each from the `.` after the framework's name to the path's
    /// end), one for each import statement of the line (statements apart by `;`, a closed `/* */` comment
    /// before one) that imports a submodule of one of ``frameworks``.
    private static func submodulePaths(in line: Substring) -> [Range<String.Index>] {
        var paths: [Range<String.Index>] = []
        var rest = line[...]
        while true {
            rest = skippingSpaceAndComments(rest)
            // Attributes (`@_exported`, `@preconcurrency`) and access levels before `import`.
            while true {
                let word = rest.prefix { !$0.isWhitespace && $0 != ";" }
                guard word.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(word)
                else { break }
                rest = skippingSpaceAndComments(rest.dropFirst(word.count))
            }
            guard rest.hasPrefix("import"), rest.dropFirst(6).first.map({ $0 == " " || $0 == "\t" }) == true else {
                return paths
            }
            rest = rest.dropFirst(6).drop { $0 == " " || $0 == "\t" }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty, !declarationKinds.contains(name) else { return paths }
            let path = rest[name.endIndex...]
            let pathEnd =
                path.first == "."
                ? path.dropFirst().firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
                    ?? path.endIndex
                : path.startIndex
            if frameworks.contains(String(name)), pathEnd > path.startIndex { paths.append(path.startIndex..<pathEnd) }
            // Another statement after a `;` on the same line.
            rest = skippingSpaceAndComments(path[pathEnd...])
            guard rest.first == ";" else { return paths }
            rest = rest.dropFirst()
        }
    }

    /// `text` after its leading spaces and closed `/* */` comments.
    private static func skippingSpaceAndComments(_ text: Substring) -> Substring {
        var rest = text.drop { $0 == " " || $0 == "\t" }
        while rest.hasPrefix("/*"), let close = rest.range(of: "*/") {
            rest = rest[close.upperBound...].drop { $0 == " " || $0 == "\t" }
        }
        return rest
    }
}
