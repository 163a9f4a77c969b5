/// What is wrong with a thresholds file, and where: `path` is the dotted key path, such as
/// `metrics.deliver_p99_ms.relative`.
public enum ThresholdsError: Error, Equatable, CustomStringConvertible {
    /// The file is not JSON; carries the parser's words.
    case malformedJSON(String)
    /// A key the schema does not have; carries the keys allowed there.
    case unknownKey(path: String, known: [String])
    /// A value of the wrong JSON type.
    case wrongType(path: String, expected: String)
    /// A metric name that `compare` does not know.
    case unknownMetric(path: String, name: String)
    /// A key that does not apply to the metric's kind (`min_effect` on a time, say).
    case notApplicable(path: String, metric: String, kind: ComparedMetric.Kind, allowed: [String])
    /// A number outside its range.
    case outOfRange(path: String, value: Double, expected: String)

    public var description: String {
        switch self {
        case .malformedJSON(let reason):
            "not valid JSON: \(reason)"
        case .unknownKey(let path, let known):
            "\(path): unknown key; expected one of \(known.joined(separator: ", "))"
        case .wrongType(let path, let expected):
            "\(path): expected \(expected)"
        case .unknownMetric(let path, let name):
            "\(path): unknown metric '\(name)'; known: "
                + ComparedMetric.all.map(\.name).joined(separator: ", ")
        case .notApplicable(let path, let metric, let kind, let allowed):
            "\(path): does not apply to \(metric), a \(kind.rawValue) metric; it takes \(allowed.joined(separator: ", "))"
        case .outOfRange(let path, let value, let expected):
            "\(path): \(value) is out of range; expected \(expected)"
        }
    }
}
