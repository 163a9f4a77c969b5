import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// Blame and injected network faults end to end: the embedded server names what it injected, the
/// run counts each miss by its cause, and a real fault of the same kind is not claimed as injected.
@Suite("nse-bench run: blame for every miss", .serialized, .timeLimit(.minutes(3)))
struct BlameRunTests {
    /// Runs `nse-bench run` in process; the exit status, summary row, invocation rows and text summary.
    func run(_ arguments: [String]) async throws -> (
        status: ExitCode, summary: [String: String], rows: [[String: String]], text: String
    ) {
        try await InProcessRun.run(arguments)
    }

    @Test func injectedResetsAreNamedBlamedAndCounted() async throws {
        // Half reset before the response (no head to name it), half during the body (named in the head).
        let result = try await run([
            "-n", "40", "-c", "10", "--extension", "media", "--media", "200KB.jpg:1",
            "--reset-before", "50", "--reset-during", "100", "--extension-processes", "0",
        ])
        #expect(result.rows.count == 40)
        #expect(result.rows.allSatisfy { $0["blame"] == "connection_lost" }, "\(result.rows.map { $0["blame"] })")
        let faults = Set(result.rows.map { $0["injected_fault"] ?? "" })
        #expect(faults == ["reset-before", "reset-during"], "\(faults)")
        #expect(result.summary["blame_connection_lost"] == "40")
        #expect(result.summary["blame_first_byte"] == "0")
        #expect(result.text.contains("why the others fell back (40 not enriched)"), "\(result.text)")
        let line = try #require(result.text.split(separator: "\n").first { $0.hasPrefix("connection_lost") })
        #expect(line.contains("100.0%") && line.contains(" 40 "), "\(line)")
    }

    @Test func enrichedInvocationsHaveNoBlame() async throws {
        let result = try await run(["-n", "10", "-c", "5", "--extension", "media", "--extension-processes", "0"])
        #expect(result.rows.allSatisfy { $0["outcome"] != "enriched" || $0["blame"] == "" })
        #expect(!result.text.contains("why the others fell back") || result.summary["enriched"] != "10")
    }

    @Test func aRealResetFromAForeignHostIsNotClaimedAsInjected() async throws {
        // A host that accepts and resets every connection, as a failing CDN might: not nse-bench's server.
        let listener = try ResettingListener()
        defer { listener.stop() }
        let result = try await run([
            "-n", "6", "-c", "3", "--extension", "media", "--extension-processes", "0",
            "--target", "http://127.0.0.1:\(listener.port)",
        ])
        #expect(result.rows.count == 6)
        #expect(result.rows.allSatisfy { $0["injected_fault"] == "" }, "\(result.rows.map { $0["injected_fault"] })")
        #expect(result.rows.allSatisfy { $0["blame"] == "connection_lost" }, "\(result.rows.map { $0["blame"] })")
        #expect(result.text.contains("connection_lost"))
    }

    @Test func faultsAreNamedForAnExtensionInWorkerProcesses() async throws {
        let (status, summary, rows) = try await ExtensionProcessTests().run([
            "--extension", "Examples/MediaDownload", "-n", "30", "-c", "10", "--media", "200KB.jpg:1",
            "--reset-before", "50", "--status", "503:100",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.count == 30)
        #expect(Set(rows.map { $0["injected_fault"] ?? "" }) == ["reset-before", "status"], "\(rows)")
        #expect(
            Int(summary["blame_connection_lost"] ?? "")! + Int(summary["blame_http_status"] ?? "")! == 30, "\(summary)")
    }
}
