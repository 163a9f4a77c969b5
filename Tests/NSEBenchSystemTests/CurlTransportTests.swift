import CCurl
import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchSystem

private let millisecond: UInt64 = 1_000_000

/// A body whose bytes differ from position to position, so truncation or reordering shows.
private func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

/// How the test server answers each path.
private struct Routes: Sendable {
    let behavior: @Sendable (String) -> ServerBehavior

    init(_ behavior: @escaping @Sendable (String) -> ServerBehavior) { self.behavior = behavior }

    /// The same answer for every path.
    static func always(_ behavior: ServerBehavior) -> Routes { Routes { _ in behavior } }
}

/// Runs `body` with a server answering as `routes` says and a transport of its own, and shuts both
/// down afterwards.
private func withServerAndTransport<T>(
    client: PlainHTTPClient = .own, _ routes: Routes, configuration: CurlTransport.Configuration = .init(),
    _ body: (LoopbackHTTPServer, CurlTransport) async throws -> T
) async throws -> T {
    let server = try LoopbackHTTPServer(route: routes.behavior)
    defer { server.shutdown() }
    var configuration = configuration
    configuration.plainHTTP = client
    let transport = try CurlTransport(loopCount: 1, configuration: configuration)
    do {
        let result = try await body(server, transport)
        await transport.shutdown()
        return result
    } catch {
        await transport.shutdown()
        throw error
    }
}

/// Serialized: the timing checks share a 2-core machine, and each test runs its own server loop.
@Suite("CurlTransport", .serialized)
struct CurlTransportTests {
    @Test(
        "a progress observer hears the phases reached and the bytes so far, as the body arrives",
        arguments: PlainHTTPClient.allCases)
    func progressIsReportedWhileTheBodyArrives(client: PlainHTTPClient) async throws {
        let body = pattern(100_000)
        try await withServerAndTransport(
            client: client, .always(.respond(status: 200, body: body, contentType: "image/png"))
        ) {
            server, transport in
            let reports = Mutex<[DownloadProgress]>([])
            let observer = DownloadProgressObserver { progress in reports.withLock { $0.append(progress) } }
            let result = await transport.download(
                DownloadRequest(url: server.url("/media/100KB.png"), progress: observer))
            #expect(result.error == nil)
            let seen = reports.withLock { $0 }
            let last = try #require(seen.last)
            #expect(last.bytesReceived == body.count)
            #expect(seen.map(\.bytesReceived) == seen.map(\.bytesReceived).sorted())
            #expect(last.status == 200)
            #expect(last.contentType == "image/png")
            let admitted = try #require(last.admitted)
            let connected = try #require(last.connected)
            let firstByte = try #require(last.firstByte)
            #expect(admitted <= connected && connected <= firstByte)
        }
    }

    @Test(
        "progress reports the connection before any response, and the head before any body byte",
        arguments: [ServerBehavior.silent, .stall(length: 10_000, sent: 0)])
    func progressReportsEachPhaseAsItIsReached(behavior: ServerBehavior) async throws {
        try await withServerAndTransport(.always(behavior)) { server, transport in
            let reports = Mutex<[DownloadProgress]>([])
            let observer = DownloadProgressObserver { progress in reports.withLock { $0.append(progress) } }
            // The transport gives up after 300 ms; the progress already holds what was reached.
            let result = await transport.download(
                DownloadRequest(
                    url: server.url("/media/10KB.jpg"), totalTimeout: .milliseconds(300), progress: observer))
            #expect(result.error != nil)
            let last = try #require(reports.withLock { $0.last })
            let connected = try #require(last.connected)
            #expect(connected >= (last.admitted ?? 0))
            #expect(last.bytesReceived == 0)
            if case .silent = behavior {
                #expect(last.firstByte == nil)
                #expect(last.status == 0)
            } else {
                #expect(try #require(last.firstByte) >= connected)
                #expect(last.status == 200)
            }
        }
    }

    @Test(
        "an observer of a receiver object tells that object, and equals only observers of the same one",
        arguments: PlainHTTPClient.allCases)
    func progressReachesAReceiverObject(client: PlainHTTPClient) async throws {
        final class Receiver: DownloadProgressReceiver {
            let reports = Mutex<[DownloadProgress]>([])
            func update(_ progress: DownloadProgress) { reports.withLock { $0.append(progress) } }
        }
        let receiver = Receiver()
        let observer = DownloadProgressObserver(receiver)
        #expect(observer == DownloadProgressObserver(receiver))
        #expect(observer != DownloadProgressObserver(Receiver()))
        #expect(observer.hashValue == DownloadProgressObserver(receiver).hashValue)
        let body = pattern(20_000)
        try await withServerAndTransport(
            client: client, .always(.respond(status: 200, body: body, contentType: "image/png"))
        ) {
            server, transport in
            let result = await transport.download(
                DownloadRequest(url: server.url("/media/20KB.png"), progress: observer))
            #expect(result.error == nil)
            let last = try #require(receiver.reports.withLock { $0.last })
            #expect(last.bytesReceived == body.count && last.status == 200 && last.contentType == "image/png")
        }
    }

    @Test(
        "a download to memory returns the body, the status, the type and ordered phase times",
        arguments: PlainHTTPClient.allCases)
    func downloadToMemory(client: PlainHTTPClient) async throws {
        let body = pattern(100_000)
        try await withServerAndTransport(
            client: client, .always(.respond(status: 200, body: body, contentType: "image/jpeg"))
        ) {
            server, transport in
            let result = await transport.download(DownloadRequest(url: server.url("/media/100KB.jpg")))
            #expect(result.error == nil)
            #expect(result.status == 200)
            #expect(result.contentType == "image/jpeg")
            #expect(result.bytesReceived == body.count)
            #expect(result.body == .bytes(body))
            let timings = result.timings
            let admitted = try #require(timings.admitted)
            let connected = try #require(timings.connected)
            let firstByte = try #require(timings.firstByte)
            let completed = try #require(timings.completed)
            #expect(timings.enqueued <= admitted)
            #expect(admitted <= connected && connected <= firstByte && firstByte <= completed)
            #expect(completed <= timings.finished)
            #expect(timings.tlsConnected == nil)
            #expect(timings.queued.map { $0 < 1_000 * millisecond } == true)
        }
    }

    @Test("a download to a file writes the body there and reports the path", arguments: PlainHTTPClient.allCases)
    func downloadToFile(client: PlainHTTPClient) async throws {
        let body = pattern(300_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: body))) {
            server, transport in
            let result = await transport.download(
                DownloadRequest(url: server.url("/media/300KB.jpg"), destination: .file(path: path)))
            #expect(result.error == nil)
            #expect(result.body == .file(path: path))
            #expect(result.bytesReceived == body.count)
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(written == Data(body))
        }
    }

    @Test(
        "keep-alive off announces Connection: close, with or without extra headers; on, it does not",
        arguments: PlainHTTPClient.allCases)
    func connectionCloseIsAnnounced(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: pattern(10)))) {
            server, transport in
            _ = await transport.download(DownloadRequest(url: server.url("/a")))
            var extra = DownloadRequest(url: server.url("/b"))
            extra.headers = ["Accept: image/*"]
            _ = await transport.download(extra)
            var reused = DownloadRequest(url: server.url("/c"))
            reused.keepAlive = true
            _ = await transport.download(reused)
            var own = DownloadRequest(url: server.url("/d"))
            own.headers = ["Connection: Close"]
            _ = await transport.download(own)
            let heads = server.heads.withLock { $0 }.map { $0.lowercased() }
            #expect(heads.count == 4)
            #expect(heads[3].components(separatedBy: "connection:").count == 2, "the caller's header, once")
            #expect(heads[0].contains("connection: close"))
            #expect(heads[1].contains("connection: close") && heads[1].contains("accept: image/*"))
            #expect(!heads[2].contains("connection: close"))
        }
    }

    @Test(
        "a POST sends its body whole with Content-Length and no Expect; PUT and PATCH without one send 0",
        arguments: PlainHTTPClient.allCases)
    func requestBodiesArrive(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: pattern(10)))) {
            server, transport in
            let report = Array(#"{"delivery_id":"d1","event":"delivered","timestamp":1700000000}"#.utf8)
            let large = pattern(300_000)
            let posted = await transport.download(
                DownloadRequest(url: server.url("/metrics"), method: "POST", body: report))
            let big = await transport.download(DownloadRequest(url: server.url("/big"), method: "PUT", body: large))
            let empty = await transport.download(DownloadRequest(url: server.url("/receipts"), method: "PATCH"))
            let deleted = await transport.download(DownloadRequest(url: server.url("/receipts/1"), method: "DELETE"))
            let head = await transport.download(DownloadRequest(url: server.url("/media"), method: "HEAD"))
            #expect([posted, big, empty, deleted].map(\.status) == [200, 200, 200, 200])
            #expect(posted.body == .bytes(pattern(10)), "the response is read as for a GET")
            #expect(head.status == 200 && head.bytesReceived == 0)
            let heads = server.heads.withLock { $0 }.map { $0.lowercased() }
            #expect(heads.map { $0.prefix(while: { $0 != " " }) } == ["post", "put", "patch", "delete", "head"])
            #expect(heads[0].contains("content-length: \(report.count)") && !heads[0].contains("expect:"))
            #expect(heads[1].contains("content-length: 300000") && !heads[1].contains("expect:"))
            #expect(heads[2].contains("content-length: 0"))
            #expect(!heads[3].contains("content-length"))
            #expect(server.bodies.withLock { $0 } == [report, large, [], [], []])
            #expect(posted.timings.firstByte != nil)
        }
    }

    @Test("a body with GET or HEAD, or a method that is not a token, fails at once")
    func requestBodiesAreChecked() async throws {
        let transport = try CurlTransport(loopCount: 1)
        let get = await transport.download(DownloadRequest(url: "http://127.0.0.1:1/", body: [1]))
        let spaced = await transport.download(DownloadRequest(url: "http://127.0.0.1:1/", method: "PO ST"))
        await transport.shutdown()
        #expect(get.error == .invalidRequest(option: "body", value: "1 bytes with GET"))
        #expect(spaced.error == .invalidRequest(option: "method", value: "\"PO ST\""))
    }

    @Test(
        "the file appears with the first body byte, not while the transfer waits for it",
        arguments: PlainHTTPClient.allCases)
    func fileCreatedOnFirstByte(client: PlainHTTPClient) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The head arrives, the body never does: whatever the machine's load, no byte reaches the sink.
        try await withServerAndTransport(client: client, .always(.stall(length: 1_000, sent: 0))) { server, transport in
            let download = Task {
                await transport.download(DownloadRequest(url: server.url("/x.jpg"), destination: .file(path: path)))
            }
            #expect(await eventually { server.requests.load(ordering: .relaxed) == 1 })
            try await Task.sleep(for: .milliseconds(50))
            #expect(!FileManager.default.fileExists(atPath: path), "waiting for the first byte holds no file")
            download.cancel()
            #expect(await download.value.error == .cancelled)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: pattern(1_000)))) {
            server, transport in
            let result = await transport.download(
                DownloadRequest(url: server.url("/x.jpg"), destination: .file(path: path)))
            #expect(result.error == nil)
            #expect(Posix.regularFileSize(path) == 1_000)
        }
    }

    @Test("an empty body still leaves an empty file, as a download task does", arguments: PlainHTTPClient.allCases)
    func emptyBodyMakesAnEmptyFile(client: PlainHTTPClient) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: []))) {
            server, transport in
            let result = await transport.download(
                DownloadRequest(url: server.url("/empty.jpg"), destination: .file(path: path)))
            #expect(result.error == nil)
            #expect(result.body == .file(path: path))
            #expect(Posix.regularFileSize(path) == 0)
        }
    }

    @Test(
        "a file that cannot be created fails with the path and the system error when the body arrives",
        arguments: PlainHTTPClient.allCases)
    func unwritableFile(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: pattern(10)))) {
            server, transport in
            let path = "/nonexistent-nseb/\(UUID().uuidString)/x.jpg"
            let result = await transport.download(
                DownloadRequest(url: server.url("/"), destination: .file(path: path)))
            guard case .file(let failedPath, let error) = result.error else {
                Issue.record("expected a file error, got \(String(describing: result.error))")
                return
            }
            #expect(failedPath == path)
            #expect(error.errno == ENOENT)
            #expect(result.body == .bytes([]), "no file was created")
            #expect(server.requests.load(ordering: .relaxed) == 1, "the file is created on the first byte")
        }
    }

    @Test("404 and 500 are statuses of completed transfers, not errors", arguments: PlainHTTPClient.allCases)
    func errorStatuses(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(
            client: client,
            Routes { path in
                .respond(status: path.hasSuffix("404") ? 404 : 500, body: Array("nope".utf8))
            }
        ) { server, transport in
            let missing = await transport.download(DownloadRequest(url: server.url("/404")))
            let failing = await transport.download(DownloadRequest(url: server.url("/500")))
            #expect(missing.error == nil && missing.status == 404)
            #expect(failing.error == nil && failing.status == 500)
            #expect(failing.body.bytes == Array("nope".utf8))
        }
    }

    @Test("a reset connection is connectionLost with libcurl's message", arguments: PlainHTTPClient.allCases)
    func connectionReset(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.reset)) { server, transport in
            let result = await transport.download(DownloadRequest(url: server.url("/"), totalTimeout: .seconds(10)))
            guard case .connectionLost(let curl) = result.error else {
                Issue.record("expected connectionLost, got \(String(describing: result.error))")
                return
            }
            #expect(!curl.message.isEmpty)
            #expect(result.status == 0)
        }
    }

    @Test("a body cut short by the server is connectionLost", arguments: PlainHTTPClient.allCases)
    func truncatedBody(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.truncate(length: 10_000, sent: 1_000))) {
            server, transport in
            let result = await transport.download(DownloadRequest(url: server.url("/"), totalTimeout: .seconds(10)))
            guard case .connectionLost = result.error else {
                Issue.record("expected connectionLost, got \(String(describing: result.error))")
                return
            }
            #expect(result.bytesReceived == 1_000)
        }
    }

    @Test(
        "a stalled transfer is aborted by the low-speed limit, before the total timeout",
        arguments: PlainHTTPClient.allCases)
    func stallDetected(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.stall(length: 100_000, sent: 500))) {
            server, transport in
            var request = DownloadRequest(url: server.url("/"), totalTimeout: .seconds(20))
            request.lowSpeed = LowSpeedLimit(bytesPerSecond: 1_000, duration: .seconds(1))
            let result = await transport.download(request)
            guard case .stalled(let curl) = result.error else {
                Issue.record("expected stalled, got \(String(describing: result.error))")
                return
            }
            #expect(curl.isTimeout)
            let elapsed = result.timings.finished - (result.timings.admitted ?? 0)
            #expect(elapsed >= 1_000 * millisecond && elapsed < 10_000 * millisecond)
        }
    }

    @Test("the total timeout fires on time for a server that never answers", arguments: PlainHTTPClient.allCases)
    func totalTimeout(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.silent)) { server, transport in
            let result = await transport.download(
                DownloadRequest(url: server.url("/"), totalTimeout: .milliseconds(500)))
            guard case .timedOut(let curl) = result.error else {
                Issue.record("expected timedOut, got \(String(describing: result.error))")
                return
            }
            #expect(curl.isTimeout)
            let elapsed = result.timings.finished - (result.timings.admitted ?? 0)
            #expect(elapsed >= 500 * millisecond, "fired early")
            #expect(elapsed < 2_500 * millisecond, "fired far too late")
            #expect(result.timings.connected != nil)
        }
    }

    @Test("a body above the limit aborts the transfer, announced or not", arguments: PlainHTTPClient.allCases)
    func oversizeAborts(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(
            client: client,
            Routes { path in
                .respond(status: 200, body: pattern(100_000), announceLength: path == "/announced")
            }
        ) { server, transport in
            for path in ["/announced", "/unannounced"] {
                let result = await transport.download(
                    DownloadRequest(url: server.url(path), totalTimeout: .seconds(10), maximumBodyBytes: 10_000))
                guard case .tooLarge(let limit, let curl) = result.error else {
                    Issue.record("\(path): expected tooLarge, got \(String(describing: result.error))")
                    continue
                }
                #expect(limit == 10_000)
                #expect(!curl.message.isEmpty)
                #expect(result.bytesReceived <= 10_000)
                #expect(result.body.bytes.count <= 10_000)
            }
        }
    }

    @Test("a refused connection is connectFailed (CURLE_COULDNT_CONNECT)", arguments: PlainHTTPClient.allCases)
    func connectionRefused(client: PlainHTTPClient) async throws {
        let port = try OneShotHTTPServer(response: "").port
        let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: client))
        let result = await transport.download(
            DownloadRequest(url: "http://127.0.0.1:\(port)/", connectTimeout: .seconds(5)))
        await transport.shutdown()
        guard case .connectFailed(let curl) = result.error else {
            Issue.record("expected connectFailed, got \(String(describing: result.error))")
            return
        }
        #expect(curl.code == 7)
        #expect(curl.osErrno == ECONNREFUSED, "libcurl's errno tells a refusal from a socket never opened")
        #expect(result.error?.harnessFailure == nil, "a refused connection is the target's, not the harness's")
        #expect(result.timings.connected == nil)
    }

    @Test("a socket libcurl could not open (no errno) is the harness's descriptor exhaustion, not the network's")
    func socketNeverOpenedIsAHarnessFailure() {
        let refused = DownloadError.connectFailed(
            CurlError(call: "transfer", code: CURLE_COULDNT_CONNECT, detail: "Couldn't connect", osErrno: ECONNREFUSED))
        #expect(TransferOutcome.withSocketErrno(refused) == refused)
        let noSocket = DownloadError.connectFailed(
            CurlError(call: "transfer", code: CURLE_COULDNT_CONNECT, detail: "Couldn't connect"))
        let classified = TransferOutcome.withSocketErrno(noSocket)
        #expect(classified.harnessFailure == .descriptorsExhausted)
        #expect(classified.curlError?.osErrno == EMFILE)
        #expect(classified.curlError?.message.hasPrefix("Couldn't connect (") == true, "\(classified)")
        let unresolved = DownloadError.connectFailed(
            CurlError(call: "transfer", code: CURLE_COULDNT_RESOLVE_HOST, detail: "Could not resolve host"))
        #expect(TransferOutcome.withSocketErrno(unresolved).harnessFailure == nil, "DNS is the target's")
    }

    @Test(
        "a destination file that fails for lack of descriptors or disk is the harness's failure; other errors are not",
        arguments: [
            (EMFILE, HarnessFailure?.some(.descriptorsExhausted)), (ENFILE, .descriptorsExhausted),
            (ENOSPC, .scratchFull), (EDQUOT, .scratchFull), (ENOENT, nil),
        ])
    func fileErrorsOfTheHarness(errno code: Int32, expected: HarnessFailure?) {
        let error = DownloadError.file(path: "/dev/shm/x.tmp", SystemError(call: "open(/dev/shm/x.tmp)", errno: code))
        #expect(error.harnessFailure == expected)
    }

    @Test("an invalid option fails at once, naming the option")
    func invalidRequest() async throws {
        let transport = try CurlTransport(loopCount: 1)
        let result = await transport.download(DownloadRequest(url: "http://127.0.0.1:1/", receiveBufferBytes: 10))
        await transport.shutdown()
        #expect(result.error == .invalidRequest(option: "receiveBufferBytes", value: "10"))
        #expect(result.timings.admitted == nil)
    }

    @Test(
        "cancelling the calling task removes the transfer promptly and closes its connection",
        arguments: PlainHTTPClient.allCases)
    func cancellation(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.silent)) { server, transport in
            let task = Task {
                await transport.download(DownloadRequest(url: server.url("/"), totalTimeout: .seconds(30)))
            }
            #expect(await eventually { server.requests.load(ordering: .relaxed) == 1 })
            let cancelledAt = MonotonicClock.now()
            task.cancel()
            let result = await task.value
            #expect(result.error == .cancelled)
            #expect(result.timings.finished - cancelledAt < 2_000 * millisecond)
            #expect(transport.activeTransfers == 0)
            #expect(await eventually { server.clientCloses.load(ordering: .relaxed) == 1 })
        }
    }

    @Test(
        "a task cancelled before it downloads gets a cancelled result and sends nothing",
        arguments: PlainHTTPClient.allCases)
    func cancelledBeforeStart(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: []))) {
            server, transport in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await transport.download(DownloadRequest(url: server.url("/")))
            }
            #expect(await task.value.error == .cancelled)
            #expect(server.requests.load(ordering: .relaxed) == 0)
        }
    }

    @Test(
        "start calls its completion once with the result, without a task waiting", arguments: PlainHTTPClient.allCases)
    func startCompletesOnce(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.respond(status: 200, body: pattern(5_000)))) {
            server, transport in
            let calls = Mutex<[DownloadResult]>([])
            _ = transport.start(DownloadRequest(url: server.url("/"), totalTimeout: .seconds(20))) { result in
                calls.withLock { $0.append(result) }
            }
            #expect(await eventually { calls.withLock { $0.count } == 1 })
            try await Task.sleep(for: .milliseconds(50))
            let results = calls.withLock { $0 }
            #expect(results.count == 1, "once")
            #expect(results.first?.error == nil)
            #expect(results.first?.body == .bytes(pattern(5_000)))
        }
    }

    @Test(
        "start's handle cancels the transfer on its loop and closes its connection", arguments: PlainHTTPClient.allCases
    )
    func startsHandleCancels(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(client: client, .always(.silent)) { server, transport in
            let calls = Mutex<[DownloadResult]>([])
            let handle = transport.start(DownloadRequest(url: server.url("/"), totalTimeout: .seconds(30))) { result in
                calls.withLock { $0.append(result) }
            }
            #expect(await eventually { server.requests.load(ordering: .relaxed) == 1 })
            handle.cancel()
            #expect(await eventually { calls.withLock { $0.count } == 1 })
            #expect(calls.withLock { $0.first?.error } == .cancelled)
            handle.cancel()
            try await Task.sleep(for: .milliseconds(50))
            #expect(calls.withLock { $0.count } == 1, "a second cancel after the end does nothing")
            #expect(await eventually { server.clientCloses.load(ordering: .relaxed) == 1 })
        }
    }

    @Test("start with an invalid option calls back at once, naming the option")
    func startInvalidRequest() async throws {
        let transport = try CurlTransport(loopCount: 1)
        let calls = Mutex<[DownloadResult]>([])
        _ = transport.start(DownloadRequest(url: "http://127.0.0.1:1/", receiveBufferBytes: 10)) { result in
            calls.withLock { $0.append(result) }
        }
        #expect(calls.withLock { $0.map(\.error) } == [.invalidRequest(option: "receiveBufferBytes", value: "10")])
        await transport.shutdown()
    }

    @Test("200 concurrent downloads all succeed", arguments: PlainHTTPClient.allCases)
    func concurrentDownloads(client: PlainHTTPClient) async throws {
        try await withServerAndTransport(
            client: client, Routes { path in .respond(status: 200, body: Array(path.utf8)) }
        ) {
            server, transport in
            let results = await withTaskGroup(of: (Int, DownloadResult).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let request = DownloadRequest(url: server.url("/media/\(index)"), totalTimeout: .seconds(20))
                        return (index, await transport.download(request))
                    }
                }
                return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(results.count == 200)
            for (index, result) in results {
                #expect(result.error == nil && result.status == 200, "download \(index): \(result)")
                #expect(result.body.bytes == Array("/media/\(index)".utf8))
            }
        }
    }

    @Test(
        "paced to one start per loop iteration, a burst still completes, first come first served",
        arguments: PlainHTTPClient.allCases)
    func pacedStarts(client: PlainHTTPClient) async throws {
        let configuration = CurlTransport.Configuration(startsPerIteration: 1)
        try await withServerAndTransport(
            client: client,
            .always(.respond(status: 200, body: pattern(1_000))), configuration: configuration
        ) { server, transport in
            let results = await withTaskGroup(of: DownloadResult.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        await transport.download(DownloadRequest(url: server.url("/"), totalTimeout: .seconds(20)))
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 50)
            #expect(results.allSatisfy { $0.error == nil && $0.status == 200 })
            #expect(transport.queuedTransfers == 0 && transport.activeTransfers == 0)
        }
    }

    @Test("configurations out of range are refused, naming the option")
    func invalidConfiguration() throws {
        let loop = try EventLoop(name: "nseb-unstarted")
        #expect(throws: CurlTransportError.invalidConfiguration(option: "startsPerIteration", value: "0")) {
            try CurlTransport(loops: [loop], configuration: .init(startsPerIteration: 0))
        }
        #expect(throws: CurlTransportError.invalidConfiguration(option: "maxConcurrentTransfers", value: "0")) {
            try CurlTransport(loops: [loop], configuration: .init(maxConcurrentTransfers: 0))
        }
        #expect(throws: CurlTransportError.invalidConfiguration(option: "loops", value: "[]")) {
            try CurlTransport(loops: [])
        }
        #expect(throws: CurlTransportError.invalidConfiguration(option: "loopCount", value: "0")) {
            try CurlTransport(loopCount: 0)
        }
        #expect(throws: CurlTransportError.invalidConfiguration(option: "multiHandlesPerLoop", value: "0")) {
            try CurlTransport(loopCount: 1, configuration: .init(multiHandlesPerLoop: 0))
        }
    }

    @Test(
        "with a small limit, requests queue, the wait is measured and never eaten out of their timeout",
        arguments: PlainHTTPClient.allCases)
    func queueing(client: PlainHTTPClient) async throws {
        let configuration = CurlTransport.Configuration(maxConcurrentTransfers: 1)
        try await withServerAndTransport(
            client: client,
            .always(.respond(status: 200, body: pattern(100), delayMilliseconds: 300)), configuration: configuration
        ) { server, transport in
            // Three requests through one slot, 300 ms each: the last waits for the other two.
            let results = await withTaskGroup(of: DownloadResult.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        await transport.download(
                            DownloadRequest(url: server.url("/"), totalTimeout: .milliseconds(1_500)))
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.allSatisfy { $0.error == nil && $0.status == 200 })
            let queued = results.compactMap(\.timings.queued).sorted()
            #expect(queued.count == 3)
            #expect(queued[2] >= 500 * millisecond, "the last request waited for two others")
            #expect(queued[0] < 250 * millisecond)
        }
    }

    @Test("queue time does not count against the total timeout", arguments: PlainHTTPClient.allCases)
    func queueTimeIsNotTimeout(client: PlainHTTPClient) async throws {
        let configuration = CurlTransport.Configuration(maxConcurrentTransfers: 1)
        try await withServerAndTransport(
            client: client,
            .always(.respond(status: 200, body: pattern(100), delayMilliseconds: 300)), configuration: configuration
        ) { server, transport in
            let results = await withTaskGroup(of: DownloadResult.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        await transport.download(
                            DownloadRequest(url: server.url("/"), totalTimeout: .milliseconds(800)))
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.allSatisfy { $0.error == nil }, "\(results.map(\.error))")
            #expect(results.contains { ($0.timings.queued ?? 0) >= 550 * millisecond })
        }
    }

    @Test(
        "a request whose deadline passes while queued fails then, without being sent",
        arguments: PlainHTTPClient.allCases)
    func deadlineWhileQueued(client: PlainHTTPClient) async throws {
        let configuration = CurlTransport.Configuration(maxConcurrentTransfers: 1)
        try await withServerAndTransport(client: client, .always(.silent), configuration: configuration) {
            server, transport in
            let blocker = Task {
                await transport.download(DownloadRequest(url: server.url("/"), totalTimeout: .seconds(3)))
            }
            #expect(await eventually { server.requests.load(ordering: .relaxed) == 1 })
            let deadline = MonotonicClock.now() + 300 * millisecond
            let result = await transport.download(DownloadRequest(url: server.url("/"), deadline: deadline))
            #expect(result.error == .deadlineExpiredWhileQueued(deadline: deadline))
            #expect(result.timings.finished >= deadline)
            #expect(result.timings.finished < deadline + 2_000 * millisecond)
            #expect(transport.queuedTransfers == 0)
            blocker.cancel()
            _ = await blocker.value
            #expect(server.requests.load(ordering: .relaxed) == 1)
        }
    }

    @Test("shutdown ends running downloads and refuses later ones", arguments: PlainHTTPClient.allCases)
    func shutdownEndsDownloads(client: PlainHTTPClient) async throws {
        let server = try LoopbackHTTPServer(route: { _ in .silent })
        defer { server.shutdown() }
        let transport = try CurlTransport(loopCount: 1, configuration: .init(plainHTTP: client))
        let running = Task { await transport.download(DownloadRequest(url: server.url("/"))) }
        #expect(await eventually { server.requests.load(ordering: .relaxed) == 1 })
        await transport.shutdown()
        #expect(await running.value.error == .shutDown)
        #expect(await transport.download(DownloadRequest(url: server.url("/"))).error == .shutDown)
    }
}
