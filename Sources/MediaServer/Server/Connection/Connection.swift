import NSEBenchCore
import NSEBenchSystem

/// One client connection, confined to the server's loop thread: the driver of its
/// ``ConnectionStateMachine``.
///
/// The machine decides; this class does the I/O it asks for. It owns the descriptor, the byte stream
/// (plain or TLS), the one timer and the loop registration, reads the clock, feeds each event to the
/// machine and performs the returned ``ConnectionAction``. Every failure of a call (a read, a write,
/// `epoll_ctl`, a timer, a socket option) closes the connection with a reason that
/// ``ServerStatistics`` counts, so none goes unnoticed.
final class Connection {
    let fd: Int32
    unowned let server: ServerCore
    private let io: ConnectionIO
    // Unchecked: the connection is confined to its loop's thread, and nothing its driver calls (the
    // planner, the loop, the server's statistics and link) calls back into it, so accesses never
    // overlap; the dynamic check cost more than the machine's whole step on a 1 KB response.
    @exclusivity(unchecked) private var machine: ConnectionStateMachine
    @exclusivity(unchecked) private var timer: TimerID?

    init(fd: Int32, server: ServerCore, io: ConnectionIO) {
        self.fd = fd
        self.server = server
        self.io = io
        var isTLS = false
        if case .tls = io { isTLS = true }
        machine = ConnectionStateMachine(
            configuration: .init(
                parserLimits: server.configuration.parserLimits, idleTimeout: server.idleTimeoutNanoseconds,
                isTLS: isTLS))
    }

    /// The interest to register the connection with: straight to reading a plain connection with no
    /// connect delay, saving an `epoll_ctl` per connection.
    func initialInterest(connectDelay: UInt64) -> IOEvents {
        ConnectionStateMachine.initialInterest(isTLS: machine.configuration.isTLS, connectDelay: connectDelay)
    }

    /// Whether the connection sits between requests, so shutdown may close it at once.
    var isIdle: Bool { machine.isIdle }

    /// Starts serving after the connect delay drawn for this connection; `interest` is what the
    /// descriptor was registered with.
    func begin(after delay: UInt64, interest: IOEvents) {
        perform(machine.accepted(connectDelay: delay, registeredFor: interest, now: MonotonicClock.now()))
    }

    /// Epoll events for this descriptor.
    func handle(_ events: IOEvents) {
        perform(machine.socketEvents(events))
    }

    /// Closes the connection for the server's shutdown.
    func close() {
        perform(machine.shutdown())
    }

    // MARK: Performing actions

    /// Does what `first` says, then what the machine answers to each step, until it waits for an event.
    private func perform(_ first: consuming ConnectionAction) {
        var action = first
        while true {
            if let interest = action.interest {
                do {
                    try server.loop.modify(fd: fd, interest: interest)
                } catch {
                    action = machine.failed(.registrationFailed)
                    continue
                }
            }
            if let change = action.timer {
                do throws(EventLoopError) {
                    try apply(change)
                } catch {
                    action = machine.failed(.timerFailed)
                    continue
                }
            }
            if !action.tally.isEmpty { count(action.tally) }
            if let lateness = action.firstByteLateness { server.recordFirstByteLateness(lateness) }
            switch action.next {
            case .none:
                return
            case .handshake:
                action = machine.handshakeProgressed(io.handshake(), now: MonotonicClock.now())
            case .read:
                action = read()
            case .plan:
                let now = MonotonicClock.now()
                action = machine.plan(now: now) { request in plan(for: request, now: now) }
            case .send:
                var link = ServerLink(server: server)
                action = machine.writable(
                    now: MonotonicClock.now(), capacity: server.writeBuffer.count, draining: server.isDraining,
                    link: &link)
            case .write(let write):
                action = transmit(write)
            case .close(let reason, let reset):
                finishClosing(reason, reset: reset)
                return
            }
        }
    }

    private func read() -> ConnectionAction {
        switch io.receive(fd, into: server.readBuffer) {
        case .bytes(let count):
            return machine.received(
                UnsafeRawBufferPointer(rebasing: server.readBuffer[..<count]), now: MonotonicClock.now())
        case .wait(let events): return machine.ioBlocked(events)
        case .closed: return machine.peerClosed()
        case .failed: return machine.failed(.readFailed)
        }
    }

    private func plan(for request: ConnectionStateMachine.PlanRequest, now: UInt64) -> ResponsePlan {
        switch request {
        case .head(let head):
            if let endpoint = SideEndpoint(path: head.path) {
                server.statistics.recordSideCall(endpoint, at: now, bodyBytes: head.bodyLength)
            }
            return server.planner.plan(for: head, now: now)
        case .malformed(let error):
            return server.planner.plan(for: error)
        case .timedOut:
            return server.planner.requestTimeout()
        }
    }

    private func transmit(_ write: ResponseWrite) -> ConnectionAction {
        guard case .sending(let response) = machine.state else { return ConnectionAction() }
        if write.setsNoDelay {
            do {
                try Posix.setNoDelay(fd)
            } catch {
                return machine.failed(.socketOptionFailed)
            }
        }
        var write = write
        let filled = response.plan.copy(write, into: server.writeBuffer)
        write.bodyCount = filled - write.headCount
        var link = ServerLink(server: server)
        switch io.transmit(fd, UnsafeRawBufferPointer(rebasing: server.writeBuffer[..<filled])) {
        case .bytes(let sent):
            server.statistics.bytesSent.add(sent, ordering: .relaxed)
            return machine.sent(sent, of: write, link: &link)
        case .wait(let events):
            return machine.writeBlocked(events, of: write, link: &link)
        case .closed:
            return machine.peerClosed()
        case .failed:
            return machine.failed(.writeFailed)
        }
    }

    private func apply(_ change: ConnectionAction.Timer) throws(EventLoopError) {
        if let timer {
            self.timer = nil
            _ = try server.loop.cancelTimer(timer)
        }
        guard case .schedule(let deadline) = change else { return }
        timer = try server.loop.scheduleTimer(at: deadline) { [unowned self] in
            self.timer = nil
            self.perform(self.machine.timerFired(now: MonotonicClock.now()))
        }
    }

    private func count(_ tally: ConnectionTally) {
        let statistics = server.statistics
        if tally.contains(.request) { statistics.requests.add(1, ordering: .relaxed) }
        if tally.contains(.protocolError) { statistics.protocolErrors.add(1, ordering: .relaxed) }
        if tally.contains(.idleTimeout) { statistics.idleTimeouts.add(1, ordering: .relaxed) }
        if tally.contains(.responseCompleted) { statistics.responsesCompleted.add(1, ordering: .relaxed) }
        if tally.contains(.injectedStatus) { statistics.injectedStatus.add(1, ordering: .relaxed) }
        if tally.contains(.injectedReset) { statistics.injectedResets.add(1, ordering: .relaxed) }
        if tally.contains(.injectedStall) { statistics.injectedStalls.add(1, ordering: .relaxed) }
        if tally.contains(.injectedTruncation) { statistics.injectedTruncations.add(1, ordering: .relaxed) }
        if tally.contains(.injectedSlowClose) { statistics.injectedSlowCloses.add(1, ordering: .relaxed) }
        if tally.contains(.originFetch) { statistics.originFetches.add(1, ordering: .relaxed) }
        if tally.contains(.originCoalesced) { statistics.originCoalesced.add(1, ordering: .relaxed) }
        if tally.contains(.cacheHit) { statistics.cacheHits.add(1, ordering: .relaxed) }
    }

    /// Cancels the timer, closes the socket (with an RST if `reset`), counts the close under its
    /// reason and forgets the connection.
    ///
    /// A reset that cannot be armed, or a timer that cannot be cancelled, is counted as that
    /// failure instead of the reason the machine gave.
    private func finishClosing(_ reason: ConnectionCloseReason, reset: Bool) {
        var counted = reason
        if let timer {
            self.timer = nil
            do {
                _ = try server.loop.cancelTimer(timer)
            } catch {
                counted = .timerFailed
            }
        }
        if reset {
            do {
                try Posix.setResetOnClose(fd)
            } catch {
                counted = .socketOptionFailed
            }
        }
        io.shutdown()
        server.statistics.recordClose(counted)
        server.remove(self)
    }
}

/// The server's shared link bandwidth, as the connection's machine takes from it.
private struct ServerLink: SharedLink {
    // Unsafe: a ServerLink lives for one call of the machine, inside a call of the connection,
    // whose own reference keeps the server alive; this saves a reference count per write.
    unowned(unsafe) let server: ServerCore

    func allowance(upTo wanted: Int, atLeast minimum: Int, now: UInt64) -> Int {
        server.linkAllowance(upTo: wanted, atLeast: minimum, now: now)
    }

    func wait(for chunk: Int, now: UInt64) -> UInt64 {
        server.linkWait(for: chunk, now: now)
    }

    func giveBack(_ count: Int) {
        server.returnLinkAllowance(count)
    }
}
