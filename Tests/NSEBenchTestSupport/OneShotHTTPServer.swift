import Foundation
import Glibc
import Synchronization

/// A loopback listener that accepts one connection on a background thread, reads the request head,
/// answers with a canned response and closes. Enough to test a client without the media server. Plain
/// Glibc calls: the test support stays below the system layer.
public final class OneShotHTTPServer: Sendable {
    public let port: UInt16
    private let request = Mutex<String?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// A listener on 127.0.0.1 and a port of the kernel's choosing; `response` "" closes it at once,
    /// leaving a port nothing listens on.
    public init(response: String) throws {
        let (listener, port) = try Self.listeningSocket()
        self.port = port
        if response.isEmpty {
            close(listener)
            done.signal()
            return
        }
        let thread = Thread { [self] in
            defer { done.signal() }
            defer { close(listener) }
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10_000) == 1 else { return }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !received.ends(with: Array("\r\n\r\n".utf8)) {
                var clientPoll = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                guard poll(&clientPoll, 1, 10_000) == 1 else { break }
                let count = chunk.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received += chunk[..<count]
            }
            request.withLock { $0 = String(decoding: received, as: UTF8.self) }
            let bytes = Array(response.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes {
                    send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { break }
                sent += count
            }
        }
        thread.start()
    }

    /// A socket listening on 127.0.0.1 at a port of the kernel's choosing, accepting nothing by itself; the
    /// caller closes it.
    public static func listeningSocket() throws -> (descriptor: Int32, port: UInt16) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            let error = errno
            close(listener)
            throw POSIXError(.init(rawValue: error) ?? .EIO)
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }

    /// The request head the server received, once it has answered.
    public func waitForRequest() -> String {
        _ = done.wait(timeout: .now() + 10)
        return request.withLock { $0 } ?? ""
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
