import CCurl
import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchSystem

private let millisecond: UInt64 = 1_000_000

/// Downloads `request` (its URL pointing at a one-shot server answering `response`) through a
/// transport running `client`; returns the result and the request head the server received.
private func exchange(
    _ response: String, client: PlainHTTPClient, path: String = "/media/1KB.jpg",
    adjust: (inout DownloadRequest) -> Void = { _ in }
) async throws -> (result: DownloadResult, head: String) {
    let server = try OneShotHTTPServer(response: response)
    let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: client))
    var request = DownloadRequest(url: "http://127.0.0.1:\(server.port)\(path)", totalTimeout: .seconds(10))
    adjust(&request)
    let result = await transport.download(request)
    await transport.shutdown()
    return (result, response.isEmpty ? "" : server.waitForRequest())
}

/// The transport's own plain-HTTP client against libcurl on the same responses: what it sends, what
/// it reads and how it fails must be what libcurl sends, reads and reports.
@Suite("Plain-HTTP client: the same bytes and outcomes as libcurl", .serialized)
struct PlainHTTPClientTests {
    @Test(
        "the request head is libcurl's, byte for byte, whatever the caller's headers",
        arguments: [
            [], ["Accept: image/*"], ["X-NSE-Bench-Request: 17"], ["Accept:"], ["X-Empty;"],
            ["Connection: keep-alive", "User-Agent: phone/1"], ["Host: media.example"], ["host: x"], ["Host;"],
            ["X-A; "], ["X-A: b:"], ["X-Trace: ::"], ["X-A: \u{A0}"], ["Accept:  \t"],
        ])
    func requestHeadsMatchLibcurl(headers: [String]) async throws {
        let response = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        let own = try await exchange(response, client: .own, path: "/media/1KB.jpg?ttfb=5ms") { $0.headers = headers }
        let curl = try await exchange(response, client: .libcurl, path: "/media/1KB.jpg?ttfb=5ms") {
            $0.headers = headers
        }
        #expect(own.result.error == nil && curl.result.error == nil)
        func withoutPort(_ head: String) -> String {
            head.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
        }
        #expect(withoutPort(own.head) == withoutPort(curl.head))
        #expect(own.head.hasPrefix("GET /media/1KB.jpg?ttfb=5ms HTTP/1.1\r\n"))
    }

    @Test(
        "a request tag goes out as the tag header after the caller's headers, from either client, as libcurl sends it",
        arguments: [PlainHTTPClient.own, .libcurl])
    func requestTagIsSentAfterTheHeaders(client: PlainHTTPClient) async throws {
        let response = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        let tagged = try await exchange(response, client: client) {
            $0.headers = ["Accept: image/*"]
            $0.requestTag = "4021-17"
        }
        let written = try await exchange(response, client: .libcurl) {
            $0.headers = ["Accept: image/*", "X-NSE-Bench-Request: 4021-17"]
        }
        #expect(tagged.result.error == nil)
        #expect(tagged.head.contains("\r\nAccept: image/*\r\nX-NSE-Bench-Request: 4021-17\r\n"))
        func withoutPort(_ head: String) -> String {
            head.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
        }
        #expect(withoutPort(tagged.head) == withoutPort(written.head))
    }

    @Test("a request tag that is not a token is refused before anything is sent, naming it")
    func requestTagMustBeAToken() async throws {
        let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: .own))
        var request = DownloadRequest(url: "http://127.0.0.1:9/media/1KB.jpg", totalTimeout: .seconds(1))
        for tag in ["", "1\r\nHost: elsewhere", "a b"] {
            request.requestTag = tag
            let result = await transport.download(request)
            #expect(result.error == .invalidRequest(option: "requestTag", value: "\"\(tag)\""))
        }
        await transport.shutdown()
    }

    @Test(
        "bodies framed by length, by chunks, or by the connection's end, and interim responses, read alike",
        arguments: [
            "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 5\r\n\r\nhello",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: image/gif\r\n\r\n"
                + "2\r\nhe\r\n3;ext=1\r\nllo\r\n0\r\nTrailer: x\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\n\r\nhello until close",
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
            "HTTP/1.0 404 Not Found\nContent-Length: 3\n\nnot",
            "HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n",
        ])
    func responsesReadAlike(response: String) async throws {
        let own = try await exchange(response, client: .own).result
        try await expectReadAlike(own, try await exchange(response, client: .libcurl).result)
        #expect(own.headerFields == nil, "kept only when asked for")
    }

    @Test(
        "a request that keeps header fields gets the final head's, in order, from either client",
        arguments: [
            "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 5\r\n\r\nhello",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: image/gif\r\n\r\n"
                + "2\r\nhe\r\n3;ext=1\r\nllo\r\n0\r\nTrailer: x\r\n\r\n",
            "HTTP/1.1 100 Continue\r\nX-Interim: 1\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n"
                + "Content-Disposition:  attachment; filename=\"sale.jpg\"  \r\nvary: A\r\nVary: B\r\n\r\nhello",
            "HTTP/1.0 404 Not Found\nContent-Length: 3\n\nnot",
            "HTTP/1.1 200 OK\r\nX-Empty:\r\nX-Long: a\r\n  b\r\nContent-Length: 2\r\n\r\nok",
        ])
    func headerFieldsReadAlike(response: String) async throws {
        let own = try await exchange(response, client: .own) { $0.keepsHeaderFields = true }.result
        let curl = try await exchange(response, client: .libcurl) { $0.keepsHeaderFields = true }.result
        #expect(own.error == nil && curl.error == nil)
        let fields = try #require(own.headerFields)
        #expect(fields == curl.headerFields)
        // Every field of the final head, its name as written, its value trimmed; none of an interim head's.
        let finalHead = response.components(separatedBy: "HTTP/1").last ?? ""
        let lines = finalHead.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropFirst().prefix {
            !$0.isEmpty
        }
        .filter { $0.first != " " }
        #expect(fields.map(\.name) == lines.map { String($0.prefix { $0 != ":" }) })
        #expect(!fields.contains { $0.name == "X-Interim" })
        if response.contains("X-Long") {
            #expect(fields.first { $0.name == "X-Empty" }?.value == "", "libcurl's \\r is trimmed")
            #expect(fields.first { $0.name == "X-Long" }?.value == "a b", "a folded line is joined by one space")
        }
    }

    @Test("a repeated field's values are joined in order under its first spelling, as HTTPURLResponse takes them")
    func headerFieldDictionary() {
        let fields = [
            HTTPHeaderField(name: "Vary", value: "A"), HTTPHeaderField(name: "Content-Length", value: "5"),
            HTTPHeaderField(name: "vary", value: "B"), HTTPHeaderField(name: "VARY", value: "C"),
        ]
        #expect(fields.dictionary == ["Vary": "A, B, C", "Content-Length": "5"])
        let lengths = [HTTPHeaderField(name: "Content-Length", value: "5"), .init(name: "content-length", value: "5")]
        #expect(lengths.dictionary == ["Content-Length": "5"], "one length, as the transport reads it")
        #expect([HTTPHeaderField(name: "Content-Length", value: "5, 5")].dictionary == ["Content-Length": "5"])
        let different = lengths + [HTTPHeaderField(name: "Content-Length", value: "6")]
        #expect(different.dictionary == ["Content-Length": "5, 5, 6"], "different lengths as sent")
        #expect([HTTPHeaderField]().dictionary.isEmpty)
    }

    private func expectReadAlike(_ own: DownloadResult, _ curl: DownloadResult) async throws {
        #expect(own.error == nil, "\(String(describing: own.error))")
        #expect(curl.error == nil, "\(String(describing: curl.error))")
        #expect(own.status == curl.status)
        #expect(own.body == curl.body)
        #expect(own.contentType == curl.contentType)
        #expect(own.bytesReceived == curl.bytesReceived)
        #expect(own.announcedLength == curl.announcedLength)
        let timings = own.timings
        let admitted = try #require(timings.admitted)
        let connected = try #require(timings.connected)
        let firstByte = try #require(timings.firstByte)
        let completed = try #require(timings.completed)
        #expect(admitted <= connected && connected <= firstByte && firstByte <= completed)
        #expect(completed <= timings.finished)
    }

    @Test(
        "a response cut short or not HTTP fails as the same kind, with libcurl's code",
        arguments: [
            ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello", "connectionLost", CURLE_PARTIAL_FILE),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", "connectionLost", CURLE_PARTIAL_FILE),
            ("SSH-2.0-OpenSSH_9.2\r\n\r\n", "transfer", CURLE_WEIRD_SERVER_REPLY),
            ("HTTP/1.1 100 Continue\r\n\r\n", "connectionLost", CURLE_GOT_NOTHING),
        ])
    func failuresMatchLibcurl(response: String, kind: String, code: CURLcode) async throws {
        let own = try await exchange(response, client: .own).result
        let curl = try await exchange(response, client: .libcurl).result
        #expect(own.error?.kind == kind, "\(String(describing: own.error))")
        #expect(own.error?.curlError?.code == Int32(code.rawValue))
        #expect(curl.error?.kind == own.error?.kind, "libcurl: \(String(describing: curl.error))")
        #expect(own.timings.completed != nil, "a failure is stamped as it ends, as libcurl's TOTAL is")
    }

    @Test("a head cut short by the server's close is connectionLost (libcurl 7.88 reports such a reply as complete)")
    func cutHead() async throws {
        let own = try await exchange("HTTP/1.1 200 OK\r\nContent-Le", client: .own).result
        #expect(own.error?.kind == "connectionLost", "\(String(describing: own.error))")
        #expect(own.error?.curlError?.code == Int32(CURLE_PARTIAL_FILE.rawValue))
    }

    @Test("an idle timeout (a low-speed limit of 1 byte/s) ends a stalled body as stalled, on time")
    func idleTimeoutStalls() async throws {
        let server = try LoopbackHTTPServer(route: { _ in .stall(length: 100_000, sent: 500) })
        defer { server.shutdown() }
        for client in PlainHTTPClient.allCases {
            let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: client))
            var request = DownloadRequest(url: server.url("/"), totalTimeout: .seconds(20))
            request.lowSpeed = LowSpeedLimit(bytesPerSecond: 1, duration: .seconds(1))
            let result = await transport.download(request)
            await transport.shutdown()
            guard case .stalled(let curl) = result.error else {
                Issue.record("\(client): expected stalled, got \(String(describing: result.error))")
                continue
            }
            #expect(curl.isTimeout)
            #expect(result.bytesReceived == 500)
            let elapsed = result.timings.finished - (result.timings.admitted ?? 0)
            #expect(elapsed >= 1_000 * millisecond, "\(client): fired early")
            #expect(elapsed < 8_000 * millisecond, "\(client): fired far too late")
        }
    }

    @Test("the idle timeout is URLSession's: silence for its duration ends the transfer, well before the total")
    func idleTimeoutIsSilence() async throws {
        let server = try LoopbackHTTPServer(route: { _ in .stall(length: 100_000, sent: 500) })
        defer { server.shutdown() }
        let transport = try CurlTransport(loopCount: 1)
        var request = DownloadRequest(url: server.url("/"), totalTimeout: .seconds(6))
        request.lowSpeed = LowSpeedLimit(bytesPerSecond: 1, duration: .seconds(2))
        let result = await transport.download(request)
        await transport.shutdown()
        // libcurl 7.88 averages over about 5 s and ends this one at the total timeout instead.
        guard case .stalled = result.error else {
            Issue.record("expected stalled, got \(String(describing: result.error))")
            return
        }
        let elapsed = result.timings.finished - (result.timings.admitted ?? 0)
        #expect(elapsed >= 2_000 * millisecond && elapsed < 3_500 * millisecond)
    }

    @Test("a connect timeout to an address that never answers is connectTimedOut, without a connection")
    func connectTimeout() async throws {
        // A listener with a full backlog that never accepts: further SYNs go unanswered.
        let listener = try Posix.tcpSocket()
        defer { try? Posix.close(listener) }
        try Posix.bind(listener, to: IPv4Address(host: "127.0.0.1", port: 0)!)
        try Posix.listen(listener, backlog: 0)
        let port = try Posix.localAddress(of: listener).port
        var fillers: [Int32] = []
        defer { for filler in fillers { try? Posix.close(filler) } }
        for _ in 0..<4 {
            let filler = try Posix.tcpSocket()
            _ = try? Posix.connect(filler, to: IPv4Address(host: "127.0.0.1", port: port)!)
            fillers.append(filler)
        }
        try await Task.sleep(for: .milliseconds(100))
        let transport = try CurlTransport(loopCount: 1)
        let result = await transport.download(
            DownloadRequest(url: "http://127.0.0.1:\(port)/", connectTimeout: .milliseconds(300)))
        await transport.shutdown()
        guard case .connectTimedOut(let curl) = result.error else {
            Issue.record("expected connectTimedOut, got \(String(describing: result.error))")
            return
        }
        #expect(curl.isTimeout)
        #expect(result.timings.connected == nil)
        let elapsed = result.timings.finished - (result.timings.admitted ?? 0)
        #expect(elapsed >= 300 * millisecond && elapsed < 3_000 * millisecond)
    }

    @Test("where connect(2) already made the connection, the head goes out at admission and only the reply is awaited")
    func headSentAtAdmissionOnAnEstablishedConnection() async throws {
        // On loopback the handshake ends inside connect(2): no writable event is waited for, and the
        // connection is stamped when it was made. A listener that never accepts still completes handshakes.
        let silent = try SilentListener()
        defer { silent.close() }
        let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: .own))
        let lane = transport.lanes[0].lane
        let loop = transport.loops[0]
        let url = silent.url
        let seen = try await onLoop(loop) { () throws -> (PlainHTTPExchange.Phase, IOEvents?, Bool)? in
            let transfer = Transfer(
                request: DownloadRequest(url: url, totalTimeout: .seconds(10)), enqueued: MonotonicClock.now())
            guard transfer.begin({ _ in }) else { return nil }
            lane.handle(.start(transfer))
            // What admission left, before the loop looks at any event.
            guard let exchange = transfer.exchange else { return nil }
            let seen = (exchange.phase, try loop.interest(of: exchange.descriptor), exchange.connected != nil)
            lane.handle(.cancel(transfer))
            return seen
        }
        await transport.shutdown()
        guard let (phase, interest, connected) = seen else {
            Issue.record("no exchange was admitted")
            return
        }
        #expect(phase == .receiving)
        #expect(interest == .readable, "no writable event waited for, no change of interest")
        #expect(connected)
    }

    @Test("requests the own client does not take go to libcurl: TLS, names, reuse, other methods, fast stalls")
    func eligibility() {
        let plain = DownloadRequest(url: "http://127.0.0.1:8080/media/1KB.jpg")
        #expect(PlainHTTPExchange.accepts(plain) != nil)
        var variants: [DownloadRequest] = []
        for url in ["https://127.0.0.1/x", "http://localhost:8080/x", "http://user@127.0.0.1/x"] {
            variants.append(DownloadRequest(url: url))
        }
        var reused = plain
        reused.keepAlive = true
        var post = plain
        post.method = "POST"
        post.body = [1]
        var fastStall = plain
        fastStall.lowSpeed = LowSpeedLimit(bytesPerSecond: 1_000, duration: .seconds(1))
        variants += [reused, post, fastStall]
        for request in variants {
            #expect(PlainHTTPExchange.accepts(request) == nil, "\(request.url) \(request.method)")
        }
        var idle = plain
        idle.lowSpeed = LowSpeedLimit(bytesPerSecond: 1, duration: .seconds(60))
        #expect(PlainHTTPExchange.accepts(idle) != nil)
    }

    @Test("an exchange leaves nothing on its loop once it ends: completed, refused, timed out or cancelled")
    func anEndedExchangeLeavesNoTimerOrRegistration() async throws {
        let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: .own))
        let loop = transport.loops[0]
        // The loop holds an exchange's watchdog and socket handler strongly until the exchange closes.
        @Sendable func held() throws -> (timers: Int, registrations: Int) {
            (try loop.pendingTimerCount(), loop.registrations.count { $0 != nil })
        }
        let idle = try await onLoop(loop, held)
        let silent = try SilentListener()
        defer { silent.close() }

        let served = try OneShotHTTPServer(response: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        let completed = await transport.download(DownloadRequest(url: "http://127.0.0.1:\(served.port)/x"))
        #expect(completed.error == nil && completed.status == 200)
        let closed = try OneShotHTTPServer(response: "")
        let refused = await transport.download(DownloadRequest(url: "http://127.0.0.1:\(closed.port)/x"))
        #expect(refused.error != nil)

        let timingOut = Task {
            await transport.download(DownloadRequest(url: silent.url, totalTimeout: .seconds(1)))
        }
        let timedOutExchanges = try await runningExchanges(of: transport, count: 1)
        guard case .timedOut = await timingOut.value.error else {
            Issue.record("expected a timeout")
            return
        }
        let waiting = Task { await transport.download(DownloadRequest(url: silent.url, totalTimeout: .seconds(10))) }
        let cancelledExchanges = try await runningExchanges(of: transport, count: 1)
        #expect(try await onLoop(loop, held) != idle, "a running exchange holds its timer and socket")
        waiting.cancel()
        #expect(await waiting.value.error == .cancelled)
        #expect(try await onLoop(loop, held) == idle)
        #expect((timedOutExchanges + cancelledExchanges).allSatisfy { $0.exchange == nil }, "nothing keeps one alive")

        // Shut down with exchanges still running: the loop lets go of them too.
        let running = (0..<3).map { _ in
            Task { await transport.download(DownloadRequest(url: silent.url, totalTimeout: .seconds(10))) }
        }
        let shutDownExchanges = try await runningExchanges(of: transport, count: 3)
        await transport.shutdown()
        for task in running { #expect(await task.value.error != nil) }
        #expect(shutDownExchanges.allSatisfy { $0.exchange == nil })
    }
}

/// A listener that never accepts: a connection to it is made, and no answer ever comes.
private struct SilentListener {
    let descriptor: Int32
    let url: String

    init() throws {
        descriptor = try Posix.tcpSocket()
        try Posix.bind(descriptor, to: IPv4Address(host: "127.0.0.1", port: 0)!)
        try Posix.listen(descriptor, backlog: 16)
        url = "http://127.0.0.1:\(try Posix.localAddress(of: descriptor).port)/media/1KB.jpg"
    }

    func close() { try? Posix.close(descriptor) }
}

/// A weak reference to an exchange, read by the test after the loop let go of it.
private final class WeakExchange: @unchecked Sendable {
    // @unchecked Sendable: set once on the loop thread before it is handed out; the exchange itself is
    // never touched through it, only checked for nil once the loop has released it.
    weak var exchange: PlainHTTPExchange?

    init(_ exchange: PlainHTTPExchange) { self.exchange = exchange }
}

/// The plain-HTTP exchanges `transport`'s first loop runs, once there are `count` of them (waiting up to
/// 5 s), as weak references.
private func runningExchanges(of transport: CurlTransport, count: Int) async throws -> [WeakExchange] {
    let lane = transport.lanes[0].lane
    for _ in 0..<500 {
        let found = try await onLoop(lane.loop) { lane.exchanges.values.compactMap(\.exchange).map(WeakExchange.init) }
        if found.count >= count { return found }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("fewer than \(count) exchanges started")
    return []
}
