import Foundation
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
