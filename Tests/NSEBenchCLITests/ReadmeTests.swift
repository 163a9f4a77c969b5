import Foundation
import NSEBenchCore
import Testing

/// The README is the documentation of the result files: every summary.csv column must be in it.
@Suite("README documents the results")
struct ReadmeTests {
    @Test func everySummaryColumnIsDocumented() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let missing = SummarySchema.columns.map(\.name).filter { !text.contains("`\($0)`") }
        #expect(missing.isEmpty, "undocumented summary.csv columns: \(missing)")
    }

    @Test func everyExitCodeIsDocumented() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for code in ExitCode.allCases { #expect(text.contains("| \(code.rawValue) |"), "exit code \(code.rawValue)") }
    }
}
