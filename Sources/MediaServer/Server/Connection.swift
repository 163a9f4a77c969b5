import NSEBenchCore
import NSEBenchSystem

/// One client connection, confined to the server's loop thread.
///
/// Lifecycle, one state at a time, with at most one pending timer:
///
///     accepted ─(connect delay)→ handshaking (TLS) → reading ─(head)→ waitingFirstByte ─(ttfb)→ sending
///        sending ─(stop offset)→ { reading (keep-alive) | stalled → sending | closingAfterDelay | closed }
///
/// The handshaking and reading states' timer is the idle timeout, which is not extended by partial
/// bytes, so a stalled TLS handshake or a slow-loris head cannot hold the connection past it.
final class Connection {
    enum State {
        case connectDelay
        case handshaking
        case reading
        case waitingFirstByte
        case sending
        case stalled
        case closingAfterDelay
        case closed
    }

    let fd: Int32
    unowned let server: ServerCore
    private let io: ConnectionIO
    private(set) var state: State = .connectDelay
    private var parser: HTTPRequestParser
    /// Bytes read past the head being served (pipelined requests), parsed after its response.
    private var inbox: [UInt8] = []
    private var plan: ResponsePlan?
    private var headSent = 0
    private var bodySent = 0
    private var stallDone = false
    private var pacing: TokenBucket?
    private var timer: TimerID?
    private var interest: IOEvents = []
    /// TCP_NODELAY is set lazily, before a response's second write: a response sent in one write
    /// never waits for Nagle, and most are.
    private var noDelaySet = false

    /// The smallest write a response paced only by the shared link makes (except its last); a
    /// connection with its own bandwidth uses its bucket's ``TokenBucket/pacedChunk``.
    static let minimumPacedChunk = 1_024

    init(fd: Int32, server: ServerCore, io: ConnectionIO) {
        self.fd = fd
        self.server = server
        self.io = io
        self.parser = HTTPRequestParser(limits: server.configuration.parserLimits)
    }

    /// Whether the connection sits between requests, so shutdown may close it at once.
    var isIdle: Bool { state == .reading && !parser.hasPartialHead && inbox.isEmpty }

    // MARK: Lifecycle

    /// The interest to register a new connection with: straight to reading a plain connection with
    /// no connect delay, saving an `epoll_ctl` per connection.
    func initialInterest(connectDelay: UInt64) -> IOEvents {
        if case .plain = io, connectDelay == 0 { return [.readable, .readHangup] }
        return [.readHangup]
    }

    /// Starts serving after the connect delay drawn for this connection; `interest` is what the
    /// descriptor was registered with.
    func begin(after delay: UInt64, interest: IOEvents) {
        self.interest = interest
        if delay > 0 {
            state = .connectDelay
            schedule(in: delay) { [unowned self] in self.afterConnectDelay() }
        } else {
            afterConnectDelay()
        }
    }

    private func afterConnectDelay() {
        if case .tls = io {
            state = .handshaking
            // The idle timeout covers the handshake: a client that sends nothing, or half a
            // ClientHello, is closed at it, as a slow-loris head is. Handshake bytes do not extend it.
            schedule(in: server.idleTimeoutNanoseconds) { [unowned self] in self.handshakeTimedOut() }
            handshake()
        } else {
            enterReading()
        }
    }

    /// Epoll events for this descriptor.
    func handle(_ events: IOEvents) {
        if events.contains(.error) || events.contains(.hangup) {
            close()
            return
        }
        switch state {
        case .handshaking: handshake()
        case .reading:
            if events.contains(.readable) || events.contains(.readHangup) { readRequests() }
        case .sending:
            if events.contains(.writable) { pump() } else if events.contains(.readHangup) { close() }
        case .connectDelay, .waitingFirstByte, .stalled, .closingAfterDelay:
            if events.contains(.readHangup) { close() }
        case .closed: break
        }
    }

    private func handshake() {
        guard case .tls(let session) = io else { return }
        switch try? session.handshake() {
        case .done: enterReading()
        case .wantRead: watch([.readable, .readHangup])
        case .wantWrite: watch([.writable, .readHangup])
        case .closed, nil: close()
        }
    }

    private func handshakeTimedOut() {
        timer = nil
        guard state == .handshaking else { return }
        server.statistics.idleTimeouts.add(1, ordering: .relaxed)
        close()
    }

    // MARK: Reading

    private func enterReading() {
        state = .reading
        plan = nil
        watch([.readable, .readHangup])
        schedule(in: server.idleTimeoutNanoseconds) { [unowned self] in self.idleTimeoutFired() }
        if !inbox.isEmpty {
            let pending = inbox
            inbox = []
            pending.withUnsafeBytes { consume($0) }
        }
    }

    private func idleTimeoutFired() {
        timer = nil
        guard state == .reading else { return }
        server.statistics.idleTimeouts.add(1, ordering: .relaxed)
        if parser.hasPartialHead {
            start(server.planner.requestTimeout())
        } else {
            close()
        }
    }

    private func readRequests() {
        while state == .reading {
            switch io.receive(fd, into: server.readBuffer) {
            case .bytes(let count):
                consume(UnsafeRawBufferPointer(rebasing: server.readBuffer[..<count]))
            case .wait(let events):
                if events != .readable { watch(events.union(.readHangup)) }
                return
            case .closed:
                close()
                return
            }
        }
    }

    /// Feeds bytes to the parser; stops at the first complete head and keeps the rest for later.
    private func consume(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            guard state == .reading else {
                inbox.append(contentsOf: bytes[offset...])
                if inbox.count > server.configuration.parserLimits.maxHeadLength * 4 { close() }
                return
            }
            do {
                let result = try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                offset += result.consumed
                guard let head = result.head else { continue }
                server.statistics.requests.add(1, ordering: .relaxed)
                start(server.planner.plan(for: head))
            } catch {
                server.statistics.protocolErrors.add(1, ordering: .relaxed)
                start(server.planner.plan(for: error))
                return
            }
        }
    }

    // MARK: Responding

    private func start(_ plan: ResponsePlan) {
        cancelTimer()
        self.plan = plan
        headSent = 0
        bodySent = 0
        stallDone = false
        pacing =
            plan.bandwidth.isUnlimited
            ? nil
            : TokenBucket(
                bytesPerSecond: plan.bandwidth.bytesPerSecond,
                burst: TokenBucket.defaultBurst(bytesPerSecond: plan.bandwidth.bytesPerSecond),
                now: MonotonicClock.now())
        state = .waitingFirstByte
        if plan.firstByteDelay > 0 {
            watch([.readHangup])
            let due = MonotonicClock.now() &+ plan.firstByteDelay
            schedule(in: plan.firstByteDelay) { [unowned self] in
                self.server.recordFirstByteLateness(MonotonicClock.now() &- due)
                self.beginSending()
            }
        } else {
            beginSending()
        }
    }

    private func beginSending() {
        timer = nil
        state = .sending
        pump()
    }

    /// Writes what the socket, the pacing and the plan allow; called again on writable or a pacing timer.
    private func pump() {
        guard let plan else { return }
        let headLength = plan.sendsHead ? plan.head.count : 0
        while state == .sending {
            let stopAt = stallDone ? plan.body.count : plan.stopOffset
            let headLeft = headLength - headSent
            let bodyLeft = stopAt - bodySent
            if headLeft <= 0, bodyLeft <= 0 {
                finishBody()
                return
            }
            // Paced writes go out in chunks of 2 ms of the rate (or what is left).
            let chunk = min(pacing?.pacedChunk ?? Self.minimumPacedChunk, max(0, headLeft) + max(0, bodyLeft))
            var allowance = server.writeBuffer.count
            let now = MonotonicClock.now()
            if pacing != nil { allowance = pacing!.take(upTo: allowance, atLeast: chunk, now: now) }
            if allowance > 0 {
                let linked = server.linkAllowance(upTo: allowance, atLeast: chunk, now: now)
                if linked < allowance { pacing?.giveBack(allowance - linked) }
                allowance = linked
            }
            if allowance == 0 {
                let wait = max(
                    pacing?.nanosecondsUntil(available: chunk, now: now) ?? 0, server.linkWait(for: chunk, now: now),
                    50_000)
                watch([.readHangup])
                schedule(in: wait) { [unowned self] in
                    self.timer = nil
                    self.pump()
                }
                return
            }
            if !noDelaySet, headSent + bodySent > 0 {
                try? Posix.setNoDelay(fd)
                noDelaySet = true
            }
            let filled = fill(plan, headLeft: headLeft, bodyLeft: bodyLeft, allowance: allowance)
            switch io.transmit(fd, UnsafeRawBufferPointer(rebasing: server.writeBuffer[..<filled])) {
            case .bytes(let sent):
                advance(by: sent, headLeft: headLeft)
                returnUnused(allowance - sent)
                server.statistics.bytesSent.add(sent, ordering: .relaxed)
                if sent < filled {
                    watch([.writable, .readHangup])
                    return
                }
            case .wait(let events):
                returnUnused(allowance)
                watch(events.union(.readHangup))
                return
            case .closed:
                close()
                return
            }
        }
    }

    /// Copies the next bytes (head remainder, then body) into the loop's write buffer.
    private func fill(_ plan: ResponsePlan, headLeft: Int, bodyLeft: Int, allowance: Int) -> Int {
        let buffer = server.writeBuffer
        var filled = 0
        if headLeft > 0 {
            let count = min(headLeft, allowance)
            plan.head.withUnsafeBytes { head in
                buffer.baseAddress!.copyMemory(from: head.baseAddress! + headSent, byteCount: count)
            }
            filled = count
        }
        let room = min(allowance - filled, max(0, bodyLeft))
        if room > 0 {
            let destination = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + room)])
            switch plan.body {
            case .none: break
            case .synthetic(let file): filled += file.copyBytes(offset: bodySent, into: destination)
            case .bytes(let bytes):
                bytes.withUnsafeBytes { source in
                    destination.baseAddress!.copyMemory(from: source.baseAddress! + bodySent, byteCount: room)
                }
                filled += room
            }
        }
        return filled
    }

    private func advance(by sent: Int, headLeft: Int) {
        let toHead = min(sent, max(0, headLeft))
        headSent += toHead
        bodySent += sent - toHead
    }

    private func returnUnused(_ count: Int) {
        guard count > 0 else { return }
        pacing?.giveBack(count)
        server.returnLinkAllowance(count)
    }

    /// The plan's stop offset is reached: apply its ending.
    private func finishBody() {
        guard let plan else { return }
        let statistics = server.statistics
        switch plan.ending {
        case .complete(let keepAlive, let closeDelay):
            complete(keepAlive: keepAlive, closeDelay: closeDelay, fault: plan.fault)
        case .reset:
            statistics.injectedResets.add(1, ordering: .relaxed)
            try? Posix.setResetOnClose(fd)
            close()
        case .truncate:
            statistics.injectedTruncations.add(1, ordering: .relaxed)
            close()
        case .stall(let duration, let closeDelay):
            if stallDone {
                complete(keepAlive: false, closeDelay: closeDelay, fault: .stall)
                return
            }
            statistics.injectedStalls.add(1, ordering: .relaxed)
            stallDone = true
            state = .stalled
            watch([.readHangup])
            // A stall "forever" lasts until the client gives up, or the idle timeout at the latest.
            schedule(in: duration ?? server.idleTimeoutNanoseconds) { [unowned self] in
                self.timer = nil
                if duration == nil {
                    self.close()
                } else {
                    self.state = .sending
                    self.pump()
                }
            }
        }
    }

    private func complete(keepAlive: Bool, closeDelay: UInt64?, fault: FaultDecision.Kind) {
        server.statistics.responsesCompleted.add(1, ordering: .relaxed)
        if fault == .status { server.statistics.injectedStatus.add(1, ordering: .relaxed) }
        if let closeDelay {
            server.statistics.injectedSlowCloses.add(1, ordering: .relaxed)
            state = .closingAfterDelay
            watch([.readHangup])
            schedule(in: closeDelay) { [unowned self] in
                self.timer = nil
                self.close()
            }
        } else if keepAlive, !server.isDraining {
            parser = HTTPRequestParser(limits: server.configuration.parserLimits)
            enterReading()
        } else {
            close()
        }
    }

    // MARK: Plumbing

    /// Closes the socket (with an RST if one was requested) and forgets the connection.
    func close() {
        guard state != .closed else { return }
        state = .closed
        cancelTimer()
        if case .tls(let session) = io { session.shutdown() }
        server.remove(self)
    }

    private func watch(_ events: IOEvents) {
        guard events != interest, state != .closed else { return }
        interest = events
        if (try? server.loop.modify(fd: fd, interest: events)) == nil { close() }
    }

    private func schedule(in nanoseconds: UInt64, _ action: @escaping () -> Void) {
        cancelTimer()
        timer = try? server.loop.scheduleTimer(at: MonotonicClock.now() &+ nanoseconds, action)
    }

    private func cancelTimer() {
        if let timer { _ = try? server.loop.cancelTimer(timer) }
        timer = nil
    }
}
