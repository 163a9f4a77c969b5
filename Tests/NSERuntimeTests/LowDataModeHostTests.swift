import Foundation
import NSEBenchCore
import SDKProfiles
import Testing

@testable import NSERuntime

/// A phone in Low Data Mode (`--low-data-mode`): a session whose configuration refuses constrained
/// networks fails at once, as Batch's does by default; the others download as usual.
@Suite("Low Data Mode on the host", .timeLimit(.minutes(1)))
struct LowDataModeHostTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]

    func run(_ profile: String, constrained: Bool) async throws -> (InvocationRecord, requests: Int) {
        let harness = try HostHarness { _ in
            .respond(.init(after: 0, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        var input = harness.input(
            TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL),
            extension: try BuiltInExtensions.named(profile))
        input.constrainedNetwork = constrained
        let task = harness.start(input)
        // The download (if the phone sends it) and the wind-down, on the manual clock.
        if !(constrained && profile == "batch") { await harness.downloader.waitForRequests(1) }
        for _ in 0..<4 {
            harness.clock.advance(by: second)
            try await Task.sleep(for: .milliseconds(20))
        }
        let record = await task.value
        return (record, harness.downloader.requests.count)
    }

    @Test("Batch on a constrained phone: nothing is sent and the original is shown")
    func batchRefusesConstrainedNetworks() async throws {
        let (record, requests) = try await run("batch", constrained: true)
        #expect(record.outcome == .unchanged)
        #expect(record.visible.attachments.isEmpty)
        #expect(requests == 0)
        #expect(record.stageErrors[.download]?.contains("Low Data Mode") == true)
    }

    @Test("Batch on an unconstrained phone, Firebase on a constrained one: both download")
    func othersDownload() async throws {
        let (batch, batchRequests) = try await run("batch", constrained: false)
        #expect(batch.outcome == .enriched)
        #expect(batchRequests == 1)
        let (firebase, firebaseRequests) = try await run("firebase", constrained: true)
        #expect(firebase.outcome == .enriched, "Firebase's session allows constrained networks, as iOS's default")
        #expect(firebaseRequests == 1)
    }

    @Test("the harness's own downloader (the media built-in) ignores Low Data Mode")
    func builtInDownloaderIsUnaffected() async throws {
        let (record, requests) = try await run("media", constrained: true)
        #expect(record.outcome == .enriched)
        #expect(requests == 1)
    }
}
