import Foundation

/// The files a compile of the user's sources is given: each file as it is or, where the compile on Linux
/// needs it changed, a copy in the build folder with every line and column where they were, so that the
/// compiler's messages about a copy point into the original (``originals(in:)``). A copy blanks the
/// Objective-C attributes (``ObjectiveCAttributes``), imports whole the frameworks it imports a submodule of
/// (``SubmoduleImports``) and, for an iPhone's conditions, holds `os(iOS)` true
/// (``ConditionalCompilation/iPhoneConditions(in:)``).
struct CompiledCopies {
    /// The files to compile, in the order of the sources.
    var files: [URL]
    /// Each copy's path → its original's.
    var originals: [String: String]
    /// Whether a copy holds `os(iOS)` true where the original says `os(iOS)`: a compile of the originals'
    /// own conditions would differ.
    var iPhoneConditions: Bool

    /// The copies of `sources` needed, in numbered folders of `folder` (so that copies of two files of one
    /// name stay apart); with `iPhoneConditions`, `os(iOS)` holds in them.
    init(_ sources: [URL], in folder: URL, iPhoneConditions: Bool) throws(UserExtensionError) {
        files = []
        originals = [:]
        self.iPhoneConditions = false
        for (index, source) in sources.enumerated() {
            let text: String
            do {
                text = try String(contentsOf: source, encoding: .utf8)
            } catch {
                throw .cache(path: source.path, reason: error.localizedDescription)
            }
            var copy = ObjectiveCAttributes.blanked(text)
            if let whole = SubmoduleImports.wholeModules(in: copy ?? text) { copy = whole }
            if iPhoneConditions, let conditions = ConditionalCompilation.iPhoneConditions(in: copy ?? text) {
                copy = conditions
                self.iPhoneConditions = true
            }
            guard let copy else {
                files.append(source)
                continue
            }
            let file = folder.appendingPathComponent("\(index)").appendingPathComponent(source.lastPathComponent)
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try copy.write(to: file, atomically: false, encoding: .utf8)
            } catch {
                throw .cache(path: file.path, reason: error.localizedDescription)
            }
            files.append(file)
            originals[file.path] = source.path
        }
    }

    /// `swiftc`'s arguments that make the debug information name each copy's original (where a crash
    /// was, ``NativeSymbolizer``) for a compile run in `folder`: each copy is alone in a folder of its own,
    /// under its original's name. The compiler names a file inside its working folder by its relative path
    /// in the line table, so each copy's folder is mapped by that path too.
    func debugPrefixMaps(compilingIn folder: URL) -> [String] {
        let working = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return originals.sorted { $0.key < $1.key }.flatMap { copy, original -> [String] in
            let copyFolder = URL(fileURLWithPath: copy).deletingLastPathComponent().path + "/"
            let originalFolder = URL(fileURLWithPath: original).deletingLastPathComponent().path + "/"
            let relative = copyFolder.hasPrefix(working) ? [String(copyFolder.dropFirst(working.count))] : []
            return ([copyFolder] + relative).flatMap { ["-debug-prefix-map", "\($0)=\(originalFolder)"] }
        }
    }

    /// The compiler's `output` with each copy's path given as its original's.
    func originals(in output: String) -> String {
        originals.reduce(output) { text, pair in text.replacingOccurrences(of: pair.key, with: pair.value) }
    }
}
