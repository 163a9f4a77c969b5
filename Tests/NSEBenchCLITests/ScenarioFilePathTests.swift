import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// A scenario file's `file:` paths are read from the scenario's folder, not the current directory,
/// so that a scenario and the files it names move together.
@Suite("scenario files name their files from their own folder")
struct ScenarioFilePathTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunOptions.configuration(from: ArgumentParser.parse(arguments, for: RunCommand.configuration))
    }

    @Test func aRelativeCurveAndDistributionAreReadBesidesTheScenario() throws {
        let folder = try TemporaryDirectory(prefix: "nse-bench-scenario")
        defer { folder.remove() }
        try folder.write("herd/curve.csv", "seconds,share_delivered\n0,0\n2,0.5\n4,1\n")
        try folder.write("herd/ttfb.txt", "250ms\n")
        let scenario = try folder.write(
            "herd/scenario.json",
            #"{"burst": 10, "profile": "none", "fanout-curve": "file:curve.csv", "ttfb": "file:ttfb.txt"}"#)
        #expect(FileManager.default.currentDirectoryPath != folder.path("herd"))
        let settings = try parse(["--scenario", scenario]).settings
        #expect(settings.fanout == 4_000_000_000, "the curve's own length")
        #expect(settings.fanoutCurve.source == "file:" + folder.path("herd/curve.csv"))
        #expect(settings.network.classes[0].conditions.timeToFirstByte == .empirical([250_000_000]))
    }

    @Test func absolutePathsAndOtherValuesAreAsGiven() {
        #expect(RunOptions.resolvingFile("file:/data/ttfb.txt", besides: "herd/x.json") == "file:/data/ttfb.txt")
        #expect(RunOptions.resolvingFile("2s", besides: "herd/x.json") == "2s")
        #expect(RunOptions.resolvingFile("file:t.txt", besides: "x.json") == "file:t.txt")
        #expect(
            RunOptions.resolvingFile("file:t.txt", besides: "/nonexistent/herd/x.json")
                == "file:/nonexistent/herd/t.txt")
    }

    @Test func theRepositorysHerdScenarioFindsItsCurveBesideIt() throws {
        // Benchmarks/herd/broadcast-curve.json names "file:broadcast-curve.csv", beside it.
        let settings = try parse(["--scenario", "Benchmarks/herd/broadcast-curve.json"]).settings
        #expect(settings.fanoutCurve.source == "file:Benchmarks/herd/broadcast-curve.csv")
    }
}
