import Foundation
public import NSEBenchCore

/// Why `compare` could not read one of its inputs.
public enum CompareInputError: Error, Equatable, CustomStringConvertible {
    /// The path does not exist, is a folder without `summary.csv`, or cannot be read as UTF-8.
    case unreadable(side: String, path: String, reason: String)
    /// The file was read but is not a usable `summary.csv`.
    case invalid(side: String, SummaryFileError)

    /// Not comparable (3) for another schema version, harness error (1) for everything else.
    public var exitCode: ExitCode {
        if case .invalid(_, let error) = self { return error.exitCode }
        return .harnessError
    }

    /// The problem, naming the input (baseline or candidate).
    public var description: String {
        switch self {
        case .unreadable(let side, let path, let reason): "cannot read the \(side) '\(path)': \(reason)"
        case .invalid(let side, let error): "\(side) \(error)"
        }
    }
}

/// Reads `compare`'s inputs: a `summary.csv`, or a run folder holding one.
enum CompareInput {
    static let summaryFileName = "summary.csv"

    /// The checked rows of the file at `path` (or of `path/summary.csv` for a folder).
    static func load(_ path: String, side: String) throws(CompareInputError) -> SummaryFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(side: side, path: path, reason: "no such file or folder")
        }
        let file = isDirectory.boolValue ? (path as NSString).appendingPathComponent(summaryFileName) : path
        guard let data = FileManager.default.contents(atPath: file) else {
            let reason =
                isDirectory.boolValue ? "the folder has no readable \(summaryFileName)" : "the file cannot be read"
            throw .unreadable(side: side, path: path, reason: reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(side: side, path: file, reason: "not UTF-8 text")
        }
        do {
            return try SummaryFile(text: text, source: file)
        } catch {
            throw .invalid(side: side, error)
        }
    }
}
