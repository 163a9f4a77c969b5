import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import NSERuntime
import Testing

@testable import NSEBenchCLI

/// `run --tls`: the embedded media over HTTPS, the transport pinned to the server's certificate.
@Suite("nse-bench run --tls", .timeLimit(.minutes(2)))
struct TLSRunTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test func flagsAndTheirConflicts() throws {
        let tls = try parse(["--tls"])
        #expect(tls.tls)
        #expect(tls.settings.target == "embedded-tls", "summary.csv tells a TLS run from a plain one")
        #expect(throws: UsageError.conflictingOptions("tls", "target")) {
            try parse(["--tls", "--target", "https://127.0.0.1:8443"])
        }
        #expect(throws: UsageError.self) { try parse(["--ca-file", "/etc/hostname"]) }
        #expect(throws: UsageError.self) {
            try parse(["--target", "https://127.0.0.1:8443", "--ca-file", "/nonexistent.pem"])
        }
    }

    @Test func everyInvocationDownloadsOverHTTPS() async throws {
        let executable = RepositoryPaths.nseBenchExecutable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build nse-bench first")
        let media = try BuiltInExtensions.named("media")
        let result = try await LoadTest.run(
            "media", arguments: onLoopback(["-n", "30", "-c", "5", "--tls", "--media", "1KB.jpg:1"]),
            nseBench: executable,
            extension: media.make)
        defer { try? FileManager.default.removeItem(at: result.folder) }
        #expect(result.summary["target"] == "embedded-tls")
        #expect(result.summary["invocations"] == "30")
        #expect(result.summary["enriched"] == "30", "every download passed the pinned certificate's check")
        #expect(result.status == .success)
    }
}
