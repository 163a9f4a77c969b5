import Foundation
import Testing

@testable import NSEBenchSystem

/// The transport over TLS, against a self-signed certificate: pinned, refused, and unverified.
@Suite("CurlTransport over TLS", .serialized)
struct CurlTransportTLSTests {
    private static let response = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"

    @Test("a pinned CA file verifies the server, and the TLS phase is timed")
    func pinnedCertificate() async throws {
        let context = try TLSServerContext(certificate: try TLSCertificate.selfSigned())
        let caFile = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-ca-\(UUID().uuidString).pem")
        try context.certificate.pem.write(to: caFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: caFile) }
        let server = try OneShotTLSServer(context: context, response: Self.response)
        let transport = try CurlTransport(loopCount: 1)
        let result = await transport.download(
            DownloadRequest(url: "https://127.0.0.1:\(server.port)/", totalTimeout: .seconds(10), caFile: caFile.path))
        await transport.shutdown()
        #expect(result.error == nil && result.status == 200)
        #expect(result.body.bytes == Array("ok".utf8))
        let connected = try #require(result.timings.connected)
        let tlsConnected = try #require(result.timings.tlsConnected)
        #expect(connected <= tlsConnected)
    }

    @Test("an unpinned self-signed certificate is a TLS failure")
    func unpinnedCertificate() async throws {
        let context = try TLSServerContext(certificate: try TLSCertificate.selfSigned())
        let server = try OneShotTLSServer(context: context, response: Self.response)
        let transport = try CurlTransport(loopCount: 1)
        let result = await transport.download(
            DownloadRequest(url: "https://127.0.0.1:\(server.port)/", totalTimeout: .seconds(10)))
        await transport.shutdown()
        guard case .tls(let curl) = result.error else {
            Issue.record("expected a TLS error, got \(String(describing: result.error))")
            return
        }
        #expect(curl.code == 60, "CURLE_PEER_FAILED_VERIFICATION")
    }

    @Test("verification off accepts any certificate")
    func verificationOff() async throws {
        let context = try TLSServerContext(certificate: try TLSCertificate.selfSigned())
        let server = try OneShotTLSServer(context: context, response: Self.response)
        let transport = try CurlTransport(loopCount: 1)
        let result = await transport.download(
            DownloadRequest(url: "https://127.0.0.1:\(server.port)/", totalTimeout: .seconds(10), verifyTLS: false))
        await transport.shutdown()
        #expect(result.error == nil && result.status == 200)
    }
}
