import Foundation
import NSEBenchCLI
import NSEBenchCore
import NSEBenchTestSupport
import Testing

/// The reference pages under `docs/` are the documentation of what the code declares: each list the
/// code holds (summary columns, exit codes, network presets, outcomes, blame causes, commands) must be
/// in the page that documents it, so that adding one without its documentation fails here.
@Suite("docs/ documents the code")
struct DocsTests {
    @Test("every summary.csv column is in docs/results.md")
    func everySummaryColumnIsDocumented() throws {
        let text = try DocsFolder.text("results.md")
        // The per-network-class columns are documented once as `net_<class>_...`, with every class named.
        let classPrefixes = NetworkProfile.allNames.map { SummarySchema.networkClassPrefix($0) }
        func documentedName(_ name: String) -> String {
            guard let prefix = classPrefixes.first(where: { name.hasPrefix($0) }) else { return name }
            return "net_<class>_" + name.dropFirst(prefix.count)
        }
        let missing = SummarySchema.columns.map(\.name).filter { !text.contains("`\(documentedName($0))`") }
        #expect(missing.isEmpty, "summary.csv columns missing from docs/results.md's column table: \(missing)")
        for prefix in classPrefixes {
            let name = prefix.dropFirst("net_".count).dropLast()
            #expect(text.contains("`\(name)`"), "network class \(name) is not named in docs/results.md")
        }
    }

    @Test("every exit code is a row of docs/exit-codes.md")
    func everyExitCodeIsDocumented() throws {
        let text = try DocsFolder.text("exit-codes.md")
        for code in ExitCode.allCases {
            #expect(text.contains("| \(code.rawValue) |"), "exit code \(code.rawValue) (\(code)) is not a row")
        }
    }

    @Test("every network preset is a row of docs/run.md with the code's summary, conditions and a source")
    func everyNetworkPresetIsDocumentedWithItsSource() throws {
        let rows = try DocsFolder.text("run.md").split(separator: "\n").map(String.init)
        for profile in NetworkProfile.all {
            let expected = "| `\(profile.name)` | \(profile.summary) | `\(profile.conditions.description)` | "
            let row = rows.first { $0.hasPrefix("| `\(profile.name)` | ") && $0.contains(" | `") }
            #expect(row?.hasPrefix(expected) == true, "docs/run.md's row for \(profile.name) should start \(expected)")
            let source = row.map { $0.dropFirst(expected.count).dropLast(2).trimmingCharacters(in: .whitespaces) }
            #expect(source?.isEmpty == false, "docs/run.md names no source for \(profile.name)")
        }
        for population in NetworkMix.populations {
            #expect(rows.contains { $0.contains("`\(population.name)`") }, "population \(population.name)")
        }
    }

    @Test("every outcome is in the README's table with what the user sees, and in docs/run.md")
    func everyOutcomeIsDocumented() throws {
        let readme = try DocsFolder.text("../README.md").split(separator: "\n")
        let run = try DocsFolder.text("run.md")
        for outcome in InvocationOutcome.allCases {
            let row = readme.first { $0.hasPrefix("| `\(outcome.rawValue)` |") }
            #expect(row?.hasSuffix("| \(outcome.whatTheUserSees.rawValue) |") == true, "README row for \(outcome)")
            #expect(run.contains("`\(outcome.rawValue)`"), "docs/run.md does not name outcome \(outcome)")
        }
    }

    @Test("every blame cause is a row of docs/run.md with its meaning")
    func everyBlameCauseIsDocumented() throws {
        let run = try DocsFolder.text("run.md")
        for cause in MissCause.allCases {
            #expect(run.contains("| `\(cause.rawValue)` | \(cause.meaning) |"), "blame \(cause) in docs/run.md")
        }
    }

    @Test("every command is in the README's command map")
    func everyCommandIsInTheReadme() throws {
        let readme = try DocsFolder.text("../README.md")
        for command in NSEBenchTool.commands.map(\.configuration) {
            #expect(readme.contains("| `\(command.name)` |"), "README's Commands table lacks \(command.name)")
        }
    }

    @Test("relative links in README.md and docs/*.md point at files and headings that exist")
    func relativeLinksResolve() throws {
        for file in try DocsFolder.markdownFiles() {
            let page = MarkdownPage(text: try String(contentsOf: file, encoding: .utf8))
            #expect(!page.linkTargets.isEmpty || file.lastPathComponent != "README.md", "README has no links")
            for target in page.linkTargets where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let linked = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path)
                let name = "\(file.lastPathComponent): \(target)"
                #expect(FileManager.default.fileExists(atPath: linked.path), "\(name) points at no file")
                if parts.count == 2, linked.pathExtension == "md", FileManager.default.fileExists(atPath: linked.path) {
                    let anchors = MarkdownPage(text: try String(contentsOf: linked, encoding: .utf8)).anchors
                    #expect(anchors.contains(String(parts[1])), "\(name) points at no heading")
                }
            }
        }
    }
}
