import Foundation
import Glibc
import Synchronization

@testable import NSEBenchSystem

/// A loopback listener that accepts one connection on a background thread, reads the request head,
/// answers with a canned response and closes. Enough to test a client without the media server.
final class OneShotHTTPServer: Sendable {
    let port: UInt16
    private let request = Mutex<String?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(response: String) throws {
        let listener = try Posix.tcpSocket()
        try Posix.setOption(listener, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
        try Posix.bind(listener, to: IPv4Address(host: "127.0.0.1", port: 0)!)
        try Posix.listen(listener, backlog: 16)
        port = try Posix.localAddress(of: listener).port
        if response.isEmpty {
            try Posix.close(listener)
            done.signal()
            return
        }
        let thread = Thread { [self] in
            defer { done.signal() }
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10_000) == 1, case .processed(let client) = try? Posix.accept(listener) else {
                try? Posix.close(listener)
                return
            }
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !received.ends(with: Array("\r\n\r\n".utf8)) {
                var clientPoll = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                guard poll(&clientPoll, 1, 10_000) == 1 else { break }
                let result = chunk.withUnsafeMutableBytes { try? Posix.read(client, into: $0) }
                guard case .processed(let count) = result, count > 0 else { break }
                received += chunk[..<count]
            }
            request.withLock { $0 = String(decoding: received, as: UTF8.self) }
            _ = Array(response.utf8).withUnsafeBytes { try? Posix.send(client, $0) }
            try? Posix.close(client)
            try? Posix.close(listener)
        }
        thread.start()
    }

    /// The request head the server received, once it has answered.
    func waitForRequest() -> String {
        _ = done.wait(timeout: .now() + 10)
        return request.withLock { $0 } ?? ""
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
