import Foundation
import NSEBenchCore
import NSEBenchSystem
import Testing

@testable import NSEBenchCLI

/// `--transport-loops`: how many event loops the run's downloads are spread over.
@Suite("nse-bench run --transport-loops", .serialized, .timeLimit(.minutes(3)))
struct TransportLoopsTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test func aLoopPerCoreWithOrWithoutATarget() throws {
        #expect(try parse([]).transportLoops == min(64, max(1, ProcessResources.cores)))
        #expect(
            try parse(["--target", "http://127.0.0.1:9/"]).transportLoops == min(64, max(1, ProcessResources.cores)))
        #expect(RunOptions.defaultTransportLoops(cores: 16) == 16)
        #expect(RunOptions.defaultTransportLoops(cores: 2) == 2)
        #expect(RunOptions.defaultTransportLoops(cores: 0) == 1)
        #expect(RunOptions.defaultTransportLoops(cores: 192) == 64, "the flag's own limit")
        #expect(try parse(["--transport-loops", "3"]).transportLoops == 3)
    }

    @Test(arguments: ["0", "65", "two"])
    func aCountOutOfRangeIsRefusedNamingTheFlag(_ value: String) {
        let error = #expect(throws: UsageError.self) { try parse(["--transport-loops", value]) }
        #expect("\(String(describing: error))".contains("transport-loops"), "\(String(describing: error))")
    }

    @Test func downloadsSpreadOverTwoLoopsAllArrive() async throws {
        let result = try await InProcessRun.run([
            "-n", "60", "-c", "20", "--media", "200KB.jpg:1", "--transport-loops", "2", "--extension-processes", "0",
        ])
        #expect(result.status == .success, "\(result.text)")
        #expect(result.rows.count == 60)
        #expect(result.summary["enriched"] == "60", "\(result.text)")
        #expect(Double(result.summary["transport_lag_p99_ms"] ?? "") != nil, "both loops' probes are reported")
    }
}
