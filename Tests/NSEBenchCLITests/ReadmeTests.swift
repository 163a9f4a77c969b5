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
        // The per-network-class columns are documented once as `net_<class>_...`, with every class named.
        let classPrefixes = NetworkProfile.allNames.map { SummarySchema.networkClassPrefix($0) }
        func documentedName(_ name: String) -> String {
            guard let prefix = classPrefixes.first(where: { name.hasPrefix($0) }) else { return name }
            return "net_<class>_" + name.dropFirst(prefix.count)
        }
        let missing = SummarySchema.columns.map(\.name).filter { !text.contains("`\(documentedName($0))`") }
        #expect(missing.isEmpty, "undocumented summary.csv columns: \(missing)")
        for prefix in classPrefixes {
            let name = prefix.dropFirst("net_".count).dropLast()
            #expect(text.contains("`\(name)`"), "network class \(name) is not named in the README")
        }
    }

    @Test func everyExitCodeIsDocumented() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for code in ExitCode.allCases { #expect(text.contains("| \(code.rawValue) |"), "exit code \(code.rawValue)") }
    }
}
