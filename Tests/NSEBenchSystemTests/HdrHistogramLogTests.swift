import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCore
@testable import NSEBenchSystem

/// `histograms.hlog` is HdrHistogram's own format: the PyPI hdrhistogram package decodes it and
/// finds the percentiles summary.csv reports (Tests/Scripts/hlog_check.py; skipped, saying so,
/// where the package is not installed; `.ci/install-deps` installs it).
@Suite("HdrHistogram interval log")
struct HdrHistogramLogTests {
    static func aggregate() -> RunAggregate {
        var aggregate = RunAggregate()
        for index in 0..<5_000 {
            let deliver = UInt64(2_000_000 + (index * 104_729) % 3_000_000_000)
            aggregate.record(
                InvocationMeasurement(
                    id: index, outcome: .enriched, timeToDeliver: deliver, slack: 30_000_000_000 - Int64(deliver),
                    phases: [
                        .queued: UInt64(index % 97) * 10_000, .connect: 500_000 + UInt64(index % 13) * 1_000,
                        .download: deliver / 3,
                    ]))
        }
        return aggregate
    }

    @Test func zigZagVarintsAreHdrHistogramsAndTheHeaderBigEndian() {
        var bytes: [UInt8] = []
        HdrHistogramEncoding.appendZigZag(1, to: &bytes)
        HdrHistogramEncoding.appendZigZag(-3, to: &bytes)
        HdrHistogramEncoding.appendZigZag(300, to: &bytes)
        #expect(bytes == [2, 5, 0xD8, 0x04])
        let encoded = HdrHistogramEncoding.uncompressed(Histogram())
        #expect(Array(encoded.prefix(4)) == [0x1C, 0x84, 0x93, 0x03])
        #expect(encoded.count == 40, "an empty histogram is the 40-byte header alone")
    }

    @Test func thePyPIPackageDecodesThePercentilesTheSummaryReports() async throws {
        let histograms = Self.aggregate().histograms
        let directory = try TemporaryDirectory(prefix: "nse-bench-hlog")
        defer { directory.remove() }
        let log = directory.url.appendingPathComponent("histograms.hlog")
        // At a time scale other than 1 the header names it in a comment line, which a real reader skips;
        // the values stay as measured.
        let text = try HdrHistogramLog.text(histograms, startTime: 1_796_133_600, length: 10, timeScale: 0.5)
        #expect(text.contains("#[Values are nanoseconds as measured at nse-bench --time-scale 0.5"))
        #expect(!(try HdrHistogramLog.text(histograms, startTime: 0, length: 1)).contains("time-scale"))
        try text.write(to: log, atomically: true, encoding: .utf8)
        let summary = SummaryRow.timeValues(histograms: histograms, timeScale: 1)
        var expected = ""
        for (name, percentile) in SummaryRow.deliverPercentiles {
            expected += "deliver \(percentile) \(summary["deliver_\(name)_ms"]!)\n"
        }
        for phase in [Phase.queued, .connect, .download] {
            expected += "\(phase) 50 \(summary[phase.summaryColumn(.p50)]!)\n"
            expected += "\(phase) 99 \(summary[phase.summaryColumn(.p99)]!)\n"
        }
        let expectations = try directory.write("expected.txt", expected)
        // Outside CI the package may be absent: the script says so and the test skips.
        guard let result = try await PythonScript.run("hlog_check.py", [log.path, expectations]) else { return }
        #expect(result.status == 0, "\(result.output)")
    }
}
