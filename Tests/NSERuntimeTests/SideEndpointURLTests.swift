import Foundation
import NSEBenchCore
import NSERuntime
import Testing

@Suite("Side endpoints: a request URL's endpoint")
struct SideEndpointURLTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/receipts", SideEndpoint.receipts),
        ("http://127.0.0.1:8080/metrics/delivered?x=1", .metrics),
        ("https://cdn.example/avatars/64KB.png", .avatars),
        // Decoded as the media server decodes the request's path: %63 is "c".
        ("http://127.0.0.1:8080/re%63eipts", .receipts), ("http://127.0.0.1:8080/avatars%2F64KB.png", .avatars),
        // A trailing slash stays, as in the path the server decodes: `/avatars/` is its avatars endpoint.
        ("http://127.0.0.1:8080/avatars/", .avatars), ("http://127.0.0.1:8080/receipts/", .receipts),
    ])
    func aURLNamesTheEndpointItsPathReaches(url: String, endpoint: SideEndpoint) throws {
        #expect(SideEndpoint(url: try #require(URL(string: url))) == endpoint)
    }

    @Test(arguments: [
        "http://127.0.0.1:8080/media/1KB.jpg", "http://127.0.0.1:8080/receiptsx", "http://127.0.0.1:8080",
        "http://127.0.0.1:8080/media/re%63eipts", "http://127.0.0.1:8080/%2Freceipts",
    ])
    func otherPathsAreNoSideEndpoint(url: String) throws {
        #expect(SideEndpoint(url: try #require(URL(string: url))) == nil)
    }
}
