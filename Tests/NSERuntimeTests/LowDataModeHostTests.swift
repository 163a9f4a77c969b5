import Foundation
import NSEBenchCore
import SDKProfiles
import SimulatedDevice
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
            TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: profile),
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
        // The miss is the phone's refusal, not a skip the extension chose: the download failed at once.
        #expect(record.download?.errorKind == .networkUnavailable)
        #expect(record.download?.bytes == 0)
        #expect(record.download?.count == 0, "nothing was asked of the host: the timeline counts no request")
        #expect(record.missEvidence.verdict?.cause == .networkUnavailable)
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

    @Test("on cellular, a request refusing cellular or expensive networks is not sent; on Wi-Fi it is")
    func cellularRefusals() async throws {
        let (noCellular, sentA) = try await Self.record(cellular: true) { $0.allowsCellularAccess = false }
        #expect(sentA == 0)
        #expect(noCellular.stageErrors[.download]?.contains("allowsCellularAccess is false") == true)
        #expect(noCellular.outcome == .unchanged)
        #expect(noCellular.missEvidence.verdict?.cause == .networkUnavailable)
        let (noExpensive, sentB) = try await Self.record(cellular: true) { $0.allowsExpensiveNetworkAccess = false }
        #expect(sentB == 0)
        #expect(noExpensive.stageErrors[.download]?.contains("allowsExpensiveNetworkAccess is false") == true)
        #expect(noExpensive.missEvidence.verdict?.cause == .networkUnavailable)
        let (onWiFi, sentC) = try await Self.record(cellular: false) {
            $0.allowsCellularAccess = false
            $0.allowsExpensiveNetworkAccess = false
        }
        #expect(sentC == 1, "a phone on Wi-Fi sends it")
        #expect(onWiFi.stageErrors[.download] == nil)
    }

    @Test("a refused side call (a receipt) is not the media's download: the miss is not blamed on it")
    func refusedSideCallIsNotTheMedia() async throws {
        let receipt = URL(string: "http://127.0.0.1:8080/receipts/abc")!
        let (record, sent) = try await Self.record(cellular: true, url: receipt) { $0.allowsCellularAccess = false }
        #expect(sent == 0)
        #expect(record.download == nil)
        #expect(record.stageErrors[.download]?.contains("allowsCellularAccess is false") == true)
        #expect(record.missEvidence.verdict?.cause == .enrichmentSkipped)
    }

    /// The record of a cellular phone whose extension runs `requests` on its network; the harness answers
    /// each sent request a second later.
    static func record(
        sent: Int, _ requests: @escaping @Sendable (InvocationNetwork) async -> Void
    ) async throws -> InvocationRecord {
        let harness = try HostHarness { _ in .respond(.init(after: second, contentType: "image/jpeg")) }
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "then-refused") {
            ContextWorkService { context, content in
                await requests(InvocationNetwork(context: context))
                return content
            }
        }
        var input = harness.input(
            TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL), extension: factory)
        input.cellularNetwork = true
        let task = harness.start(input)
        if sent > 0 { await harness.downloader.waitForRequests(sent) }
        for _ in 0..<4 {
            harness.clock.advance(by: second)
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(harness.downloader.requests.count == sent)
        return await task.value
    }

    @Test("a download, then one refused: the refusal is the last download's, at its own instant")
    func refusedAfterADownload() async throws {
        let record = try await Self.record(sent: 1) { network in
            _ = await network.load(PhoneRequest(url: TestPayloads.mediaURL, idleTimeout: second))
            var refused = PhoneRequest(url: TestPayloads.mediaURL, idleTimeout: second)
            refused.allowsCellularAccess = false
            _ = await network.load(refused)
        }
        #expect(record.download?.count == 1, "one request reached the host")
        #expect(record.download?.errorKind == .networkUnavailable)
        #expect(record.missEvidence.verdict?.cause == .networkUnavailable)
        // The download phase is the sent download's second, without a 0 ms sample or a span stretched to
        // the refusal.
        #expect(record.measurement.phases[.download] == second)
        #expect(record.missEvidence.download?.start == record.missEvidence.download?.end, "failed at once")
    }

    @Test("a refused redirect hop is blamed network_unavailable, after the hop before it")
    func refusedHop() async throws {
        let record = try await Self.record(sent: 1) { network in
            let first = PhoneRequest(url: TestPayloads.mediaURL, idleTimeout: second)
            _ = await network.load(first)
            var hop = first
            hop.redirectedFrom = first.url
            hop.allowsCellularAccess = false
            _ = await network.load(hop)
        }
        #expect(record.download?.count == 1)
        #expect(record.download?.errorKind == .networkUnavailable)
        #expect(record.missEvidence.verdict?.cause == .networkUnavailable)
    }

    @Test("a request the harness does not simulate (a file URL) is no failure of the network's or the target's")
    func unsimulatedRequestIsNoDownload() async throws {
        let record = try await Self.record(sent: 0) { network in
            _ = await network.load(PhoneRequest(url: URL(fileURLWithPath: "/tmp/x.jpg"), idleTimeout: second))
        }
        #expect(record.download == nil)
        #expect(record.stageErrors[.download] != nil)
        #expect(record.missEvidence.verdict?.cause == .enrichmentSkipped)
    }

    /// The record of a phone, on cellular or not, whose extension sends one request so configured (to
    /// the media unless `url` says otherwise) and delivers the content as it came.
    static func record(
        cellular: Bool, url: URL = TestPayloads.mediaURL, _ configure: @escaping @Sendable (inout PhoneRequest) -> Void
    ) async throws -> (InvocationRecord, Int) {
        let harness = try HostHarness { _ in .respond(.init(after: 0, contentType: "image/jpeg")) }
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "cellular") {
            ContextWorkService { context, content in
                var request = PhoneRequest(url: url, idleTimeout: second)
                configure(&request)
                _ = await InvocationNetwork(context: context).load(request)
                return content
            }
        }
        var input = harness.input(
            TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL), extension: factory)
        input.cellularNetwork = cellular
        let task = harness.start(input)
        if !cellular { await harness.downloader.waitForRequests(1) }
        for _ in 0..<4 {
            harness.clock.advance(by: second)
            try await Task.sleep(for: .milliseconds(20))
        }
        return (await task.value, harness.downloader.requests.count)
    }
}
