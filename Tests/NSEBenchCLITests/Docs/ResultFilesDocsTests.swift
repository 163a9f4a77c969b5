import NSEBenchCore
import Testing

@testable import NSEBenchCLI

/// docs/results.md's "The other files" describes each result file's columns in prose: every column
/// the code writes must be named, in backticks, where that file is described, as `summary.csv`'s must
/// be in its table (``DocsTests``), so that a column added to a file without its documentation fails here.
@Suite("docs/results.md documents the other result files' columns")
struct ResultFilesDocsTests {
    /// The files the section describes, each from where it is introduced (its name in backticks
    /// followed by a space, a colon or a comma) to where the next one is.
    static let files = [
        "invocations.csv", "histograms.csv", "histograms.hlog", "server.log", "timeline.csv", "endpoints.csv",
        "report.html",
    ]

    /// What the section says of `file`; nil when it does not introduce it.
    static func paragraph(of file: String) throws -> Substring? {
        let text = try DocsFolder.text("results.md")
        guard let heading = text.range(of: "\n## The other files\n") else { return nil }
        let rest = text[heading.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        func introduction(_ name: String) -> String.Index? {
            var from = section.startIndex
            while let found = section[from...].range(of: "`\(name)`") {
                if found.upperBound < section.endIndex, " :,".contains(section[found.upperBound]) {
                    return found.lowerBound
                }
                from = found.upperBound
            }
            return nil
        }
        guard let start = introduction(file) else { return nil }
        let end = files.compactMap(introduction).filter { $0 > start }.min() ?? section.endIndex
        return section[start..<end]
    }

    /// The columns of `columns` that `description` does not name in backticks.
    static func undocumented(_ columns: [String], in description: Substring) -> [String] {
        columns.filter { !description.contains("`\($0)`") }
    }

    @Test func everyDescribedFileIsIntroduced() throws {
        for file in Self.files { #expect(try Self.paragraph(of: file) != nil, "docs/results.md introduces \(file)") }
    }

    @Test func everyInvocationsColumnIsDocumented() throws {
        let description = try #require(try Self.paragraph(of: "invocations.csv"))
        let missing = Self.undocumented(RunRecorder.invocationColumns, in: description)
        #expect(missing.isEmpty, "invocations.csv columns missing from docs/results.md: \(missing)")
    }

    @Test func everyHistogramsColumnAndNonPhaseHistogramIsDocumented() throws {
        let description = try #require(try Self.paragraph(of: "histograms.csv"))
        let missing = Self.undocumented(HistogramsFile.header, in: description)
        #expect(missing.isEmpty, "histograms.csv columns missing from docs/results.md: \(missing)")
        // Each phase's histogram is documented as "each phase"; the others by name, the harness's too.
        let named = HistogramKey.allCases.filter { if case .phase = $0 { false } else { true } }.map(\.name)
        let unnamed = Self.undocumented(named + [Phase.harnessWait.name], in: description)
        #expect(unnamed.isEmpty, "histograms missing from docs/results.md's histograms.csv: \(unnamed)")
    }

    @Test func everyTimelineColumnIsDocumented() throws {
        let description = try #require(try Self.paragraph(of: "timeline.csv"))
        // The outcome columns are documented as a range, first to last.
        let outcomes = SummarySchema.outcomeNames
        let others = RunTimeline.header.filter { !outcomes.contains($0) }
        let missing = Self.undocumented(others, in: description)
        #expect(missing.isEmpty, "timeline.csv columns missing from docs/results.md: \(missing)")
        let range = "`\(outcomes.first ?? "")` ... `\(outcomes.last ?? "")`"
        #expect(description.contains(range), "timeline.csv's outcome columns should be documented as \(range)")
        #expect(
            RunTimeline.header.filter(outcomes.contains) == outcomes, "the outcome columns stand together, in order")
    }

    @Test func everyEndpointsColumnIsDocumented() throws {
        let description = try #require(try Self.paragraph(of: "endpoints.csv"))
        let missing = Self.undocumented(EndpointTimeline.header, in: description)
        #expect(missing.isEmpty, "endpoints.csv columns missing from docs/results.md: \(missing)")
    }
}
