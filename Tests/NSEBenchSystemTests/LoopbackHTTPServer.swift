import Glibc
import NSEBenchSystem
import Synchronization

/// How ``LoopbackHTTPServer`` answers one request, chosen by its path.
enum ServerBehavior: Sendable {
    /// A complete response (`Connection: close`), after `delay` milliseconds; without a
    /// Content-Length when `announceLength` is false (the body then ends when the connection does).
    case respond(
        status: Int, body: [UInt8], contentType: String? = nil, delayMilliseconds: UInt64 = 0,
        announceLength: Bool = true)
    /// Announces `length` bytes, sends `sent` of them, then goes quiet with the connection open.
    case stall(length: Int, sent: Int)
    /// Announces `length` bytes, sends `sent` of them, then closes.
    case truncate(length: Int, sent: Int)
    /// Reads the request, then resets the connection (RST).
    case reset
    /// Reads the request and never answers.
    case silent
}

/// A loopback HTTP/1.1 server on an ``EventLoop`` of its own: each connection's request head is
/// read, then answered as `route` says for its path. Enough to test the transport's outcomes
/// without the media server; a test server, not a fast one.
final class LoopbackHTTPServer: @unchecked Sendable {
    // @unchecked Sendable: `connections` and `listener` are touched only on `loop`'s thread after
    // init; the counters are Atomics.
    let port: UInt16
    let loop: EventLoop
    private let listener: Int32
    private let route: @Sendable (String) -> ServerBehavior
    private var connections: [Int32: Connection] = [:]
    /// Requests whose head was read, and connections that were closed by the client.
    let requests = Atomic<Int>(0)
    let clientCloses = Atomic<Int>(0)
    /// Every request head read, in order.
    let heads = Mutex<[String]>([])
    /// Every request's body (its `Content-Length` bytes, read before the answer), in order.
    let bodies = Mutex<[[UInt8]]>([])

    private final class Connection {
        var input: [UInt8] = []
        var output: [UInt8] = []
        var sent = 0
        var answered = false
        var closeWhenSent = true
    }

    init(route: @escaping @Sendable (String) -> ServerBehavior) throws {
        self.route = route
        listener = try Posix.tcpSocket()
        try Posix.setOption(listener, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
        try Posix.bind(listener, to: IPv4Address(host: "127.0.0.1", port: 0)!)
        try Posix.listen(listener, backlog: 1_024)
        port = try Posix.localAddress(of: listener).port
        loop = try EventLoop(name: "nseb-test-http")
        try loop.start()
        try loop.execute { [self] in
            try? loop.register(fd: listener, interest: .readable) { [self] _ in acceptAll() }
        }
    }

    /// Closes every connection and the listener, and stops the loop.
    func shutdown() {
        try? loop.execute { [self] in
            for fd in connections.keys { close(fd) }
            try? loop.deregister(fd: listener)
            try? Posix.close(listener)
        }
        try? loop.shutdown()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private func acceptAll() {
        while case .processed(let fd) = (try? Posix.accept(listener)) ?? .wouldBlock {
            connections[fd] = Connection()
            try? loop.register(fd: fd, interest: .readable) { [self] events in ready(fd, events) }
        }
    }

    private func ready(_ fd: Int32, _ events: IOEvents) {
        guard let connection = connections[fd] else { return }
        if events.contains(.writable) { flush(fd, connection) }
        guard events.contains(.readable) || events.contains(.hangup) || events.contains(.error) else { return }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let result = chunk.withUnsafeMutableBytes { try? Posix.read(fd, into: $0) }
        switch result {
        case .processed(let count) where count > 0:
            guard !connection.answered else { return }
            connection.input += chunk[..<count]
            guard let head = headEnd(connection.input) else { return }
            let end = head + 4 + Self.contentLength(String(decoding: connection.input.prefix(head), as: UTF8.self))
            guard connection.input.count >= end else { return }
            bodies.withLock { $0.append(Array(connection.input[(head + 4)..<end])) }
            answer(fd, connection, head: head)
        case .wouldBlock:
            return
        default:
            clientCloses.add(1, ordering: .relaxed)
            close(fd)
        }
    }

    /// The `Content-Length` a head announces; 0 without one.
    private static func contentLength(_ head: String) -> Int {
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    private func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func answer(_ fd: Int32, _ connection: Connection, head: Int) {
        connection.answered = true
        requests.add(1, ordering: .relaxed)
        heads.withLock { $0.append(String(decoding: connection.input.prefix(head), as: UTF8.self)) }
        let requestLine = String(decoding: connection.input.prefix(while: { $0 != 13 }), as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        let path = parts.count > 1 ? String(parts[1]) : "/"
        switch route(path) {
        case .respond(let status, let body, let contentType, let delay, let announceLength):
            var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nConnection: close\r\n"
            if announceLength { head += "Content-Length: \(body.count)\r\n" }
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
            let bytes = Array((head + "\r\n").utf8) + body
            if delay == 0 {
                send(fd, connection, bytes, close: true)
            } else {
                _ = try? loop.scheduleTimer(at: MonotonicClock.now() + delay * 1_000_000) { [self] in
                    if connections[fd] === connection { send(fd, connection, bytes, close: true) }
                }
            }
        case .stall(let length, let sent), .truncate(let length, let sent):
            var closeAfter = false
            if case .truncate = route(path) { closeAfter = true }
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\nContent-Type: image/jpeg\r\n\r\n"
            send(fd, connection, Array(head.utf8) + [UInt8](repeating: 0x5A, count: sent), close: closeAfter)
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            close(fd)
        case .silent:
            break
        }
    }

    private func send(_ fd: Int32, _ connection: Connection, _ bytes: [UInt8], close closeWhenSent: Bool) {
        connection.output = bytes
        connection.sent = 0
        connection.closeWhenSent = closeWhenSent
        flush(fd, connection)
    }

    private func flush(_ fd: Int32, _ connection: Connection) {
        while connection.sent < connection.output.count {
            let result = connection.output[connection.sent...].withUnsafeBytes { try? Posix.send(fd, $0) }
            switch result {
            case .processed(let count): connection.sent += count
            case .wouldBlock:
                try? loop.modify(fd: fd, interest: [.readable, .writable])
                return
            case nil:
                close(fd)
                return
            }
        }
        if connection.closeWhenSent {
            close(fd)
        } else {
            try? loop.modify(fd: fd, interest: .readable)
        }
    }

    private func close(_ fd: Int32) {
        guard connections.removeValue(forKey: fd) != nil else { return }
        try? loop.deregister(fd: fd)
        try? Posix.close(fd)
    }
}
