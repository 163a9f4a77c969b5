import CCurl
import Glibc
import NSEBenchCore

/// One download on the transport's own HTTP/1.1 client: a `GET` of a plain `http://` URL on a
/// connection of its own, closed after the response, driven by the lane's event loop.
///
/// Why it exists: for the requests that make up a load (plain HTTP to an address, each on a fresh
/// connection) libcurl's generality is most of the client's cost: an easy handle, its buffers and
/// its option tables per transfer (58 allocations), a `poll` after every read, and its timers on the
/// loop's wheel. This client does only what such a request needs: `socket`, `connect`, one `send`,
/// reads into the lane's one shared buffer, and one watchdog timer. It sends the same bytes libcurl
/// sends (``PlainHTTPRequest``), reports failures as the same libcurl codes, so every
/// ``DownloadError`` and every column above reads the same, and leaves every other request
/// (TLS, names, other methods, connection reuse, a low-speed limit above 1 byte/s) to libcurl.
///
/// Timeouts: libcurl's connect timeout (its default of 300 s when the request sets none) until
/// connected, and the total timeout from admission, as libcurl counts them. A low-speed limit of at
/// most 1 byte/s is taken for what the runtime means by it, URLSession's `timeoutIntervalForRequest`:
/// an idle timeout, no byte (head or body) for its duration, counted from the request's send. libcurl
/// only approximates that: it averages the body's speed over about 5 s and checks once a second, so it
/// ends a silent transfer up to about 5 s late, and ends a trickle of one byte every 1.5 s as a stall
/// where a phone's session (and this client) keeps waiting. Stalls are the one outcome in which the two
/// clients differ by design.
///
/// Loop thread only, after creation.
final class PlainHTTPExchange {
    /// Where the exchange is.
    enum Phase {
        case connecting
        case sending
        case receiving
        case done
    }

    /// libcurl's connect timeout when none is set: 300 s.
    static let defaultConnectTimeout: UInt64 = 300_000_000_000

    unowned let transfer: Transfer
    unowned let lane: TransportLane
    /// The URL's parts and the request head's source.
    let plain: PlainHTTPRequest
    let descriptor: Int32
    private(set) var phase = Phase.connecting
    private var requestHead: [UInt8]
    private var sent = 0
    private var parser: HTTPResponseParser
    /// The most bytes one read takes.
    private let readLimit: Int
    let admitted: UInt64
    private(set) var connected: UInt64?
    private(set) var firstByte: UInt64?
    private(set) var completed: UInt64?
    /// The final response's head, once read.
    private(set) var head: HTTPResponseParser.Head?
    /// The last time a byte arrived (or the request went out), for the idle timeout.
    private var lastActivity: UInt64 = 0
    private var timer: TimerID?
    /// When ``timer`` is due, while it is pending.
    private var timerDeadline: UInt64 = .max
    private let connectDeadline: UInt64
    private let totalDeadline: UInt64?
    private let idleLimit: UInt64?

    /// Whether `request` is one this client sends: a `GET` without a body of a ``PlainHTTPRequest``
    /// URL, on a connection of its own, with no low-speed limit above 1 byte/s.
    static func accepts(_ request: DownloadRequest) -> PlainHTTPRequest? {
        guard request.method == "GET", request.body == nil, !request.keepAlive else { return nil }
        if let lowSpeed = request.lowSpeed, lowSpeed.bytesPerSecond > 1 { return nil }
        return PlainHTTPRequest(url: request.url)
    }

    /// Opens the connection for `transfer` and starts connecting; the lane hears of the result
    /// through ``TransportLane/exchangeFinished(_:error:)``.
    ///
    /// - Throws: ``DownloadError/connectFailed(_:)`` when no socket can be opened or the connection
    ///   is refused at once; ``DownloadError/setup(_:)`` when the loop refuses the socket.
    init(
        transfer: Transfer, plain: PlainHTTPRequest, lane: TransportLane, now: UInt64, readLimit: Int
    ) throws(DownloadError) {
        let request = transfer.request
        self.transfer = transfer
        self.lane = lane
        self.plain = plain
        self.admitted = now
        self.readLimit = readLimit
        self.requestHead = plain.head(headers: request.headerLines, close: true)
        self.parser = HTTPResponseParser(
            capturing: FaultPlan.faultHeaderName, keepingFields: request.keepsHeaderFields,
            keepingRedirectFields: request.keepsRedirectHeaderFields)
        let connectLimit = request.connectTimeout.map { UInt64(max($0.nanoseconds, 0)) } ?? Self.defaultConnectTimeout
        self.connectDeadline = now + connectLimit
        self.totalDeadline = transfer.totalLimit.map { now + $0 }
        self.idleLimit = request.lowSpeed.map { $0.wholeSeconds * 1_000_000_000 }
        guard let address = IPv4Address(host: plain.host, port: plain.port) else {
            throw .invalidRequest(option: "url", value: request.url)
        }
        do throws(SystemError) {
            descriptor = try Posix.tcpSocket()
        } catch {
            throw .connectFailed(
                CurlError(
                    call: "transfer", code: CURLE_COULDNT_CONNECT,
                    detail: "Failed to create socket: \(error.message)", osErrno: error.errno))
        }
        let connectedAtOnce: Bool
        do throws(SystemError) {
            if case .processed = try Posix.connect(descriptor, to: address) {
                connectedAtOnce = true
            } else {
                connectedAtOnce = false
            }
        } catch {
            try? Posix.close(descriptor)
            throw .connectFailed(Self.connectFailure(plain, after: 0, errno: error.errno))
        }
        if connectedAtOnce { phase = .sending }
        do throws(DownloadError) { try sendHeadEarly() } catch {
            try? Posix.close(descriptor)
            throw error
        }
        do throws(EventLoopError) {
            // Held strongly by the loop until `close()` deregisters it: a closure whose one capture is a
            // strong reference uses that object as its context, where an unowned capture took a box of
            // its own, one more object per download in flight (issue #18). The watchdog timer likewise.
            try lane.loop.register(fd: descriptor, interest: phase == .receiving ? .readable : .writable) {
                [self] events in ready(events)
            }
        } catch {
            try? Posix.close(descriptor)
            throw .setup(CurlError(call: "transfer", code: CURLE_COULDNT_CONNECT, detail: "\(error)"))
        }
        armTimer()
    }

    /// Sends the request's head before the socket is registered, where the handshake has already ended.
    ///
    /// On loopback, and wherever the kernel completes the handshake inside `connect(2)`, a non-blocking
    /// connect reports `EINPROGRESS` with the socket already established. Sending at once saves the
    /// writable event's loop pass and the change of interest to readable that follow (an `epoll_ctl`
    /// and a handler call per connection, issue #18), and stamps the connection when it was made rather
    /// than when the loop next looked. A socket still connecting refuses the send with `EAGAIN` and waits
    /// to be writable, as before; one whose connect failed (refused, unreachable) reports that error here,
    /// a connect failure, as the writable event's `SO_ERROR` would have.
    private func sendHeadEarly() throws(DownloadError) {
        let now = MonotonicClock.now()
        let sending = requestHead.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try Posix.send(descriptor, bytes) }
        }
        switch sending {
        case .success(.wouldBlock): return
        case .success(.processed(let count)):
            connected = now
            transfer.connectedNow(now)
            phase = .sending
            sent = count
            guard sent == requestHead.count else { return }  // the rest when writable
            requestHead = []
            phase = .receiving
            lastActivity = now
        case .failure(let error) where phase == .connecting:
            throw .connectFailed(Self.connectFailure(plain, after: (now - admitted) / 1_000_000, errno: error.errno))
        case .failure(let error):
            throw failure(CURLE_SEND_ERROR, "Send failure: \(error.message)", osErrno: error.errno)
        }
    }

    private static func connectFailure(_ plain: PlainHTTPRequest, after milliseconds: UInt64, errno code: Int32)
        -> CurlError
    {
        CurlError(
            call: "transfer", code: CURLE_COULDNT_CONNECT,
            detail: "Failed to connect to \(plain.host) port \(plain.port) after \(milliseconds) ms: "
                + String(cString: strerror(code)),
            osErrno: code)
    }

    // MARK: Events

    private func ready(_ events: IOEvents) {
        switch phase {
        case .connecting: connectEnded(events)
        case .sending: sendHead()
        case .receiving: receive()
        case .done: break
        }
    }

    /// The non-blocking connect ended. A connect that failed is reported with `error` (and `hangup`), and
    /// only then is its error read (`getsockopt(SO_ERROR)`); one that succeeded is only `writable`, which
    /// saves that system call on every connection (one of 16 per invocation against a server that closes
    /// each connection, counted with strace).
    private func connectEnded(_ events: IOEvents) {
        var code: Int32 = 0
        if !events.isDisjoint(with: [.error, .hangup]) {
            do throws(SystemError) { code = try Posix.pendingError(of: descriptor) } catch { code = error.errno }
        }
        guard code == 0 else {
            let elapsed = (MonotonicClock.now() - admitted) / 1_000_000
            end(.connectFailed(Self.connectFailure(plain, after: elapsed, errno: code)))
            return
        }
        phase = .sending
        sendHead()
    }

    private func sendHead() {
        if connected == nil {
            let now = MonotonicClock.now()
            connected = now
            transfer.connectedNow(now)
        }
        let sending = requestHead.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in
                try Posix.send(descriptor, UnsafeRawBufferPointer(rebasing: bytes[sent...]))
            }
        }
        switch sending {
        case .success(.processed(let count)): sent += count
        case .success(.wouldBlock): break
        case .failure(let error):
            end(failure(CURLE_SEND_ERROR, "Send failure: \(error.message)", osErrno: error.errno))
            return
        }
        guard sent == requestHead.count else { return }  // the rest when writable again
        requestHead = []
        phase = .receiving
        lastActivity = MonotonicClock.now()
        armTimer()  // the idle limit starts now
        do throws(EventLoopError) { try lane.loop.modify(fd: descriptor, interest: .readable) } catch {
            end(.setup(CurlError(call: "transfer", code: CURLE_RECV_ERROR, detail: "\(error)")))
        }
    }

    /// The most reads one readiness event gets, so that one fast body cannot hold the loop from the
    /// other transfers' events and timers (the socket, still readable, is reported again).
    static let readsPerEvent = 16

    /// Reads until the socket has nothing more now, the response is complete or ends, or this event's
    /// reads are spent.
    private func receive() {
        let buffer = lane.readBuffer
        let limit = min(readLimit, buffer.count)
        var reads = 0
        while phase == .receiving, reads < Self.readsPerEvent {
            reads += 1
            let count: Int
            do throws(SystemError) {
                guard case .processed(let read) = try Posix.read(descriptor, into: .init(rebasing: buffer[..<limit]))
                else { return }
                count = read
            } catch {
                end(failure(CURLE_RECV_ERROR, "Recv failure: \(error.message)", osErrno: error.errno))
                return
            }
            let now = MonotonicClock.now()
            lastActivity = now
            guard count > 0 else {
                endOfStream(now)
                return
            }
            if firstByte == nil { firstByte = now }
            parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]), now: now)
            if count < limit { return }  // drained for now
        }
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        let transfer = self.transfer
        let maximum = transfer.request.maximumBodyBytes
        var announcedTooLarge = false
        let progress: HTTPResponseParser.Progress
        do throws(HTTPResponseParseError) {
            progress = try parser.parse(
                bytes,
                head: { head in
                    self.head = head
                    if let length = head.contentLength, length > maximum { announcedTooLarge = true }
                    transfer.headReceived()
                },
                body: { chunk in !announcedTooLarge && transfer.receive(chunk) })
        } catch {
            end(failure(Self.code(for: error), error.description))
            return
        }
        switch progress {
        case .needMore:
            if announcedTooLarge { end(failure(CURLE_FILESIZE_EXCEEDED, "Maximum file size exceeded")) }
        case .complete:
            if announcedTooLarge {
                end(failure(CURLE_FILESIZE_EXCEEDED, "Maximum file size exceeded"))
            } else {
                completed = now
                end(nil)
            }
        case .refused:
            end(
                announcedTooLarge
                    ? failure(CURLE_FILESIZE_EXCEEDED, "Maximum file size exceeded")
                    : sinkFailure())
        }
    }

    private func endOfStream(_ now: UInt64) {
        do throws(HTTPResponseParseError) {
            try parser.finishAtEndOfStream()
            completed = now
            end(nil)
        } catch {
            end(failure(Self.code(for: error), error.description))
        }
    }

    /// libcurl's code for a response it could not read.
    private static func code(for error: HTTPResponseParseError) -> CURLcode {
        switch error {
        case .emptyReply: CURLE_GOT_NOTHING
        case .closedInHead, .closedInBody: CURLE_PARTIAL_FILE
        case .malformedChunk, .headTooLarge: CURLE_RECV_ERROR
        case .malformedStatusLine, .malformedHeader, .invalidContentLength: CURLE_WEIRD_SERVER_REPLY
        }
    }

    // MARK: Timeouts

    /// The earliest limit still to watch.
    private var nextDeadline: UInt64 {
        var deadline = totalDeadline ?? .max
        if connected == nil { deadline = min(deadline, connectDeadline) }
        if phase == .receiving, let idleLimit { deadline = min(deadline, lastActivity + idleLimit) }
        return deadline
    }

    /// Schedules the watchdog for the earliest limit, unless a timer due no later is pending (a timer
    /// that fires before its limit is re-armed then, so limits that move later cost nothing).
    private func armTimer() {
        let deadline = nextDeadline
        guard deadline < timerDeadline else { return }
        if let pending = timer.take() { _ = try? lane.loop.cancelTimer(pending) }
        timer = try? lane.loop.scheduleTimer(at: deadline) { [self] in timerFired() }
        timerDeadline = timer == nil ? .max : deadline
    }

    private func timerFired() {
        timer = nil
        timerDeadline = .max
        guard phase != .done else { return }
        let now = MonotonicClock.now()
        let elapsed = (now - admitted) / 1_000_000
        if let totalDeadline, now >= totalDeadline {
            let received = transfer.sink.received
            let detail =
                connected == nil
                ? "Connection timed out after \(elapsed) milliseconds"
                : "Operation timed out after \(elapsed) milliseconds with \(received)"
                    + (head?.contentLength.map { " out of \($0)" } ?? "") + " bytes received"
            end(failure(CURLE_OPERATION_TIMEDOUT, detail))
        } else if connected == nil, now >= connectDeadline {
            end(failure(CURLE_OPERATION_TIMEDOUT, "Connection timed out after \(elapsed) milliseconds"))
        } else if phase == .receiving, let idleLimit, now >= lastActivity + idleLimit {
            end(
                failure(
                    CURLE_OPERATION_TIMEDOUT,
                    "Operation too slow. Less than 1 bytes/sec transferred the last \(idleLimit / 1_000_000_000) seconds"
                ))
        } else {
            armTimer()
        }
    }

    // MARK: Ending

    /// Writes the instants this exchange reached into `timings` (its start is admission; an address
    /// needs no name lookup, so the lookup ends there too; `completed` is when it ended, failed or not,
    /// as libcurl's TOTAL).
    func apply(to timings: inout DownloadTimings) {
        timings.curlStarted = admitted
        timings.nameLookup = admitted
        timings.connected = connected
        timings.firstByte = firstByte
        timings.completed = completed
    }

    private func failure(_ code: CURLcode, _ detail: String, osErrno: Int32 = 0) -> DownloadError {
        TransferOutcome.error(
            for: transfer, curlError: CurlError(call: "transfer", code: code, detail: detail, osErrno: osErrno),
            connected: connected != nil, elapsed: MonotonicClock.now() - admitted)
    }

    /// The error for a body the transfer's sink refused.
    private func sinkFailure() -> DownloadError {
        failure(CURLE_WRITE_ERROR, "Failure writing output to destination")
    }

    /// Releases the connection and the timer, and hands the transfer back to the lane. A failure is
    /// stamped as it ends too, as libcurl's TOTAL is.
    private func end(_ error: DownloadError?) {
        guard phase != .done else { return }
        if completed == nil { completed = MonotonicClock.now() }
        close()
        lane.exchangeFinished(transfer, error: error)
    }

    /// Closes the connection and cancels the timer, without reporting (the lane ends the transfer).
    func close() {
        guard phase != .done else { return }
        phase = .done
        if let timer = timer.take() { _ = try? lane.loop.cancelTimer(timer) }
        // Runs on the loop thread, once, with the socket registered: it does not fail. If it did, the
        // loop's handler would keep the exchange alive, never point at a freed one.
        _ = try? lane.loop.deregisterAndClose(fd: descriptor)
    }
}
