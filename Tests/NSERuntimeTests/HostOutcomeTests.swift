import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// Each outcome class, reached the way it happens on iOS, with the built-in extensions where they fit.
@Suite("Extension host outcomes", .timeLimit(.minutes(1)))
struct HostOutcomeTests {
    @Test("decryption and media both delivered before the deadline: enriched")
    func enriched() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let payload = try TestPayloads.encrypted(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("priority")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value

        #expect(record.outcome == .enriched)
        #expect(record.visible.kind == .rich)
        #expect(record.visible.title == TestPayloads.secret.title)
        #expect(record.visible.body == TestPayloads.secret.body)
        #expect(record.enrichment.requested == [.decryptedText, .attachment])
        #expect(record.enrichment.delivered == [.decryptedText, .attachment])
        #expect(record.violations.isEmpty)
        #expect(record.timeToDeliver == second)
        #expect(record.slack == Int64(29 * second))
        #expect(record.httpStatus == 200)
        #expect(record.bytesDownloaded == 6)
        #expect(record.downloadErrorText == nil)
        #expect(record.phases.queued == 0)
        #expect(record.phases.decrypt != nil)
        #expect(record.phases.download == PhaseSpan(start: 0, end: second))
        #expect(record.phases.downloadTimings?.firstByte == second)
        #expect(record.phases.attach != nil)
        #expect(record.phases.deliver?.start == second)
        let attachment = try #require(record.visible.attachments.first)
        #expect(attachment.url?.pathExtension == "jpg")
        #expect(FileManager.default.fileExists(atPath: try #require(attachment.url).path))
        #expect(harness.store.totals == AttachmentStore.Totals(files: 1, bytes: 6))
        #expect(harness.clock.pendingDeadlines.isEmpty, "the deadline and wind-down timers are cancelled")
    }

    @Test("a 404 for the media: the text alone, as it arrived: unchanged, the user sees the original")
    func unchangedByNotFound() async throws {
        let harness = try HostHarness { _ in
            .respond(.init(after: second, status: 404, contentType: "text/html", body: .bytes(Array("gone".utf8))))
        }
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value

        #expect(record.outcome == .unchanged)
        #expect(record.outcome.fellBack)
        #expect(record.visible.kind == .original)
        #expect(record.visible.title == "Flash sale")
        #expect(record.visible.attachments.isEmpty)
        #expect(record.enrichment.missing == [.attachment])
        #expect(record.httpStatus == 404)
        #expect(record.downloadErrorText == "HTTP status 404")
        #expect(record.stageErrors[.download] == "HTTP status 404")
        #expect(harness.storedFiles.isEmpty)
    }

    @Test("a payload without mutable-content: iOS shows it as it arrived and never starts the extension")
    func notMutableNeverStarts() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        var payload = TestPayloads.plain(mediaURL: TestPayloads.mediaURL)
        payload.isMutable = false
        let record = await harness.host.invoke(
            harness.input(payload, extension: try BuiltInExtensions.named("media")))

        #expect(record.outcome == .notMutable)
        #expect(record.visible.kind == .original)
        #expect(record.visible.title == "Flash sale")
        #expect(record.times.started == nil, "didReceive was never called")
        #expect(record.times.expiryCalled == nil)
        #expect(harness.downloader.requests.isEmpty, "no extension, no download")
        #expect(record.violations.isEmpty)
    }

    @Test("a tampered payload: decryption fails, the placeholder is handed back: unchanged, the original shown")
    func unchangedByTamperedPayload() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let generator = try PayloadGenerator(
            seed: 11, mix: PayloadMix(encrypted: 1), mediaBaseURL: URL(string: "http://127.0.0.1:8080")!,
            key: HostHarness.key, faults: CryptoFaultRates(tamper: 1))
        let generated = try generator.payload(at: 0)
        let input = InvocationInput(generated: generated, arrival: 0, extension: try BuiltInExtensions.named("decrypt"))
        let record = await harness.host.invoke(input)

        #expect(record.outcome == .unchanged)
        #expect(record.visible.kind == .original)
        #expect(record.injectedFault == .tamper)
        #expect(record.visible.title == generated.payload.alert.title)
        #expect(record.enrichment.missing == [.decryptedText])
        #expect(record.stageErrors[.decrypt]?.contains("authentication failed") == true)
        #expect(record.phases.decrypt != nil)
    }

    @Test("an intact payload through decrypt: enriched with the decrypted text")
    func decrypted() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let input = harness.input(try TestPayloads.encrypted(), extension: try BuiltInExtensions.named("decrypt"))
        let record = await harness.host.invoke(input)

        #expect(record.outcome == .enriched)
        #expect(record.enrichment.delivered == [.decryptedText])
        #expect(record.visible.title == TestPayloads.secret.title)
        #expect(record.stageErrors.isEmpty)
    }

    @Test("a download that hangs: expiry, a best attempt that is the text as it arrived shows the original")
    func expiredBestAttempt() async throws {
        let harness = try HostHarness { _ in .hang }
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(to: 30 * second)
        await harness.events.wait(for: .outcomeFixed(.expiredOriginal))
        harness.clock.advance(to: 31 * second)
        let record = await task.value

        #expect(record.outcome == .expiredOriginal)
        #expect(record.visible.kind == .original)
        #expect(record.visible.title == "Flash sale")
        #expect(record.visible.attachments.isEmpty)
        #expect(record.times.expiryCalled == 30 * second)
        #expect(record.times.delivered == 30 * second)
        #expect(record.slack == 0)
        #expect(record.workAbandoned)
        #expect(record.violations.isEmpty)
        #expect(record.enrichment.missing == [.attachment])
    }

    @Test("media-no-expiry, without serviceExtensionTimeWillExpire: a download that hangs ends expired_original")
    func noExpiryHandlerShowsTheOriginal() async throws {
        let harness = try HostHarness { _ in .hang }
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media-no-expiry")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(to: 30 * second)
        await harness.events.wait(for: .expiryCalled)
        harness.clock.advance(to: 32 * second)
        await harness.events.wait(for: .outcomeFixed(.expiredOriginal))
        // The hung download is abandoned once the wind-down after the end has passed.
        harness.clock.advance(to: 33 * second)
        let record = await task.value

        #expect(record.outcome == .expiredOriginal)
        #expect(record.visible.kind == .original)
        #expect(record.times.expiryCalled == 30 * second)
        #expect(record.times.delivered == nil, "nothing delivered in the grace period")
    }

    @Test("a download that stalls after its headers: the phases it reached are recorded")
    func expiredDownloadKeepsItsPhases() async throws {
        // As the transport reports a body under way: connected at 0.1 s, first byte at 0.3 s, 200,
        // 4,000 bytes, then nothing more.
        let harness = try HostHarness { request in
            request.progress?.update(
                MediaDownloadProgress.Snapshot(
                    started: 0, connected: second / 10, firstByte: 3 * second / 10, status: 200,
                    contentType: "image/jpeg", bytes: 4_000))
            return .hang
        }
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(to: 30 * second)
        await harness.events.wait(for: .outcomeFixed(.expiredOriginal))
        harness.clock.advance(to: 31 * second)
        let record = await task.value

        #expect(record.outcome == .expiredOriginal)
        #expect(record.httpStatus == 200)
        #expect(record.bytesDownloaded == 4_000)
        #expect(record.downloadErrorText == "still downloading when the invocation ended")
        #expect(record.measurement.phases[.connect] == second / 10)
        #expect(record.measurement.phases[.firstByte] == 3 * second / 10)
        #expect(record.measurement.phases[.download] == nil, "the download never finished")
    }

    @Test("an extension that never calls the handler: expiry, grace end, the original")
    func expiredOriginal() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "silent") { SilentService() }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await harness.events.wait(for: .didReceiveCalled)
        harness.clock.advance(to: 30 * second)
        harness.clock.advance(to: 32 * second)
        let record = await task.value

        #expect(record.outcome == .expiredOriginal)
        #expect(record.visible.kind == .original)
        #expect(record.visible.title == "Flash sale")
        #expect(record.times.expiryCalled == 30 * second)
        #expect(record.times.finished == 32 * second)
        #expect(record.timeToDeliver == nil)
        #expect(record.slack == nil)
        #expect(record.enrichment.delivered.isEmpty)
    }

    @Test("content without alert text: discarded, the original shown")
    func discarded() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "no-text") { NoAlertTextService() }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))

        #expect(record.outcome == .discarded)
        #expect(record.violations.alertTextRemoved == 1)
        #expect(record.visible.kind == .original)
        #expect(record.visible.title == "Flash sale")
        #expect(record.enrichment.delivered.isEmpty)
    }
}
