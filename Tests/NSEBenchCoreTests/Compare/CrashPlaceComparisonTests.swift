import Testing

@testable import NSEBenchCore

/// `crash_places`: a place in the extension's code that crashed in the candidate and never in the
/// baseline fails the gate, however few invocations it took down.
@Suite("Crash places in compare")
struct CrashPlaceComparisonTests {
    static let atLine25 =
        "the extension crashed at Ext/Service.swift:25:78 in NotificationService.didReceive(_:withContentHandler:): "
        + "Unexpectedly found nil while unwrapping an Optional value (signal 4, SIGILL)"
    static let atLine31 = atLine25.replacing(":25:78", with: ":31:12")
    static let elsewhere =
        "the extension crashed at Ext/Parse.swift:9:3 in parse(_:): Index out of range (signal 4, SIGILL)"

    /// A row of 1000 invocations whose 5 crashes have `reasons` (a tally's text).
    static func row(_ reasons: String) -> [String: String] {
        SummaryFixture.row(["crash_reasons": reasons])
    }

    func compare(
        _ baseline: [[String: String]], _ candidate: [[String: String]], thresholds: Thresholds = Thresholds(),
        columns: [String] = SummarySchema.columns.map(\.name)
    ) throws -> Comparison {
        Comparator.compare(
            baseline: try SummaryFile(text: SummaryFixture.csv(baseline, columns: columns), source: "baseline"),
            candidate: try SummaryFile(text: SummaryFixture.csv(candidate), source: "candidate"),
            options: CompareOptions(thresholds: thresholds))
    }

    func crashPlaces(_ comparison: Comparison) throws -> MetricComparison {
        try #require(comparison.scenarios.first?.metrics.first { $0.metric.name == "crash_places" })
    }

    @Test func aPlaceNewInTheCandidateIsARegressionThoughTheCrashedRateDidNotMove() throws {
        let comparison = try compare(
            [Self.row("5 \(Self.atLine25)")], [Self.row("3 \(Self.atLine25); 2 \(Self.elsewhere)")])
        let metric = try crashPlaces(comparison)
        #expect(metric.verdict == .regression)
        #expect(metric.baseline?.value == 1 && metric.candidate?.value == 2)
        #expect(
            comparison.scenarios.first?.metrics.first { $0.metric.name == "crashed_rate" }?.verdict
                == .unchanged(.noChange))
        #expect(comparison.outcome == .regression)
        let places = try #require(comparison.scenarios.first).crashPlaces
        #expect(places.map(\.presence) == [.new, .both])
        #expect(places[0].place == (try #require(CrashPlace(reason: Self.elsewhere))))
        #expect(places[0].reason == Self.elsewhere && places[0].baseline == 0 && places[0].candidate == 2)
        // Both crashes in the candidate's 1,000 invocations of 2,000: 1000/2000 × 999/1999.
        #expect(abs((places[0].pValue ?? 0) - 0.249_875) < 1e-6, "\(String(describing: places[0].pValue))")
        #expect(places[1].pValue == nil, "both sides crashed there")
        #expect(places[1].baseline == 5 && places[1].candidate == 3)
        let text = comparison.text()
        #expect(text.contains("crash_places"))
        #expect(text.contains("1 new, 0 gone  regression"))
        #expect(text.contains("  2  new     \(Self.elsewhere)"))
    }

    /// A new place as likely to be chance as not (two crashes, both sides 1,000 invocations: p = 0.25)
    /// fails the gate by default; with `crash_places`' own alpha, only one whose crashes are too many to
    /// have all fallen in the candidate by chance does.
    @Test func crashPlacesOwnAlphaLetsANewPlaceThatMayBeChanceThrough() throws {
        let twice = [Self.row("2 \(Self.elsewhere)")]
        let strict = Thresholds(metrics: ["crash_places": MetricThresholds(alpha: 0.01)])
        try strict.validate()
        let chance = try compare([Self.row("")], twice, thresholds: strict)
        let metric = try crashPlaces(chance)
        #expect(metric.verdict == .unchanged(.notSignificant))
        #expect(abs((metric.test?.pValue ?? 0) - 0.249_875) < 1e-6)
        #expect(chance.outcome == .noRegression)
        #expect(chance.text().contains("unchanged (not significant, p = 0.2499)"), "\(chance.text())")
        #expect(chance.scenarios.first?.crashPlaces.first?.presence == .new, "still listed as new")

        // Ten crashes: 0.5^10 or so, about 0.001.
        let often = try compare([Self.row("")], [Self.row("10 \(Self.elsewhere)")], thresholds: strict)
        #expect(try crashPlaces(often).verdict == .regression)
        #expect((try crashPlaces(often).test?.pValue ?? 1) < 0.001)

        // The defaults' alpha (the rates') is not crash_places': every new place still counts.
        let defaults = Thresholds(defaults: ThresholdDefaults(alpha: 0.01))
        #expect(try crashPlaces(compare([Self.row("")], twice, thresholds: defaults)).verdict == .regression)
        #expect(throws: ThresholdsError.self) {
            try Thresholds(metrics: ["crash_places": MetricThresholds(alpha: 1.5)]).validate()
        }
    }

    /// Likewise a place gone from the candidate is an improvement only when its crashes are too many to
    /// have all fallen in the baseline by chance.
    @Test func aGonePlaceIsJudgedTheSameWay() throws {
        let strict = Thresholds(metrics: ["crash_places": MetricThresholds(alpha: 0.01)])
        let few = try compare([Self.row("2 \(Self.elsewhere)")], [Self.row("")], thresholds: strict)
        #expect(try crashPlaces(few).verdict == .unchanged(.notSignificant))
        let many = try compare([Self.row("10 \(Self.elsewhere)")], [Self.row("")], thresholds: strict)
        #expect(try crashPlaces(many).verdict == .improvement)
    }

    @Test func theSamePlaceOnAnotherLineIsNotNew() throws {
        let comparison = try compare([Self.row("5 \(Self.atLine25)")], [Self.row("5 \(Self.atLine31)")])
        #expect(try crashPlaces(comparison).verdict == .unchanged(.noChange))
        #expect(comparison.outcome == .noRegression)
        let place = try #require(comparison.scenarios.first?.crashPlaces.first)
        #expect(place.presence == .both)
        #expect(place.reason == Self.atLine31, "where the candidate crashed there")
    }

    @Test func aPlaceOnlyTheBaselineHadIsAnImprovement() throws {
        let comparison = try compare(
            [Self.row("3 \(Self.atLine25); 2 \(Self.elsewhere)")], [Self.row("5 \(Self.atLine25)")])
        #expect(try crashPlaces(comparison).verdict == .improvement)
        #expect(comparison.scenarios.first?.crashPlaces.map(\.presence) == [.gone, .both])
    }

    @Test func crashesThatNameNoPlaceAreLeftToTheCrashedRate() throws {
        let comparison = try compare(
            [Self.row("")], [Self.row("5 the extension's process died of signal 11 (SIGSEGV: a bad memory access)")])
        #expect(try crashPlaces(comparison).verdict == .unchanged(.noChange))
        #expect(comparison.scenarios.first?.crashPlaces.isEmpty == true)
    }

    @Test func repeatedRunsPoolTheirPlaces() throws {
        let comparison = try compare(
            [Self.row("5 \(Self.atLine25)"), Self.row("5 \(Self.elsewhere)")],
            [Self.row("5 \(Self.elsewhere)"), Self.row("5 \(Self.atLine31)")])
        #expect(try crashPlaces(comparison).verdict == .unchanged(.noChange))
        #expect(comparison.scenarios.first?.crashPlaces.map { [$0.baseline, $0.candidate] } == [[5, 5], [5, 5]])
    }

    @Test func theThresholdsFileCanMakeItReportOnly() throws {
        let ignore = Thresholds(metrics: ["crash_places": MetricThresholds(reportOnly: true)])
        try ignore.validate()
        let comparison = try compare([Self.row("")], [Self.row("5 \(Self.elsewhere)")], thresholds: ignore)
        #expect(try crashPlaces(comparison).verdict == .unchanged(.reportOnly))
        #expect(comparison.scenarios.first?.crashPlaces.first?.presence == .new, "still listed")
        #expect(throws: ThresholdsError.self) {
            try Thresholds(metrics: ["crash_places": MetricThresholds(relative: 0.1)]).validate()
        }
    }

    @Test func twoFilesWrittenBeforeCrashReasonsWereKeptHaveNoCrashPlaces() throws {
        let older = SummarySchema.columns.map(\.name).filter { $0 != "crash_reasons" }
        let comparison = Comparator.compare(
            baseline: try SummaryFile(text: SummaryFixture.csv([SummaryFixture.row()], columns: older), source: "a"),
            candidate: try SummaryFile(text: SummaryFixture.csv([SummaryFixture.row()], columns: older), source: "b"),
            options: CompareOptions())
        #expect(comparison.scenarios.first?.metrics.contains { $0.metric.name == "crash_places" } == false)
    }

    @Test func aMergeWithAnInstanceThatKeptNoReasonsIsMissingNotNone() throws {
        let comparison = try compare([Self.row(CrashTally.notKeptText)], [Self.row("5 \(Self.elsewhere)")])
        #expect(try crashPlaces(comparison).verdict == .missing(.baseline))
    }

    @Test func aBaselineWrittenBeforeCrashReasonsWereKeptIsMissingNotNew() throws {
        let older = SummarySchema.columns.map(\.name).filter { $0 != "crash_reasons" }
        let comparison = try compare([SummaryFixture.row()], [Self.row("5 \(Self.elsewhere)")], columns: older)
        #expect(try crashPlaces(comparison).verdict == .missing(.baseline))
        #expect(comparison.outcome == .noRegression)
        #expect(comparison.scenarios.first?.crashPlaces.isEmpty == true)
    }

    @Test func everyFormatNamesTheNewPlace() throws {
        let comparison = try compare([Self.row("")], [Self.row("5 \(Self.elsewhere)")])
        let markdown = comparison.markdown()
        #expect(markdown.contains("| Baseline | Candidate | Status | Where it crashed |"))
        #expect(markdown.contains("| 0 | 5 | new | \(Self.elsewhere) |"))
        let table = try CSVReader.table(comparison.csv())
        let row = try #require(table.rows.first { table.value("metric", in: $0) == "crash_place" })
        #expect(table.value("verdict", in: row) == "new")
        #expect(table.value("reason", in: row) == Self.elsewhere)
        #expect(table.value("candidate", in: row) == "5")
    }

    @Test func aFieldThatIsNotATallyIsRefusedWithItsColumnAndLine() {
        #expect {
            _ = try SummaryFixture.file([Self.row("five crashes somewhere")])
        } throws: { error in
            guard case SummaryFileError.badValue(_, let line, let column, _, _) = error else { return false }
            return line == 2 && column == "crash_reasons"
        }
    }
}
