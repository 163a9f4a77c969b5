import Foundation
public import NSEBenchCore

/// Reads a thresholds file (see ``Thresholds`` for the schema) strictly: an unknown key, a value of
/// the wrong type or out of range is an error naming its key path. Every object may also hold a
/// `"//"` key with a string, the JSON convention for a comment.
public enum ThresholdsFile {
    /// The file `compare` reads when `--thresholds` is not given, relative to a repository's root.
    public static let defaultPath = "Benchmarks/thresholds.json"

    /// The default file for comparing `inputs`: `Benchmarks/thresholds.json` in the working directory,
    /// else in the nearest folder above an input (a baseline at `Results/baseline.csv` finds its
    /// repository's), else beside the running executable's repository (`.build/<triple>/<config>/`);
    /// nil when none exists. Two identical runs compared from another directory then use the tolerances
    /// they were gated with, not the built-in ones.
    public static func locateDefault(
        near inputs: [String], workingDirectory: String? = nil, executable: String? = nil
    ) -> String? {
        let manager = FileManager.default
        var folders = [URL(fileURLWithPath: workingDirectory ?? manager.currentDirectoryPath)]
        for input in inputs {
            var folder = URL(fileURLWithPath: input).standardizedFileURL.deletingLastPathComponent()
            while folder.path != "/" {
                folders.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        var build = URL(fileURLWithPath: executable ?? CommandLine.arguments[0]).standardizedFileURL
            .deletingLastPathComponent()
        for _ in 0..<3 { build = build.deletingLastPathComponent() }
        folders.append(build)
        for folder in folders {
            let candidate = folder.appendingPathComponent(defaultPath).path
            if manager.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Parses and validates the file's text.
    public static func parse(_ text: String) throws(ThresholdsError) -> Thresholds {
        let tree: JSONTree
        do {
            tree = try JSONDecoder().decode(JSONTree.self, from: Data(text.utf8))
        } catch {
            throw .malformedJSON(Self.reason(error))
        }
        let top = try object(tree, at: "")
        try checkKeys(top, allowed: Thresholds.fileKeys, at: "")
        var thresholds = Thresholds()
        if let defaults = top["defaults"] { thresholds.defaults = try Self.defaults(defaults, at: "defaults") }
        if let metrics = top["metrics"] { thresholds.metrics = try Self.metrics(metrics, at: "metrics") }
        if let scenarios = top["scenarios"] {
            for (name, entry) in try object(scenarios, at: "scenarios") where name != commentKey {
                let path = "scenarios.\(name)"
                let fields = try object(entry, at: path)
                try checkKeys(fields, allowed: Thresholds.scenarioKeys, at: path)
                var scenario = ScenarioThresholds()
                if let defaults = fields["defaults"] {
                    scenario.defaults = try Self.defaults(defaults, at: path + ".defaults")
                }
                if let metrics = fields["metrics"] {
                    scenario.metrics = try Self.metrics(metrics, at: path + ".metrics")
                }
                thresholds.scenarios[name] = scenario
            }
        }
        try thresholds.validate()
        return thresholds
    }

    static let commentKey = "//"

    private static func defaults(_ tree: JSONTree, at path: String) throws(ThresholdsError) -> ThresholdDefaults {
        let fields = try object(tree, at: path)
        try checkKeys(fields, allowed: Thresholds.defaultsKeys, at: path)
        return ThresholdDefaults(
            alpha: try number(fields, "alpha", at: path), minimumEffect: try number(fields, "min_effect", at: path),
            timeRelative: try number(fields, "relative", at: path),
            timeAbsoluteMilliseconds: try number(fields, "absolute_ms", at: path),
            measureRelative: try number(fields, "measure_relative", at: path))
    }

    private static func metrics(_ tree: JSONTree, at path: String) throws(ThresholdsError) -> [String: MetricThresholds]
    {
        var metrics: [String: MetricThresholds] = [:]
        for (name, entry) in try object(tree, at: path) where name != commentKey {
            let entryPath = "\(path).\(name)"
            let fields = try object(entry, at: entryPath)
            try checkKeys(fields, allowed: Thresholds.metricKeys, at: entryPath)
            var reportOnly: Bool?
            switch fields["ignore"] {
            case nil: reportOnly = nil
            case .bool(let value): reportOnly = value
            default: throw .wrongType(path: entryPath + ".ignore", expected: "true or false")
            }
            metrics[name] = MetricThresholds(
                alpha: try number(fields, "alpha", at: entryPath),
                minimumEffect: try number(fields, "min_effect", at: entryPath),
                relative: try number(fields, "relative", at: entryPath),
                absoluteMilliseconds: try number(fields, "absolute_ms", at: entryPath),
                absolute: try number(fields, "absolute", at: entryPath), reportOnly: reportOnly)
        }
        return metrics
    }

    private static func object(_ tree: JSONTree, at path: String) throws(ThresholdsError) -> [String: JSONTree] {
        guard case .object(let fields) = tree else {
            throw .wrongType(path: path.isEmpty ? "the top level" : path, expected: "an object")
        }
        if let comment = fields[commentKey] {
            guard case .string = comment else {
                throw .wrongType(path: joined(path, commentKey), expected: "a string (a comment)")
            }
        }
        return fields
    }

    private static func checkKeys(_ fields: [String: JSONTree], allowed: [String], at path: String)
        throws(ThresholdsError)
    {
        for key in fields.keys.sorted() where key != commentKey && !allowed.contains(key) {
            throw .unknownKey(path: joined(path, key), known: allowed)
        }
    }

    private static func number(_ fields: [String: JSONTree], _ key: String, at path: String) throws(ThresholdsError)
        -> Double?
    {
        switch fields[key] {
        case nil: return nil
        case .number(let value): return value
        default: throw .wrongType(path: joined(path, key), expected: "a number")
        }
    }

    private static func joined(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The decoder's complaint without Foundation's boilerplate.
    private static func reason(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        switch decodingError {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        @unknown default:
            return "\(decodingError)"
        }
    }
}

/// Any JSON value, so the file can be walked key by key with paths in every error.
enum JSONTree: Decodable, Equatable {
    case object([String: JSONTree])
    case array([JSONTree])
    case number(Double)
    case bool(Bool)
    case string(String)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }
}
