import CCurl
import Testing

@testable import NSEBenchSystem

/// The transport's pure parts: error classification, the task-side lifecycle, the admission queue and
/// the conversion of libcurl's offsets. No sockets, no loop.
@Suite("Transport model")
struct TransportModelTests {
    private func curlError(_ code: CURLcode) -> CurlError { CurlError(call: "transfer", code: code) }

    @Test("timeouts are told apart by phase: connect, total, stall")
    func timeoutClassification() {
        let timeout = curlError(CURLE_OPERATION_TIMEDOUT)
        func classify(connected: Bool, reached: Bool, lowSpeed: Bool) -> DownloadError {
            DownloadError.classify(
                timeout, connected: connected, reachedTotalLimit: reached, lowSpeedDetection: lowSpeed, limit: 1)
        }
        #expect(classify(connected: false, reached: true, lowSpeed: true) == .connectTimedOut(timeout))
        #expect(classify(connected: true, reached: true, lowSpeed: true) == .timedOut(timeout))
        #expect(classify(connected: true, reached: false, lowSpeed: true) == .stalled(timeout))
        #expect(classify(connected: true, reached: false, lowSpeed: false) == .timedOut(timeout))
    }

    @Test("connect, connection loss, size and TLS failures map to their cases")
    func codeClassification() {
        func classify(_ code: CURLcode) -> DownloadError {
            DownloadError.classify(
                curlError(code), connected: true, reachedTotalLimit: false, lowSpeedDetection: false, limit: 42)
        }
        #expect(classify(CURLE_COULDNT_CONNECT) == .connectFailed(curlError(CURLE_COULDNT_CONNECT)))
        #expect(classify(CURLE_COULDNT_RESOLVE_HOST) == .connectFailed(curlError(CURLE_COULDNT_RESOLVE_HOST)))
        #expect(classify(CURLE_RECV_ERROR) == .connectionLost(curlError(CURLE_RECV_ERROR)))
        #expect(classify(CURLE_GOT_NOTHING) == .connectionLost(curlError(CURLE_GOT_NOTHING)))
        #expect(classify(CURLE_PARTIAL_FILE) == .connectionLost(curlError(CURLE_PARTIAL_FILE)))
        #expect(classify(CURLE_FILESIZE_EXCEEDED) == .tooLarge(limit: 42, curlError(CURLE_FILESIZE_EXCEEDED)))
        #expect(
            classify(CURLE_PEER_FAILED_VERIFICATION) == .tls(curlError(CURLE_PEER_FAILED_VERIFICATION)))
        #expect(classify(CURLE_URL_MALFORMAT) == .transfer(curlError(CURLE_URL_MALFORMAT)))
        #expect(classify(CURLE_URL_MALFORMAT).curlError?.code == 3)
        #expect(DownloadError.cancelled.curlError == nil)
    }

    @Test("the FIFO queue keeps order across compaction")
    func fifoOrder() {
        var queue = FIFOQueue<Int>()
        var next = 0
        var popped: [Int] = []
        for round in 0..<50 {
            for _ in 0..<(100 + round) {
                queue.push(next)
                next += 1
            }
            for _ in 0..<90 { if let value = queue.popFirst() { popped.append(value) } }
        }
        popped += queue.removeAll()
        #expect(popped == Array(0..<next))
        let extra = queue.popFirst()
        #expect(queue.isEmpty && extra == nil)
    }

    @Test("libcurl's offsets become absolute from its start, anchored at the completion seen")
    func curlOffsets() {
        var timings = DownloadTimings(enqueued: 1_000, admitted: 5_000, finished: 0)
        let offsets = CurlTimings(nameLookup: 10, connect: 20, tlsHandshake: 0, firstByte: 1_000, total: 1_500)
        timings.applyCurlOffsets(offsets, observedCompletion: 2_000_000)
        // Start = 2,000,000 − 1,500 µs = 500,000 ns.
        #expect(timings.nameLookup == 510_000)
        #expect(timings.connected == 520_000)
        #expect(timings.tlsConnected == nil)
        #expect(timings.firstByte == 1_500_000)
        #expect(timings.completed == 2_000_000)
        #expect(timings.queued == 4_000)
        #expect(timings.curlStarted == 500_000)
        #expect(timings.firstByte.map { $0 - 500_000 } == 1_000 * 1_000, "libcurl's own offset, given back")

        var clamped = DownloadTimings(enqueued: 0, admitted: 900_000, finished: 0)
        clamped.applyCurlOffsets(offsets, observedCompletion: 2_000_000)
        #expect(clamped.nameLookup == 910_000, "libcurl cannot have started before admission")
    }

    @Test("a timer libcurl asks for replaces the pending one only when it is due earlier")
    func timerReplacement() {
        #expect(CurlShard.replacesTimer(pending: nil, requested: 5))
        #expect(CurlShard.replacesTimer(pending: 10, requested: 5))
        #expect(!CurlShard.replacesTimer(pending: 10, requested: 10))
        // Asking again for "now" must not push back a timer that is already due.
        #expect(!CurlShard.replacesTimer(pending: 10, requested: 11))
    }

    @Test("timeouts become whole milliseconds, rounded up, never 0")
    func millisecondRounding() {
        #expect(TransferSetup.milliseconds(roundingUp: 1) == 1)
        #expect(TransferSetup.milliseconds(roundingUp: 1_000_000) == 1)
        #expect(TransferSetup.milliseconds(roundingUp: 1_000_001) == 2)
        #expect(TransferSetup.milliseconds(roundingUp: 0) == 1)
    }

    @Test("a Connection header is found in any case, and nothing else is taken for one")
    func connectionHeaderDetection() {
        #expect(TransferSetup.isConnectionHeader("Connection: keep-alive"))
        #expect(TransferSetup.isConnectionHeader("CONNECTION:close"))
        #expect(TransferSetup.isConnectionHeader("connection: Upgrade"))
        #expect(!TransferSetup.isConnectionHeader("Connection"))
        #expect(!TransferSetup.isConnectionHeader("X-Connection: close"))
        #expect(!TransferSetup.isConnectionHeader("Connections: 2"))
        #expect(!TransferSetup.isConnectionHeader(""))
    }
}
