import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSEBenchSystem

/// libcurl through the owning wrappers: file:// transfers, a loopback HTTP listener, and failures.
@Suite("libcurl transfers")
struct CurlTransferTests {
    @Test func fileTransferReadsTheWholeFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString).bin")
        let content = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(content).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let easy = try CurlEasyHandle()
        try easy.setURL(url.absoluteString)
        try easy.perform()
        #expect(easy.body.bytes == content)
    }

    @Test func missingFileIsCurlErrorWithMessage() throws {
        let easy = try CurlEasyHandle()
        try easy.setURL("file:///nonexistent/nse-bench/\(UUID().uuidString)")
        let error = try #require(throws: CurlError.self) { try easy.perform() }
        #expect(error.call == "curl_easy_perform")
        #expect(error.message.lowercased().contains("file"))
    }

    @Test func bodyAboveLimitAbortsTheTransfer() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString).bin")
        try Data(count: 10_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let easy = try CurlEasyHandle(maximumBodyBytes: 4_096)
        try easy.setURL(url.absoluteString)
        let error = try #require(throws: CurlError.self) { try easy.perform() }
        #expect(error.message.contains("4096"))
        #expect(easy.body.bytes.count <= 4_096)
    }

    @Test func httpTransferFromALoopbackListener() throws {
        let server = try OneShotHTTPServer(
            response:
                "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        let easy = try CurlEasyHandle()
        try easy.setURL("http://127.0.0.1:\(server.port)/media/5B.jpg")
        try easy.setTotalTimeout(milliseconds: 5_000)
        try easy.perform()
        #expect(easy.responseCode == 200)
        #expect(easy.contentType == "image/jpeg")
        #expect(easy.body.bytes == Array("hello".utf8))
        let timings = easy.timings
        #expect(timings.connect >= 0 && timings.firstByte >= timings.connect && timings.total >= timings.firstByte)
        #expect(server.waitForRequest().hasPrefix("GET /media/5B.jpg HTTP/1.1\r\n"))
    }

    @Test func multiHandleRunsSeveralTransfers() throws {
        let servers = try (0..<3).map { index in
            try OneShotHTTPServer(response: "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: close\r\n\r\n\(index)")
        }
        let multi = try CurlMultiHandle()
        let handles = try servers.map { server in
            let easy = try CurlEasyHandle()
            try easy.setURL("http://127.0.0.1:\(server.port)/")
            try easy.setTotalTimeout(milliseconds: 5_000)
            try multi.add(easy)
            return easy
        }
        var completions: [CurlMultiHandle.Completion] = []
        let deadline = Date().addingTimeInterval(10)
        while completions.count < handles.count, Date() < deadline {
            try multi.performAndPoll(timeoutMilliseconds: 100)
            completions += multi.takeCompletions()
        }
        #expect(completions.count == 3)
        #expect(completions.allSatisfy { $0.error == nil })
        #expect(Set(handles.map { String(decoding: $0.body.bytes, as: UTF8.self) }) == ["0", "1", "2"])
        #expect(multi.count == 0)
    }

    @Test func refusedConnectionIsATypedError() throws {
        // Bind a port, then close it, so nothing listens there.
        let port = try OneShotHTTPServer(response: "").port
        let easy = try CurlEasyHandle()
        try easy.setURL("http://127.0.0.1:\(port)/")
        try easy.setConnectTimeout(milliseconds: 2_000)
        let error = try #require(throws: CurlError.self) { try easy.perform() }
        #expect(error.code == 7, "CURLE_COULDNT_CONNECT")
    }

    @Test func libraryVersionsAreKnown() {
        #expect(CurlLibrary.version.first?.isNumber == true)
        #expect(OpenSSLLibrary.version.hasPrefix("OpenSSL 3"))
    }
}
