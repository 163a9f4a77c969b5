import Foundation
import NSEBenchCore

/// `--segment` and `--start-at`: one instance's share of a run split across machines, and the
/// moment all instances start.
enum SegmentOptions {
    /// `--segment i/N|auto`, as given: what it names depends on the load and the environment.
    static let segmentText: Option<String?> = .value(
        "segment", valueName: "i/N|auto",
        help: "Run only segment i of N (0-based) of this run, as k6's execution segments: every Nth arrival, "
            + "slot and invocation from the i-th, each with the payload and seed it has in the whole run, so N "
            + "instances together run exactly the single-machine schedule; `nse-bench merge` joins their "
            + "results. auto reads the index from \(ExecutionSegment.indexVariable) (a Kubernetes Indexed Job) "
            + "and N from \(ExecutionSegment.countVariable).")
    /// `--start-at TIME`, as Unix seconds.
    static let startTime: Option<Double?> = .value(
        "start-at", valueName: "TIME",
        help: "Wait until TIME (ISO 8601 such as 2026-12-01T14:00:00Z, or Unix seconds) before the first "
            + "arrival, so that segments on several machines start together; summary.csv's start_lag_ms "
            + "records how late this instance really started.", OptionParser(unixSeconds))

    static let declarations: [OptionDeclaration] = ([segmentText, startTime] as [any DeclaredOption]).map(
        \.declaration)

    /// The segment `--segment` names (``ExecutionSegment/whole`` without it), for a run of `load`.
    static func segment(_ arguments: ParsedArguments, load: LoadModel, environment: [String: String])
        throws(UsageError) -> ExecutionSegment
    {
        guard let text = try arguments[segmentText] else { return .whole }
        let segment: ExecutionSegment
        do {
            segment =
                text == "auto" ? try ExecutionSegment(environment: environment) : try ExecutionSegment(parsing: text)
        } catch {
            throw .invalidValue(
                option: segmentText.name, value: text, expected: "i/N with 0 <= i < N, or auto (\(error))")
        }
        if let problem = segment.problem(splitting: load) {
            throw .invalidValue(
                option: segmentText.name, value: text, expected: "a split every segment has a slot in: \(problem)")
        }
        return segment
    }

    /// `--start-at` as Unix seconds, nil without it.
    static func startAt(_ arguments: ParsedArguments) throws(UsageError) -> Double? { try arguments[startTime] }

    /// `text` as Unix seconds: ISO 8601 with a zone, or Unix seconds themselves.
    private static func unixSeconds(_ text: String, option: String) throws(UsageError) -> Double {
        if let seconds = Double(text), seconds.isFinite, seconds > 0 { return seconds }
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        throw .invalidValue(
            option: option, value: text,
            expected: "ISO 8601 with a zone, such as 2026-12-01T14:00:00Z, or Unix seconds such as 1796133600")
    }
}
