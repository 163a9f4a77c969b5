import Foundation
import NSEBenchCore
import SimulatedDevice
import Synchronization
import Testing
import UserNotifications

@testable import NSERuntime

/// A phone's request goes out with its own header fields, and asks for the response's.
@Suite("A phone's request: its header fields")
struct PhoneRequestHeaderTests {
    @Test("the download carries the request's own fields, not those the network writes, and keeps the response's")
    func theDownloadCarriesTheRequestsFields() async throws {
        let seen = Mutex<MediaDownload?>(nil)
        let harness = try HostHarness(script: { download in
            seen.withLock { $0 = download }
            return .respond(FakeDownloader.Response(after: second, contentType: "image/jpeg"))
        })
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "headers") {
            ContextWorkService { context, content in
                let request = PhoneRequest(
                    url: URL(string: "http://127.0.0.1:9/media/1KB.jpg")!, idleTimeout: second,
                    headerFields: [
                        "Authorization": "Bearer t", "Host": "elsewhere", "Accept": "image/*", "X-Empty": "",
                    ])
                _ = await InvocationNetwork(context: context).load(request)
                return content
            }
        }

        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory, id: 3))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        _ = await task.value

        let download = try #require(seen.withLock { $0 })
        #expect(download.headerLines == ["Accept: image/*", "Authorization: Bearer t"])
        #expect(download.keepsHeaderFields)
    }
}

/// A phone's redirect hop is recorded as a download of the invocation, never as its failure.
@Suite("A phone's request: redirect hops in the record")
struct PhoneRedirectRecordTests {
    /// The record of an invocation whose phone loads `/go`, then `/media/1KB.jpg`, answered by `first`
    /// and a 200 of six bytes.
    func record(firstAnsweredWith first: FakeDownloader.Response) async throws -> InvocationRecord {
        let harness = try HostHarness(script: { download in
            download.url.path == "/go" ? .respond(first) : .respond(FakeDownloader.Response(after: second))
        })
        defer { harness.remove() }
        return await record(on: harness, id: 5) { network in
            for path in ["/go", "/media/1KB.jpg"] {
                _ = await network.load(
                    PhoneRequest(url: URL(string: "http://127.0.0.1:9\(path)")!, idleTimeout: 10 * second))
            }
        }.0
    }

    /// The record of an invocation whose phone makes two requests through `requests` (given the
    /// invocation's network), each answered by `harness` a second later, and the harness's requests.
    func record(
        on harness: HostHarness, id: Int, requests: @escaping @Sendable (InvocationNetwork) async -> Void
    ) async -> (InvocationRecord, [MediaDownload]) {
        let factory = ExtensionFactory(name: "two-requests") {
            ContextWorkService { context, content in
                await requests(InvocationNetwork(context: context))
                return content
            }
        }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory, id: id))
        for count in 1...2 {
            await harness.downloader.waitForRequests(count)
            harness.clock.advance(by: second)
        }
        return (await task.value, harness.downloader.requests)
    }

    @Test(
        "a redirect followed by the media leaves no error, and the record has both hops' bytes and the media's status")
    func aFollowedRedirectIsNoError() async throws {
        let record = try await record(
            firstAnsweredWith: FakeDownloader.Response(
                after: second, status: 302, body: .bytes([1, 2]),
                headerFields: [HTTPHeaderField(name: "location", value: "/media/1KB.jpg")]))
        #expect(record.stageErrors[.download] == nil)
        #expect(record.downloadErrorText == nil)
        #expect(record.download?.count == 2)
        #expect(record.download?.bytes == 8)
        #expect(record.download?.status == 200)
    }

    @Test("a chain that fails between hops (too many, out of time) is the download's failure, not the last 302")
    func aFailedChainIsTheDownloadsFailure() async throws {
        let harness = try HostHarness(script: { _ in
            .respond(
                FakeDownloader.Response(
                    after: second, status: 302, headerFields: [HTTPHeaderField(name: "Location", value: "/go")]))
        })
        defer { harness.remove() }
        let (record, _) = await record(on: harness, id: 6) { network in
            let first = PhoneRequest(
                url: URL(string: "http://127.0.0.1:9/go")!, idleTimeout: 10 * second, resourceTimeout: 20 * second)
            _ = await network.load(first)
            var hop = first
            hop.redirectedFrom = first.url
            hop.resourceTimeout = 5 * second
            _ = await network.load(hop)
            network.taskFailed(.tooManyRedirects("too many HTTP redirects: 16 followed"), after: hop)
        }
        #expect(record.downloadErrorText == "other: too many HTTP redirects: 16 followed")
        #expect(record.download?.errorKind == .other)
        #expect(record.download?.count == 2)
        #expect(
            record.ownTimeout == 20 * second, "a hop's timeout, what is left of the chain's, is not the extension's")
    }

    @Test("a side call's redirect hop stays a side call: the media's record is left alone")
    func aSideCallsHopIsNoMedia() async throws {
        let harness = try HostHarness(script: { download in
            download.url.path == "/receipts"
                ? .respond(
                    FakeDownloader.Response(
                        after: second, status: 307,
                        headerFields: [HTTPHeaderField(name: "Location", value: "/collect")]))
                : .respond(FakeDownloader.Response(after: second))
        })
        defer { harness.remove() }
        let (record, requests) = await record(on: harness, id: 7) { network in
            let receipt = PhoneRequest(
                url: URL(string: "http://127.0.0.1:9/receipts")!, method: "POST", body: Data("{}".utf8),
                idleTimeout: 10 * second)
            _ = await network.load(receipt)
            var hop = receipt
            hop.url = URL(string: "http://127.0.0.1:9/collect")!
            hop.redirectedFrom = receipt.url
            _ = await network.load(hop)
        }
        #expect(record.download == nil, "neither the receipt nor its hop is the media")
        #expect(requests.last?.redirectedFrom?.path == "/receipts")
    }

    @Test("a 3xx without a Location, or a 404, is a failed request in the record")
    func otherStatusesAreErrors() async throws {
        let cases: [(Int, [HTTPHeaderField])] = [
            (302, []), (302, [HTTPHeaderField(name: "Location", value: "http://[bad")]),
            (404, [HTTPHeaderField(name: "Location", value: "/x")]),
        ]
        for (status, fields) in cases {
            let record = try await record(
                firstAnsweredWith: FakeDownloader.Response(after: second, status: status, headerFields: fields))
            #expect(record.stageErrors[.download] == "HTTP status \(status)")
        }
    }
}
