import Foundation
import NSEBenchCore

/// The summary's "why the others fell back" table: every cause that decided a miss, largest first,
/// with how many of those faults the harness injected and the deciding phase's share of the lost budget.
enum BlameTable {
    /// The header line of the share column, defined in the line under the table.
    static let shareHeader = "of lost budget"

    /// The table's lines; nothing when every invocation arrived enriched.
    static func lines(_ aggregate: RunAggregate) -> [String] {
        let ranking = aggregate.blameRanking
        guard !ranking.isEmpty else { return [] }
        let misses = ranking.reduce(0) { $0 + $1.count }
        var lines = [
            "why the others fell back (\(misses) not enriched): blame, largest first",
            pad("blame", 22) + pad("count", 8, right: true) + pad("share", 9, right: true)
                + pad("injected", 10, right: true) + pad(shareHeader, 16, right: true) + "   what decided it",
        ]
        for (cause, count) in ranking {
            let share = Double(count) / Double(max(misses, 1)) * 100
            let lost = aggregate.lostBudgetShare(cause).map { String(format: "%.1f%%", $0 * 100) } ?? "-"
            lines.append(
                pad(cause.rawValue, 22) + pad(String(count), 8, right: true)
                    + pad(String(format: "%.1f%%", share), 9, right: true)
                    + pad(String(aggregate.blameInjected[cause] ?? 0), 10, right: true) + pad(lost, 16, right: true)
                    + "   \(cause.meaning)")
        }
        lines.append(
            "(share: of the misses; injected: faults the embedded server named or the payload carried; "
                + "\(shareHeader): time the misses with that blame spent in its phase before their deadline, "
                + "over the summed budgets of all misses; - for a blame that is an event, not a phase)")
        return lines + crashLines(aggregate)
    }

    /// How many reasons the summary names: 5.
    static let crashReasonsShown = 5

    /// The extension's crashes by reason, largest first, where it crashed: the place in its code where
    /// that could be told.
    static func crashLines(_ aggregate: RunAggregate) -> [String] {
        let ranking = aggregate.crashReasonRanking
        guard !ranking.isEmpty else { return [] }
        let crashes = ranking.reduce(aggregate.crashesOfOtherReasons) { $0 + $1.count }
        var lines = ["crashes (\(crashes)) by reason, largest first:"]
        for (reason, count) in ranking.prefix(crashReasonsShown) {
            lines.append(pad(String(count), 8, right: true) + "  " + reason)
        }
        let rest = ranking.dropFirst(crashReasonsShown).reduce(aggregate.crashesOfOtherReasons) { $0 + $1.count }
        if rest > 0 {
            lines.append(pad(String(rest), 8, right: true) + "  of other reasons (invocations.csv's error column)")
        }
        return lines
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
