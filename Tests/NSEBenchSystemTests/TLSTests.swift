import Foundation
import Glibc
import Testing

@testable import NSEBenchSystem

/// The media server's TLS pieces, checked end to end with libcurl verifying the self-signed
/// certificate for 127.0.0.1.
@Suite("TLS")
struct TLSTests {
    @Test func selfSignedCertificateIsPEM() throws {
        let certificate = try TLSCertificate.selfSigned()
        #expect(certificate.pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(try TLSCertificate.selfSigned().pem != certificate.pem, "a fresh key each time")
    }

    @Test func garbagePEMIsATypedError() {
        let error = #expect(throws: OpenSSLError.self) {
            try TLSCertificate.load(certificatePEM: "not a certificate", keyPEM: "nor a key")
        }
        #expect(error?.call == "PEM_read_bio_X509")
    }

    @Test func curlVerifiesThePinnedCertificateOverAHandshake() throws {
        let context = try TLSServerContext(certificate: try TLSCertificate.selfSigned())
        let caFile = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-ca-\(UUID().uuidString).pem")
        try context.certificate.pem.write(to: caFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: caFile) }

        let server = try OneShotTLSServer(
            context: context, response: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        let easy = try CurlEasyHandle()
        try easy.setURL("https://127.0.0.1:\(server.port)/")
        try easy.setTLSVerification(caFile: caFile.path, verify: true)
        try easy.setTotalTimeout(milliseconds: 10_000)
        try easy.perform()
        #expect(easy.responseCode == 200)
        #expect(easy.body.bytes == Array("ok".utf8))
        #expect(easy.timings.tlsHandshake > 0)
    }

    @Test func curlRejectsAnUnpinnedSelfSignedCertificate() throws {
        let context = try TLSServerContext(certificate: try TLSCertificate.selfSigned())
        let server = try OneShotTLSServer(context: context, response: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        let easy = try CurlEasyHandle()
        try easy.setURL("https://127.0.0.1:\(server.port)/")
        try easy.setTLSVerification(caFile: nil, verify: true)
        try easy.setTotalTimeout(milliseconds: 10_000)
        let error = try #require(throws: CurlError.self) { try easy.perform() }
        #expect(error.code == 60, "CURLE_PEER_FAILED_VERIFICATION")
    }
}

/// Accepts one TLS connection on a background thread, answers one request, closes.
final class OneShotTLSServer: Sendable {
    let port: UInt16

    init(context: TLSServerContext, response: String) throws {
        let listener = try Posix.tcpSocket()
        try Posix.bind(listener, to: IPv4Address(host: "127.0.0.1", port: 0)!)
        try Posix.listen(listener, backlog: 16)
        port = try Posix.localAddress(of: listener).port
        Thread {
            defer { try? Posix.close(listener) }
            guard wait(listener, for: POLLIN), case .processed(let client) = try? Posix.accept(listener),
                let session = try? context.makeSession(descriptor: client)
            else { return }
            defer { try? Posix.close(client) }
            var progress = try? session.handshake()
            while progress == .wantRead || progress == .wantWrite {
                guard wait(client, for: progress == .wantRead ? POLLIN : POLLOUT) else { return }
                progress = try? session.handshake()
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var request: [UInt8] = []
            while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
                let result = buffer.withUnsafeMutableBytes { try? session.read(into: $0) }
                switch result {
                case .done(let count): request += buffer[..<count]
                case .wantRead: guard wait(client, for: POLLIN) else { return }
                case .wantWrite: guard wait(client, for: POLLOUT) else { return }
                default: return
                }
            }
            _ = Array(response.utf8).withUnsafeBytes { try? session.write($0) }
            session.shutdown()
        }.start()
    }
}

private func wait(_ descriptor: Int32, for events: Int32) -> Bool {
    var poller = pollfd(fd: descriptor, events: Int16(events), revents: 0)
    return poll(&poller, 1, 10_000) == 1
}

@Suite("Whole text files")
struct TextFileWriteTests {
    @Test func aFileIsReplacedWholeAndNoPartialFileIsLeft() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("summary.csv").path
        try TextFile.write("old\r\n", to: path)
        try TextFile.write("new\r\n", to: path)
        #expect(try TextFile.read(path) == "new\r\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["summary.csv"])
    }

    @Test func aRegularFileIsReadWholeWithinItsLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TextFile.write("0123456789", to: path)
        #expect(try Posix.readRegularFile(path, limit: 10) == Array("0123456789".utf8))
        #expect(throws: FileReadError.tooLarge(path: path, size: 10, limit: 9)) {
            try Posix.readRegularFile(path, limit: 9)
        }
        #expect(throws: FileReadError.notARegularFile(path: "/dev/null", kind: .characterDevice)) {
            try Posix.readRegularFile("/dev/null", limit: 9)
        }
    }

    @Test func aFailureNamesTheFile() {
        let error = #expect(throws: SystemError.self) { try TextFile.write("x", to: "/nonexistent/dir/summary.csv") }
        #expect(error?.call.contains("/nonexistent/dir/summary.csv") == true)
        #expect(error?.errno == ENOENT)
    }
}

@Suite("Buffered file writer")
struct BufferedFileWriterTests {
    @Test func everythingWrittenFromManyThreadsArrivesWhole() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try BufferedFileWriter(path: path)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for line in 0..<5_000 { writer.write("\(task),\(line),\(String(repeating: "x", count: 20))\r\n") }
                }
            }
        }
        try writer.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n")
        #expect(lines.count == 40_000)
        #expect(lines.allSatisfy { $0.hasSuffix(String(repeating: "x", count: 20)) })
    }

    @Test func aFullDiskIsReportedWithTheFileAndTheKernelsErrno() throws {
        // /dev/full answers every write with ENOSPC, as a full disk does.
        let writer = try BufferedFileWriter(path: "/dev/full")
        writer.write(String(repeating: "x", count: 100_000))
        let error = #expect(throws: SystemError.self) { try writer.close() }
        #expect(error?.errno == ENOSPC)
        #expect(error?.call == "write(/dev/full)")
        #expect(error?.description.contains("No space left on device") == true)
    }

    @Test func anUnwritablePathIsATypedError() {
        #expect(throws: SystemError.self) { try BufferedFileWriter(path: "/nonexistent/dir/file.csv") }
    }
}
