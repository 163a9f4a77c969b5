import Foundation

/// The inputs of a fuzz corpus on disk: a file is one input; a folder holds one input per file, found
/// recursively and taken in path order, hidden files skipped.
///
/// ```swift
/// for path in try Corpus.files(at: "Fuzz/corpus/http") {
///     try FuzzTarget.http.run(try Corpus.read(path))
/// }
/// ```
public enum Corpus {
    /// The input files at `path`, sorted.
    public static func files(at path: String) throws(CorpusError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .unreadable(path: path, reason: "no such file or folder")
        }
        guard isFolder.boolValue else { return [path] }
        let subpaths: [String]
        do {
            subpaths = try FileManager.default.subpathsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        var files: [String] = []
        for subpath in subpaths.sorted() where !subpath.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let file = (path as NSString).appendingPathComponent(subpath)
            var isSubfolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isSubfolder), !isSubfolder.boolValue {
                files.append(file)
            }
        }
        return files
    }

    /// The bytes of the input file at `path`.
    public static func read(_ path: String) throws(CorpusError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}

/// A corpus file or folder that could not be read; carries its path and the system's reason.
public enum CorpusError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the corpus at \(path): \(reason)"
        }
    }
}
