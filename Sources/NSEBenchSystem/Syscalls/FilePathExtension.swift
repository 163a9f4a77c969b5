/// A file path's extension, read from the string as `URL.pathExtension` reads it from a file URL, without
/// making the URL (which costs allocations on every attachment, issue #18).
///
/// ```swift
/// FilePathExtension.of("/tmp/run/CFNetworkDownload_7_1.tmp")        // "tmp"
/// FilePathExtension.of("/tmp/run/.hidden")                          // ""
/// FilePathExtension.replacing(in: "/tmp/run/a.b.tmp", with: "jpg")  // "/tmp/run/a.b.jpg"
/// ```
public enum FilePathExtension {
    /// The index of the dot that starts `path`'s extension: the last dot of its last component, unless
    /// what comes before it in the component is only dots (a hidden file's name, `..png`), nothing comes
    /// after it, or what comes after it holds a space; URL reads no extension in those either. Nil when
    /// there is none.
    public static func dotIndex(in path: String) -> String.Index? {
        let utf8 = path.utf8
        let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        guard let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")),
            utf8[nameStart..<dot].contains(where: { $0 != UInt8(ascii: ".") }),
            utf8.index(after: dot) < utf8.endIndex,
            !utf8[dot...].contains(UInt8(ascii: " "))
        else { return nil }
        return dot
    }

    /// The extension of `path` without its dot; empty when it has none.
    public static func of(_ path: String) -> Substring {
        guard let dot = dotIndex(in: path) else { return "" }
        return path[path.utf8.index(after: dot)...]
    }

    /// `path` with its extension replaced by `newExtension`, or `newExtension` added when it has none:
    /// `URL.deletingPathExtension().appendingPathExtension(_:)` on a string, for the paths nse-bench names.
    /// (URL also drops an "extension" it does not read, one holding a space: `a.b c` becomes `a.jpg`
    /// there and `a.b c.jpg` here.)
    public static func replacing(in path: String, with newExtension: String) -> String {
        let stem = dotIndex(in: path).map { path[..<$0] } ?? Substring(path)
        // Sized once and appended by bytes: `stem + "." + newExtension` sized its result by counting the
        // stem's Characters (0.4% of case 1's CPU, perf, issue #18).
        var result = ""
        result.reserveCapacity(stem.utf8.count + 1 + newExtension.utf8.count)
        result.append(contentsOf: stem)
        result.append(".")
        result.append(newExtension)
        return result
    }
}
