import Foundation
import Glibc
import NSEBenchSystem

/// A blocking loopback client on raw sockets, so tests see exactly what the server sent, when, and
/// how the connection ended (FIN, RST, or still open).
final class RawHTTPClient {
    enum Ending: Equatable {
        /// The server closed with a FIN.
        case closed
        /// The server reset the connection (ECONNRESET).
        case reset
        /// Nothing more arrived within the read timeout; the connection is still open.
        case timedOut
        /// Stopped reading after the expected number of bytes.
        case complete
    }

    struct Received {
        var bytes: [UInt8] = []
        var ending: Ending = .timedOut
        /// Seconds from the request being sent to the first byte and to the last byte.
        var firstByte: Double?
        var lastByte: Double?

        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The first response's head as text (cheap even for a large body).
        var headText: String {
            let separator = Array("\r\n\r\n".utf8)
            let end = bytes.prefix(65_536).firstRange(of: separator)?.lowerBound ?? min(bytes.count, 65_536)
            return String(decoding: bytes[..<end], as: UTF8.self)
        }

        /// The status code of the first response.
        var status: Int? {
            let head = headText
            guard head.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(head.dropFirst(9).prefix(3))
        }

        /// The value of a header of the first response.
        func header(_ name: String) -> String? {
            for line in headText.components(separatedBy: "\r\n")
            where line.lowercased().hasPrefix(name.lowercased() + ":") {
                return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            }
            return nil
        }

        /// The bytes after the first response's head.
        var body: [UInt8] {
            let separator = Array("\r\n\r\n".utf8)
            guard let range = bytes.prefix(65_536).firstRange(of: separator) else { return [] }
            return Array(bytes[range.upperBound...])
        }
    }

    let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw SystemError(call: "connect", errno: errno) }
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes or resets, `expected` bytes arrived, or `timeout` seconds pass
    /// without a byte.
    func receive(expected: Int? = nil, timeout: Double = 5) -> Received {
        var received = Received()
        let start = Date()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let expected, received.bytes.count >= expected {
                received.ending = .complete
                return received
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else {
                received.ending = .timedOut
                return received
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                let now = Date().timeIntervalSince(start)
                if received.firstByte == nil { received.firstByte = now }
                received.lastByte = now
                received.bytes += chunk[..<count]
            } else if count == 0 {
                received.ending = .closed
                return received
            } else {
                received.ending = errno == ECONNRESET ? .reset : .closed
                return received
            }
        }
    }

    /// Sends one GET and reads the whole response (head + Content-Length body) or until the end.
    static func get(_ target: String, port: UInt16, timeout: Double = 5) throws -> Received {
        let client = try RawHTTPClient(port: port)
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return client.receive(timeout: timeout)
    }
}
