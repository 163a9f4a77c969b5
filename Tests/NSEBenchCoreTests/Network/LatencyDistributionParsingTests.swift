import Testing

@testable import NSEBenchCore

@Suite("LatencyDistributionParsing")
struct LatencyDistributionParsingTests {
    @Test(
        "parses every form",
        arguments: [
            ("200ms", .fixed(.milliseconds(200))),
            ("fixed:200ms", .fixed(.milliseconds(200))),
            ("0", .fixed(.zero)),
            ("uniform:100ms..300ms", .uniform(lower: .milliseconds(100), upper: .milliseconds(300))),
            ("uniform:5ms..5ms", .uniform(lower: .milliseconds(5), upper: .milliseconds(5))),
            ("normal:200ms,50ms", .normal(mean: .milliseconds(200), standardDeviation: .milliseconds(50))),
            ("lognormal:median=300ms,p99=3s", .lognormal(median: .milliseconds(300), p99: .seconds(3))),
            ("LogNormal: p99=3s, median=300ms", .lognormal(median: .milliseconds(300), p99: .seconds(3))),
            ("pareto:scale=100ms,shape=1.5", .pareto(scale: .milliseconds(100), shape: 1.5, cap: nil)),
            ("pareto:scale=100ms,shape=1.5,cap=30s", .pareto(scale: .milliseconds(100), shape: 1.5, cap: .seconds(30))),
            ("file:/tmp/ttfb.txt", .file(path: "/tmp/ttfb.txt")),
            ("file:C:/dir/with:colon.txt", .file(path: "C:/dir/with:colon.txt")),
        ] as [(String, LatencyDistribution)])
    func parses(text: String, expected: LatencyDistribution) throws {
        #expect(try LatencyDistribution(parsing: text) == expected)
    }

    @Test(
        "refuses bad forms, naming the input and the reason",
        arguments: [
            ("20x", "unknown unit"),
            ("250", "the unit is missing"),
            ("gamma:1,2", "unknown kind \"gamma\""),
            ("uniform:300ms..100ms", "the lower bound 300ms is above the upper bound 100ms"),
            ("uniform:100ms-300ms", "the \"..\" between the bounds is missing"),
            ("uniform:100ms..fast", "the upper bound \"fast\" is not a duration"),
            ("normal:200ms", "it needs exactly two durations"),
            ("normal:200ms,50ms,1ms", "it needs exactly two durations"),
            ("normal:-200ms,50ms", "the mean \"-200ms\" is not a duration"),
            ("lognormal:median=3s,p99=300ms", "the p99 300ms is not above the median 3s"),
            ("lognormal:median=300ms,p99=300ms", "the p99 300ms is not above the median 300ms"),
            ("lognormal:median=0,p99=1s", "the median must be above zero"),
            ("lognormal:median=300ms", "p99= is missing"),
            ("lognormal:median=300ms,p99=3s,p50=1s", "unknown key \"p50\""),
            ("lognormal:median=300ms,median=200ms,p99=3s", "median is given twice"),
            ("lognormal:300ms,3s", "\"300ms\" is not a key=value pair"),
            ("pareto:scale=100ms,shape=0", "the shape \"0\" is not a number above zero"),
            ("pareto:scale=100ms,shape=-1", "the shape \"-1\" is not a number above zero"),
            ("pareto:scale=100ms,shape=1e2", "the shape \"1e2\" is not a number above zero"),
            ("pareto:scale=0,shape=1.5", "the scale must be above zero"),
            ("pareto:scale=1s,shape=1.5,cap=100ms", "the cap 100ms is below the scale 1s"),
            ("pareto:shape=1.5", "scale= is missing"),
            ("file:", "the path is empty"),
            ("file:   ", "the path is empty"),
        ])
    func refuses(text: String, reason: String) {
        let error = #expect(throws: ValueParseError.self) { try LatencyDistribution(parsing: text) }
        #expect(error?.input == text)
        #expect(error?.subject == "latency distribution")
        #expect(error?.description.contains("\"\(text)\"") == true)
        #expect(error?.reason?.contains(reason) == true, "\(error?.description ?? "no error")")
    }

    @Test func anUnknownKindListsTheForms() {
        let error = #expect(throws: ValueParseError.self) { try LatencyDistribution(parsing: "gamma:1,2") }
        #expect(error?.expected.contains("lognormal:median=300ms,p99=3s") == true)
        #expect(error?.expected.contains("file:PATH") == true)
    }

    @Test(
        "round-trips through its description",
        arguments: [
            "200ms", "0", "uniform:100ms..300ms", "normal:200ms,50ms", "lognormal:median=300ms,p99=3s",
            "pareto:scale=100ms,shape=1.5", "pareto:scale=100ms,shape=1.5,cap=30s", "pareto:scale=1s,shape=0.3333",
            "file:/data/ttfb.txt", "uniform:1.5s..2m",
        ])
    func roundTrips(text: String) throws {
        let distribution = try LatencyDistribution(parsing: text)
        #expect(distribution.description == text)
        #expect(try LatencyDistribution(parsing: distribution.description) == distribution)
    }

    @Test func descriptionNormalisesEquivalentForms() throws {
        #expect(try LatencyDistribution(parsing: "fixed:1500ms").description == "1.5s")
        #expect(
            try LatencyDistribution(parsing: "LOGNORMAL:p99=3000ms,median=0.3s").description
                == "lognormal:median=300ms,p99=3s")
    }

    @Test func fileDistributionsReportTheirPath() throws {
        #expect(try LatencyDistribution(parsing: "file:a.txt").unresolvedPath == "a.txt")
        #expect(try LatencyDistribution(parsing: "200ms").unresolvedPath == nil)
    }
}

@Suite("EmpiricalLatency")
struct EmpiricalLatencyTests {
    @Test func readsDurationsAndBareMilliseconds() throws {
        let text = "# ttfb export\n\n120\n95.5   # slow one\n  1.2s \n250us\n0\n"
        let distribution = try LatencyDistribution.empirical(parsingLines: text.split(separator: "\n"))
        #expect(distribution == .empirical([120_000_000, 95_500_000, 1_200_000_000, 250_000, 0]))
        #expect(distribution.description == "empirical(5 samples)")
    }

    @Test func namesTheLineNumberOfABadSample() {
        let lines: [Substring] = ["# header", "", "120", "fast", "130"]
        let error = #expect(throws: EmpiricalSamplesError.self) {
            try LatencyDistribution.empirical(parsingLines: lines)
        }
        guard case .invalidLine(let lineNumber, let parseError) = error else {
            Issue.record("expected an invalid line, got \(String(describing: error))")
            return
        }
        #expect(lineNumber == 4)
        #expect(parseError.input == "fast")
        #expect(error?.description.hasPrefix("line 4: invalid latency sample \"fast\"") == true)
        #expect(error?.description.contains("bare number of milliseconds") == true)
    }

    @Test(arguments: ["-5", "12x", "1,5", "5 5"])
    func refusesMalformedSamples(line: String) {
        #expect(throws: EmpiricalSamplesError.self) {
            try LatencyDistribution.empirical(parsingLines: [Substring(line)])
        }
    }

    @Test func refusesAFileWithoutSamples() {
        let error = #expect(throws: EmpiricalSamplesError.self) {
            try LatencyDistribution.empirical(parsingLines: ["# nothing", "", "   "])
        }
        #expect(error == .noSamples(lineCount: 3))
        #expect(error?.description.contains("no latency samples in 3 lines") == true)
    }
}
