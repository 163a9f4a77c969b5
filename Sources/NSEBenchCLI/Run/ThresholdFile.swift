import Foundation
import NSEBenchCore

/// `thresholds.csv` in a run's folder: one row per `--threshold`, with the run's figure and the verdict.
enum ThresholdFile {
    static let header = ["threshold", "metric", "comparison", "bound", "actual", "passed"]

    /// Writes the file when the run has thresholds; a run without any writes none.
    static func write(_ verdicts: [ThresholdVerdict], in folder: URL) throws {
        guard !verdicts.isEmpty else { return }
        var text = CSVWriter.record(header)
        for verdict in verdicts {
            let threshold = verdict.threshold
            text += CSVWriter.record([
                threshold.description, threshold.metric, threshold.comparison.rawValue, String(threshold.bound),
                verdict.actual.map { String($0) } ?? "", verdict.passed ? "true" : "false",
            ])
        }
        let file = folder.appendingPathComponent("thresholds.csv")
        do {
            try text.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            throw RunError.output("cannot write \(file.path): \(error.localizedDescription)")
        }
    }
}
