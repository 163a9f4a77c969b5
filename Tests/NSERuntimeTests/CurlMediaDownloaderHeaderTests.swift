import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// A phone's header fields through the real downloader: sent on the wire, the harness's tag kept its
/// own, and the response's fields kept.
@Suite("The downloader: a phone's header fields on the wire", .serialized)
struct CurlMediaDownloaderHeaderTests {
    @Test(
        "the request's lines go out once each, the tag is the harness's, and the response's fields come back",
        arguments: [PlainHTTPClient.own, .libcurl])
    func headerFieldsOnTheWire(client: PlainHTTPClient) async throws {
        let server = try OneShotHTTPServer(
            response: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nETag: \"v1\"\r\nServer: cdn\r\n\r\nok")
        let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: client))
        let downloader = CurlMediaDownloader(transport: transport, tagger: RequestTagger())
        let directory = try TemporaryDirectory(prefix: "nse-bench-headers")
        defer { directory.remove() }
        var download = MediaDownload(
            url: URL(string: "http://127.0.0.1:\(server.port)/media/1KB.jpg")!,
            destinationPath: directory.url.appendingPathComponent("body.tmp").path)
        download.headerLines = ["Accept: image/*", "Authorization: Bearer t", "x-nse-bench-request: evil"]
        download.keepsHeaderFields = true

        let result = await downloader.download(download)
        await transport.shutdown()

        #expect(result.error == nil)
        let lines = server.waitForRequest().components(separatedBy: "\r\n")
        #expect(lines.filter { $0.lowercased().hasPrefix("accept:") } == ["Accept: image/*"])
        #expect(lines.contains("Authorization: Bearer t"))
        let tags = lines.filter { $0.lowercased().hasPrefix("x-nse-bench-request:") }
        #expect(tags.count == 1 && !tags[0].contains("evil"), "\(tags)")
        #expect(result.headerFields?.map(\.name) == ["Content-Length", "ETag", "Server"])
    }
}
