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

    @Test(
        "a download that keeps a redirect's fields gets a 302's Location and none of a 200's",
        arguments: [PlainHTTPClient.own, .libcurl])
    func redirectFieldsOnTheWire(client: PlainHTTPClient) async throws {
        let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: client))
        let downloader = CurlMediaDownloader(transport: transport, tagger: RequestTagger())
        let directory = try TemporaryDirectory(prefix: "nse-bench-redirect-fields")
        defer { directory.remove() }
        var fields: [[String]?] = []
        for (index, response) in [
            "HTTP/1.1 302 Found\r\nLocation: /cdn/pic.jpg\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nETag: \"v1\"\r\n\r\nok",
        ].enumerated() {
            let server = try OneShotHTTPServer(response: response)
            var download = MediaDownload(
                url: URL(string: "http://127.0.0.1:\(server.port)/media/1KB.jpg")!,
                destinationPath: directory.url.appendingPathComponent("body\(index).tmp").path)
            download.keepsRedirectHeaderFields = true
            let result = await downloader.download(download)
            #expect(result.error == nil)
            fields.append(result.headerFields?.map(\.description))
            _ = server.waitForRequest()
        }
        await transport.shutdown()
        #expect(fields.first == ["Location: /cdn/pic.jpg", "Content-Length: 0"])
        #expect(fields.last == .some(nil), "a 200's fields are not kept")
    }
}
