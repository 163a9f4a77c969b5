import Foundation
import Glibc

/// A blocking loopback client on raw sockets, so tests see exactly what the server sent, when, and
/// how the connection ended (FIN, RST, or still open).
public final class RawHTTPClient: Sendable {
    /// How the connection ended, as the client saw it.
    public enum Ending: Equatable, Sendable {
        /// The server closed with a FIN.
        case closed
        /// The server reset the connection (ECONNRESET).
        case reset
        /// Nothing more arrived within the read timeout; the connection is still open.
        case timedOut
        /// Stopped reading after the expected number of bytes.
        case complete
    }

    /// What arrived, and how the connection ended.
    public struct Received: Sendable {
        public var bytes: [UInt8] = []
        public var ending: Ending = .timedOut
        /// Seconds from the request being sent to the first byte and to the last byte.
        public var firstByte: Double?
        public var lastByte: Double?

        /// Everything received, as text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The first response's head as text (cheap even for a large body).
        public var headText: String {
            let separator = Array("\r\n\r\n".utf8)
            let end = bytes.prefix(65_536).firstRange(of: separator)?.lowerBound ?? min(bytes.count, 65_536)
            return String(decoding: bytes[..<end], as: UTF8.self)
        }

        /// The status code of the first response.
        public var status: Int? {
            let head = headText
            guard head.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(head.dropFirst(9).prefix(3))
        }

        /// The value of a header of the first response.
        public func header(_ name: String) -> String? {
            for line in headText.components(separatedBy: "\r\n")
            where line.lowercased().hasPrefix(name.lowercased() + ":") {
                return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            }
            return nil
        }

        /// The bytes after the first response's head.
        public var body: [UInt8] {
            let separator = Array("\r\n\r\n".utf8)
            guard let range = bytes.prefix(65_536).firstRange(of: separator) else { return [] }
            return Array(bytes[range.upperBound...])
        }
    }

    /// The socket.
    public let fd: Int32

    /// Connects to 127.0.0.1:`port`.
    public init(port: UInt16) throws(ConnectError) {
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
        // A failed connect still runs deinit (every property is set), which closes the socket.
        guard result == 0 else { throw ConnectError(port: port, errno: errno) }
    }

    deinit { Glibc.close(fd) }

    /// Ends the connection from this side now (the server reads its end), whenever the object itself
    /// goes: an async ``receive(expected:timeout:)``'s thread may hold it a little longer.
    public func hangUp() { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Sends `bytes` (a peer that has gone does not raise SIGPIPE).
    public func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes or resets, `expected` bytes arrived, or `timeout` seconds pass
    /// without a byte.
    public func receive(expected: Int? = nil, timeout: Double = 5) -> Received {
        receive(expected: expected, timeout: timeout, timedFrom: Date())
    }

    /// ``receive(expected:timeout:)`` with its byte times measured from `start`.
    private func receive(expected: Int?, timeout: Double, timedFrom start: Date) -> Received {
        var received = Received()
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
    public static func get(_ target: String, port: UInt16, timeout: Double = 5) throws(ConnectError) -> Received {
        // Timed from before the connection, as a phone's request is: a server's connect delay starts
        // when it accepts, which can be before a loaded client gets back from connect().
        let start = Date()
        let client = try RawHTTPClient(port: port)
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return client.receive(expected: nil, timeout: timeout, timedFrom: start)
    }

    /// ``receive(expected:timeout:)`` from an async test: the read blocks a thread of its own, not one
    /// of the cooperative pool's (two, shared by every test of the process).
    public func receive(expected: Int? = nil, timeout: Double = 5) async -> Received {
        // Timed from now, not from when the thread starts (later, on a loaded machine).
        await receive(expected: expected, timeout: timeout, timedFrom: Date())
    }

    private func receive(expected: Int?, timeout: Double, timedFrom start: Date) async -> Received {
        await onThreadOfItsOwn { [self] in receive(expected: expected, timeout: timeout, timedFrom: start) }
    }

    /// ``get(_:port:timeout:)`` from an async test, on a thread of its own.
    public static func get(_ target: String, port: UInt16, timeout: Double = 5) async throws(ConnectError)
        -> Received
    {
        let start = Date()  // before the connection, as the synchronous form's
        let client = try RawHTTPClient(port: port)
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return await client.receive(expected: nil, timeout: timeout, timedFrom: start)
    }

    /// Runs `work` on a new thread and awaits it (the test support's own copy of NSEBenchSystem's
    /// `onOwnThread`: this module stays below the system layer).
    private func onThreadOfItsOwn(_ work: @escaping @Sendable () -> Received) async -> Received {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = "nse-bench-test-client"
            thread.start()
        }
    }

    /// The connection could not be made; carries the port and `errno`.
    public struct ConnectError: Error, Equatable, CustomStringConvertible {
        public var port: UInt16
        public var errno: Int32

        public var description: String { "connect to 127.0.0.1:\(port) failed: \(String(cString: strerror(errno)))" }
    }
}
