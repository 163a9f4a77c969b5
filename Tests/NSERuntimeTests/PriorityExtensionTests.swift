import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// The `priority` extension: decryption first, the media within the budget left, one delivery.
@Suite("Priority extension", .timeLimit(.minutes(1)))
struct PriorityExtensionTests {
    @Test("the download's timeout is the budget left minus the safety margin")
    func timeoutFromRemainingBudget() async throws {
        let harness = try HostHarness(now: 5 * second)
        defer { harness.remove() }
        let payload = try TestPayloads.encrypted(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("priority")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value

        let request = try #require(harness.downloader.requests.first)
        #expect(request.timeout == 23 * second, "30 s budget - 5 s queued - 2 s margin")
        #expect(request.url == TestPayloads.mediaURL)
        #expect(record.outcome == .enriched)
    }

    @Test("the margin is a setting")
    func customMargin() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = try BuiltInExtensions.named(
            "priority", settings: BuiltInExtensionSettings(prioritySafetyMargin: 5 * second))
        let task = harness.start(harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        _ = await task.value

        #expect(harness.downloader.requests.first?.timeout == 25 * second)
    }

    @Test("no more budget than the margin: the download is skipped and the decrypted text delivered")
    func skipsDownloadWhenOutOfBudget() async throws {
        let harness = try HostHarness(now: 28 * second + second / 2)
        defer { harness.remove() }
        let payload = try TestPayloads.encrypted(mediaURL: TestPayloads.mediaURL)
        let record = await harness.host.invoke(
            harness.input(payload, extension: try BuiltInExtensions.named("priority")))

        #expect(harness.downloader.requests.isEmpty)
        #expect(record.outcome == .degraded)
        #expect(record.enrichment.delivered == [.decryptedText])
        #expect(record.stageErrors[.download]?.hasPrefix("skipped") == true)
    }

    @Test("a download that fails delivers the decrypted text at once")
    func failureDeliversWhatItHas() async throws {
        let harness = try HostHarness { _ in
            .respond(.init(after: 3 * second, status: 0, error: MediaDownloadError(.connectFailed, "refused")))
        }
        defer { harness.remove() }
        let payload = try TestPayloads.encrypted(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("priority")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: 3 * second)
        let record = await task.value

        #expect(record.outcome == .degraded)
        #expect(record.visible.title == TestPayloads.secret.title)
        #expect(record.download?.errorKind == .connectFailed)
        #expect(record.downloadErrorText == "connect_failed: refused")
        #expect(record.timeToDeliver == 3 * second)
    }

    @Test("the download's end and the expiry call at the same instant deliver once")
    func guardedAtTheDeadline() async throws {
        let harness = try HostHarness { _ in .hang }
        defer { harness.remove() }
        let factory = try BuiltInExtensions.named(
            "priority", settings: BuiltInExtensionSettings(prioritySafetyMargin: 0))
        let payload = try TestPayloads.encrypted(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: factory))
        await harness.downloader.waitForRequests(1)
        #expect(harness.downloader.requests.first?.timeout == 30 * second)
        harness.clock.advance(to: 30 * second)
        let record = await task.value

        #expect(record.outcome == .expiredBestAttempt, "the decrypted text without the image")
        #expect(record.visible.title == TestPayloads.secret.title)
        #expect(record.violations.isEmpty)
        #expect(record.download?.errorKind == .timedOut)
    }
}
