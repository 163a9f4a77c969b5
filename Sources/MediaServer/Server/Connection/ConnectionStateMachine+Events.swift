import NSEBenchSystem

/// The events of a connection that are not about writing a response: accepting, the handshake,
/// socket events, reading, planning, the timer and the server's shutdown. Events that make no sense
/// in the current state (a read reported after the close, a plan nobody asked for) return an empty
/// action and change nothing.
extension ConnectionStateMachine {
    /// The connection was accepted and its descriptor registered for `interest`
    /// (``ConnectionStateMachine/initialInterest(isTLS:connectDelay:)``); `connectDelay` nanoseconds
    /// pass before it is served.
    mutating func accepted(connectDelay: UInt64, registeredFor interest: IOEvents, now: UInt64) -> ConnectionAction {
        var action = ConnectionAction()
        guard case .connecting = state else { return action }
        self.interest = interest
        if connectDelay > 0 {
            action.timer = .schedule(at: now &+ connectDelay)
        } else {
            connectDelayEnded(now: now, into: &action)
        }
        return action
    }

    /// Epoll reported `events` for the descriptor.
    mutating func socketEvents(_ events: IOEvents) -> ConnectionAction {
        var action = ConnectionAction()
        if case .closed = state { return action }
        if events.contains(.error) {
            close(.socketError, into: &action)
            return action
        }
        if events.contains(.hangup) {
            close(.peerClosed, into: &action)
            return action
        }
        switch state {
        case .handshaking:
            action.next = .handshake
        case .waitingForHead:
            // Writable only when TLS asked to write before it can read on.
            if !events.isDisjoint(with: [.readable, .readHangup, .writable]) { action.next = .read }
        case .sending:
            if events.contains(.writable) {
                action.next = .send
            } else if events.contains(.readHangup) {
                close(.peerClosed, into: &action)
            }
        case .connecting, .planning, .waitingForOrigin, .waitingForFirstByte, .stalled, .closingAfterDelay:
            if events.contains(.readHangup) { close(.peerClosed, into: &action) }
        case .closed:
            break
        }
        return action
    }

    /// One step of the TLS handshake ran.
    mutating func handshakeProgressed(_ step: HandshakeStep, now: UInt64) -> ConnectionAction {
        var action = ConnectionAction()
        guard case .handshaking = state else { return action }
        switch step {
        case .done: enterWaitingForHead(now: now, readNow: true, into: &action)
        case .wantRead: watch([.readable, .readHangup], into: &action)
        case .wantWrite: watch([.writable, .readHangup], into: &action)
        case .closed: close(.peerClosed, into: &action)
        case .failed: close(.handshakeFailed, into: &action)
        }
        return action
    }

    /// A read returned these bytes.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> ConnectionAction {
        var action = ConnectionAction()
        switch state {
        case .waitingForHead:
            parse(bytes, into: &action)
        case .closed:
            break
        default:
            // Not reading: keep the bytes for later, within the pipelining limit.
            inbox.append(contentsOf: bytes)
            if inbox.count > configuration.pipelineLimit { close(.pipelineOverflow, into: &action) }
        }
        return action
    }

    /// A read or a write found nothing to do until the socket reports `events` (readable, or
    /// writable for TLS).
    mutating func ioBlocked(_ events: IOEvents) -> ConnectionAction {
        var action = ConnectionAction()
        if case .closed = state { return action }
        watch(events.union(.readHangup), into: &action)
        return action
    }

    /// A read found the end of the stream (or TLS close_notify), or a write found the peer gone.
    mutating func peerClosed() -> ConnectionAction {
        failed(.peerClosed)
    }

    /// A read, a write, the registration, the timer or a socket option failed: close for `reason`.
    mutating func failed(_ reason: ConnectionCloseReason) -> ConnectionAction {
        var action = ConnectionAction()
        if case .closed = state { return action }
        close(reason, into: &action)
        return action
    }

    /// The driver's answer to ``ConnectionAction/Next/plan``: `planner` turns the request into the
    /// response's plan (the driver's calls the server's planner; a test's returns a plan of its own).
    ///
    /// A plan whose cache lookup missed waits for its origin fetch first; the lookup is counted.
    mutating func plan(now: UInt64, using planner: (PlanRequest) -> ResponsePlan) -> ConnectionAction {
        var action = ConnectionAction()
        guard case .planning(let request) = state else { return action }
        let plan = planner(request)
        let response = Response(plan: plan, origin: request.origin, now: now)
        switch plan.cacheLookup {
        case .hit: action.tally.insert(.cacheHit)
        case .originFetch: action.tally.insert(.originFetch)
        case .coalesced: action.tally.insert(.originCoalesced)
        case nil: break
        }
        if let ready = plan.cacheLookup?.readyAt, ready > now {
            state = .waitingForOrigin(response, due: ready)
            watch([.readHangup], into: &action)
            action.timer = .schedule(at: ready)
        } else {
            awaitFirstByte(response, now: now, into: &action)
        }
        return action
    }

    /// Starts the response's first-byte delay at `now`, or sends at once without one.
    private mutating func awaitFirstByte(_ response: Response, now: UInt64, into action: inout ConnectionAction) {
        if response.plan.firstByteDelay > 0 {
            let due = now &+ response.plan.firstByteDelay
            state = .waitingForFirstByte(response, due: due)
            watch([.readHangup], into: &action)
            action.timer = .schedule(at: due)
        } else {
            state = .sending(response)
            action.timer = .cancel
            action.next = .send
        }
    }

    /// The connection's timer fired; the state says which one it was.
    mutating func timerFired(now: UInt64) -> ConnectionAction {
        var action = ConnectionAction()
        switch state {
        case .connecting:
            connectDelayEnded(now: now, into: &action)
        case .handshaking:
            action.tally.insert(.idleTimeout)
            close(.handshakeTimeout, into: &action)
        case .waitingForHead:
            action.tally.insert(.idleTimeout)
            if parser.hasPartialHead {
                state = .planning(.timedOut)
                action.next = .plan
            } else {
                close(.idleTimeout, into: &action)
            }
        case .waitingForOrigin(let response, _):
            // The object arrived from the origin; the network's time to first byte follows.
            awaitFirstByte(response, now: now, into: &action)
        case .waitingForFirstByte(let response, let due):
            action.firstByteLateness = now > due ? now - due : 0
            state = .sending(response)
            action.next = .send
        case .sending:
            action.next = .send  // a pacing wait ended
        case .stalled(let response):
            if case .stall(duration: nil, _) = response.plan.ending {
                close(.stallForeverEnded, into: &action)
            } else {
                state = .sending(response)
                action.next = .send
            }
        case .closingAfterDelay:
            close(.injectedSlowClose, into: &action)
        case .planning, .closed:
            break
        }
        return action
    }

    /// The server is shutting down and closes the connection: between requests that is a drain,
    /// otherwise the shutdown's grace period ran out on it.
    mutating func shutdown() -> ConnectionAction {
        failed(isIdle ? .drained : .drainTimedOut)
    }

    private mutating func connectDelayEnded(now: UInt64, into action: inout ConnectionAction) {
        if configuration.isTLS {
            state = .handshaking
            // The idle timeout covers the handshake: a client that sends nothing, or half a
            // ClientHello, is closed at it, as a slow-loris head is. Handshake bytes do not extend it.
            action.timer = .schedule(at: now &+ configuration.idleTimeout)
            action.next = .handshake
        } else {
            enterWaitingForHead(now: now, readNow: false, into: &action)
        }
    }
}
