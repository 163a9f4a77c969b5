import Foundation
import NSEBenchCore
import Testing

@testable import NSEBenchCLI

/// The thresholds file: strict JSON into ``Thresholds``, every error naming its key path.
@Suite("compare thresholds file")
struct ThresholdsFileTests {
    @Test func theCheckedInFileParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(
            contentsOf: root.appendingPathComponent(ThresholdsFile.defaultPath), encoding: .utf8)
        let thresholds = try ThresholdsFile.parse(text)
        #expect(thresholds.defaults.alpha == 0.01)
        #expect(thresholds.metrics["deliver_p99_ms"] == MetricThresholds(relative: 1.0, absoluteMilliseconds: 1000))
        #expect(thresholds.metrics["harness_cpu_s"]?.reportOnly == true)
    }

    @Test func everySectionReadsIntoTheModel() throws {
        let thresholds = try ThresholdsFile.parse(
            #"""
            {"//": "comment", "defaults": {"alpha": 0.05, "min_effect": 0.02, "relative": 0.15, "absolute_ms": 8,
              "measure_relative": 0.3},
             "metrics": {"enriched_rate": {"min_effect": 0.02}, "harness_cpu_s": {"ignore": false},
               "peak_rss_bytes": {"absolute": 1048576, "relative": 0.5}},
             "scenarios": {"lossy": {"defaults": {"relative": 0.2}, "metrics": {"killed_rate": {"min_effect": 0.005}}}}}
            """#)
        #expect(
            thresholds.defaults
                == ThresholdDefaults(
                    alpha: 0.05, minimumEffect: 0.02, timeRelative: 0.15, timeAbsoluteMilliseconds: 8,
                    measureRelative: 0.3))
        #expect(thresholds.metrics["harness_cpu_s"] == MetricThresholds(reportOnly: false))
        #expect(thresholds.metrics["peak_rss_bytes"] == MetricThresholds(relative: 0.5, absolute: 1_048_576))
        #expect(thresholds.scenarios["lossy"]?.defaults == ThresholdDefaults(timeRelative: 0.2))
        #expect(thresholds.scenarios["lossy"]?.metrics["killed_rate"] == MetricThresholds(minimumEffect: 0.005))
    }

    @Test(
        "errors name the key path",
        arguments: [
            (#"{"default": {}}"#, "default: unknown key"),
            (#"{"metrics": {"deliver_p99_ms": {"relativ": 0.2}}}"#, "metrics.deliver_p99_ms.relativ: unknown key"),
            (#"{"metrics": {"deliver_p98_ms": {"relative": 0.2}}}"#, "metrics.deliver_p98_ms: unknown metric"),
            (
                #"{"metrics": {"deliver_p99_ms": {"min_effect": 0.2}}}"#,
                "metrics.deliver_p99_ms.min_effect: does not apply"
            ),
            (#"{"metrics": {"deliver_p99_ms": {"absolute": 3}}}"#, "metrics.deliver_p99_ms.absolute: does not apply"),
            (#"{"defaults": {"alpha": "0.01"}}"#, "defaults.alpha: expected a number"),
            (#"{"defaults": {"alpha": 2}}"#, "defaults.alpha: 2.0 is out of range"),
            (#"{"metrics": {"harness_cpu_s": {"ignore": 1}}}"#, "metrics.harness_cpu_s.ignore: expected true or false"),
            (#"{"scenarios": {"x": {"metric": {}}}}"#, "scenarios.x.metric: unknown key"),
            (
                #"{"scenarios": {"x": {"defaults": {"relative": -1}}}}"#,
                "scenarios.x.defaults.relative: -1.0 is out of range"
            ),
            (#"[1, 2]"#, "the top level: expected an object"), (#"{"metrics": "#, "not valid JSON"),
        ])
    func errorsNameTheKeyPath(text: String, message: String) {
        let error = #expect(throws: ThresholdsError.self) { try ThresholdsFile.parse(text) }
        #expect(error.map(String.init(describing:))?.contains(message) == true, "\(String(describing: error))")
    }
}

/// Where `compare` finds its default thresholds file when run from another directory.
@Suite("Thresholds file location")
struct ThresholdsFileLocationTests {
    @Test func foundAboveTheBaselineThenBesideTheExecutable() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("repo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Benchmarks"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try "{}".write(to: root.appendingPathComponent("Benchmarks/thresholds.json"), atomically: true, encoding: .utf8)
        let expected = root.appendingPathComponent("Benchmarks/thresholds.json").path
        #expect(
            ThresholdsFile.locateDefault(
                near: [root.appendingPathComponent("Results/baseline.csv").path], workingDirectory: elsewhere.path,
                executable: "/nonexistent/bin/nse-bench") == expected)
        #expect(
            ThresholdsFile.locateDefault(
                near: ["/nonexistent/a.csv"], workingDirectory: elsewhere.path,
                executable: root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release/nse-bench").path)
                == expected)
        #expect(
            ThresholdsFile.locateDefault(
                near: ["/nonexistent/a.csv"], workingDirectory: elsewhere.path, executable: "/nonexistent/bin/nse-bench"
            )
                == nil)
    }
}
