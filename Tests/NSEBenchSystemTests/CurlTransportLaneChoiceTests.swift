import Foundation
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchSystem

/// Which loop a download runs on: the caller's own, when the caller runs on one of the transport's
/// loops (an invocation task that prefers the loop), so that its completion needs no other thread.
@Suite("CurlTransport: the caller's loop", .serialized)
struct CurlTransportLaneChoiceTests {
    /// Starts `count` downloads of `url`, from `loop`'s thread (nil: this task's), and returns, for
    /// each, the index of the transport loop its completion ran on (nil: none).
    private func completionLoops(
        _ count: Int, url: String, transport: CurlTransport, startingOn loop: EventLoop?
    ) async throws -> [Int?] {
        let loops = transport.loops
        let seen = Mutex<[Int?]>([])
        return try await withCheckedThrowingContinuation { continuation in
            let startAll: @Sendable () -> Void = {
                for _ in 0..<count {
                    _ = transport.start(DownloadRequest(url: url)) { _ in
                        let here = loops.firstIndex { $0.inEventLoop }
                        let all = seen.withLock { seen -> [Int?]? in
                            seen.append(here)
                            return seen.count == count ? seen : nil
                        }
                        if let all { continuation.resume(returning: all) }
                    }
                }
            }
            guard let loop else { return startAll() }
            do {
                try loop.execute(startAll)
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    @Test("a download started on a transport loop runs on that loop; one started elsewhere, round robin")
    func theCallersLoopCarriesItsDownload() async throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: [1, 2, 3], contentType: "image/jpeg") }
        defer { server.shutdown() }
        let transport = try CurlTransport(loopCount: 2)
        let loops = transport.loops
        let url = server.url("/media/1.jpg")

        let fromSecond = try await completionLoops(8, url: url, transport: transport, startingOn: loops[1])
        #expect(fromSecond == Array(repeating: 1, count: 8), "every completion on the loop that started it")

        let fromElsewhere = try await completionLoops(8, url: url, transport: transport, startingOn: nil)
        #expect(fromElsewhere.count == 8)
        #expect(Set(fromElsewhere) == [0, 1], "a caller on no loop is spread over both")
        await transport.shutdown()
    }
}
