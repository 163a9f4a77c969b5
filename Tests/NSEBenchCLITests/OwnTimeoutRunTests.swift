import Foundation
import Testing

@testable import NSEBenchCLI

/// The timeout an extension's downloads set reaches summary.csv and the text summary, through the
/// URLSession a user's code gets (Batch's profile sets `timeoutIntervalForResource = 20`) as through the
/// built-ins' own downloader.
@Suite("nse-bench run: the extension's own timeout", .serialized, .timeLimit(.minutes(3)))
struct OwnTimeoutRunTests {
    @Test(arguments: [("batch", "20"), ("media-25s", "25"), ("media", "")])
    func theTimeoutItsDownloadsSetIsRecorded(_ name: String, _ expected: String) async throws {
        let result = try await InProcessRun.run([
            "-n", "8", "-c", "4", "--extension", name, "--media", "200KB.jpg:1", "--extension-processes", "0",
        ])
        #expect(result.summary["enriched"] == "8", "\(result.text)")
        #expect(result.summary["extension_timeout_s"] == expected, "\(result.summary["extension_timeout_s"] ?? "nil")")
        #expect(result.text.contains("(own timeout \(expected) s)") == !expected.isEmpty, "\(result.text)")
    }
}
