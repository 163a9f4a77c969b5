import Foundation
import NSEBenchCore
import SimulatedDevice
import Testing

@testable import NSERuntime

/// The built-in extensions' media download follows redirects as URLSession does (``MediaFetcher``).
@Suite("Built-in extensions: redirects", .timeLimit(.minutes(1)))
struct BuiltInRedirectTests {
    /// A media host that answers `hops` redirects (`/media/hop<n>` → `/media/hop<n+1>`, the last to
    /// `/media/pic.jpg`) before the image; every request takes a second.
    static func harness(hops: Int) throws -> HostHarness {
        try HostHarness { download in
            let path = download.url.path
            let index = path.hasPrefix("/media/hop") ? Int(path.dropFirst("/media/hop".count)) ?? 0 : -1
            guard index >= 0 else { return .respond(.init(after: second, contentType: "image/jpeg")) }
            let location = index + 1 < hops ? "/media/hop\(index + 1)" : "https://cdn.example.com/media/pic.jpg"
            return .respond(
                .init(
                    after: second, status: 302, body: .bytes(Array("moved".utf8)),
                    headerFields: [HTTPHeaderField(name: "Location", value: location)]))
        }
    }

    /// Runs the built-in `media` on a payload whose media is `/media/hop0`, moving the clock a second at a
    /// time until `requests` downloads were made.
    static func record(hops: Int, requests: Int) async throws -> (InvocationRecord, [MediaDownload]) {
        let harness = try harness(hops: hops)
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: URL(string: "http://127.0.0.1:9/media/hop0")!)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media")))
        for count in 1...requests {
            await harness.downloader.waitForRequests(count)
            harness.clock.advance(by: second)
        }
        return (await task.value, harness.downloader.requests)
    }

    @Test("two redirects, then the image: enriched, three downloads, no error, the image's status")
    func followed() async throws {
        let (record, requests) = try await Self.record(hops: 2, requests: 3)
        #expect(record.outcome == .enriched)
        #expect(requests.map(\.url.absoluteString).last == "https://cdn.example.com/media/pic.jpg")
        #expect(requests.allSatisfy { $0.keepsRedirectHeaderFields && !$0.keepsHeaderFields })
        #expect(requests.dropFirst().allSatisfy { $0.redirectedFrom?.path == "/media/hop0" })
        #expect(record.download?.count == 3)
        #expect(record.httpStatus == 200)
        #expect(record.downloadErrorText == nil)
        #expect(record.stageErrors[.download] == nil)
        #expect(record.phases.download == PhaseSpan(start: 0, end: 3 * second), "the download spans the chain")
        #expect(record.visible.attachments.count == 1)
    }

    @Test("more redirects than URLSession follows: the download fails, named, and the text is delivered")
    func tooMany() async throws {
        let (record, requests) = try await Self.record(hops: 40, requests: HTTPRedirect.limit + 1)
        #expect(requests.count == HTTPRedirect.limit + 1)
        #expect(record.outcome == .unchanged)
        #expect(record.downloadErrorText?.hasPrefix("other: too many HTTP redirects: 16 followed") == true)
        #expect(record.download?.errorKind == .other)
        #expect(record.visible.attachments.isEmpty)
    }

    @Test("a redirect to another scheme is not fetched: the download fails as unsupported, the text is delivered")
    func otherSchemes() async throws {
        let harness = try HostHarness { download in
            .respond(
                .init(
                    after: second, status: 301,
                    headerFields: [HTTPHeaderField(name: "Location", value: "file://localhost/etc/passwd")]))
        }
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: URL(string: "http://127.0.0.1:9/media/pic.jpg")!)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(harness.downloader.requests.count == 1)
        #expect(record.outcome == .unchanged)
        #expect(
            record.downloadErrorText?.hasPrefix("other: unsupported URL:") == true, "\(record.downloadErrorText ?? "")")
    }

    @Test("the chain's total timeout is passed on less the phone's time, not the time hops queued in the harness")
    func harnessWaitIsNotThePhones() async throws {
        // Each request: 4 s, 3 s of it queued in the harness. `media-20s` gives the chain 20 s.
        let harness = try HostHarness { download in
            let path = download.url.path
            guard path.hasPrefix("/media/hop"), let index = Int(path.dropFirst("/media/hop".count)), index < 3 else {
                return .respond(.init(after: 4 * second, contentType: "image/jpeg", harnessWait: 3 * second))
            }
            return .respond(
                .init(
                    after: 4 * second, status: 302, harnessWait: 3 * second,
                    headerFields: [HTTPHeaderField(name: "Location", value: "/media/hop\(index + 1)")]))
        }
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: URL(string: "http://127.0.0.1:9/media/hop0")!)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media-20s")))
        for count in 1...4 {
            await harness.downloader.waitForRequests(count)
            harness.clock.advance(by: 4 * second)
        }
        let record = await task.value
        #expect(record.outcome == .enriched)
        #expect(harness.downloader.requests.map(\.timeout) == [20, 19, 18, 17].map { $0 * second })
        #expect(record.ownTimeout == 20 * second)
    }
}
