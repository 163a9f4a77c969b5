import NSEBenchCore
import NSEBenchSystem

/// The events of a sending connection: the socket can take bytes, took some, or took none; and the
/// response's ending once its stop offset is reached.
extension ConnectionStateMachine {
    /// The driver may write: returns the next ``ConnectionAction/Next/write(_:)``, a pacing wait, or
    /// the response's ending.
    ///
    /// - Parameters:
    ///   - capacity: the most bytes one write may carry (the driver's write buffer).
    ///   - draining: whether the server is shutting down, so a finished response closes the connection.
    ///   - link: the bandwidth shared with the loop's other connections.
    mutating func writable(
        now: UInt64, capacity: Int, draining: Bool, link: inout some SharedLink
    ) -> ConnectionAction {
        var action = ConnectionAction()
        guard case .sending(var response) = state else { return action }
        let plan = response.plan
        let headLeft = (plan.sendsHead ? plan.head.count : 0) - response.headSent
        let bodyLeft = (response.stallDone ? plan.body.count : plan.stopOffset) - response.bodySent
        if headLeft <= 0, bodyLeft <= 0 {
            finish(response, now: now, draining: draining, into: &action)
            return action
        }
        // Paced writes go out in chunks of 5 ms of the rate, at most half the burst (or what is left).
        let chunk = min(response.pacing?.pacedChunk ?? Self.minimumPacedChunk, max(0, headLeft) + max(0, bodyLeft))
        var allowance = capacity
        if response.pacing != nil { allowance = response.pacing!.take(upTo: allowance, atLeast: chunk, now: now) }
        if allowance > 0 {
            let linked = link.allowance(upTo: allowance, atLeast: chunk, now: now)
            if linked < allowance { response.pacing?.giveBack(allowance - linked) }
            allowance = linked
        }
        guard allowance > 0 else {
            let wait = max(
                response.pacing?.nanosecondsUntil(available: chunk, now: now) ?? 0, link.wait(for: chunk, now: now),
                Self.minimumPacingWait)
            if response.pacing != nil { state = .sending(response) }  // only the pacing changed
            watch([.readHangup], into: &action)
            action.timer = .schedule(at: now &+ wait)
            return action
        }
        let headCount = min(max(0, headLeft), allowance)
        let write = ResponseWrite(
            headOffset: response.headSent, headCount: headCount, bodyOffset: response.bodySent,
            bodyCount: min(allowance - headCount, max(0, bodyLeft)), granted: allowance,
            setsNoDelay: !noDelaySet && response.headSent + response.bodySent > 0)
        if write.setsNoDelay { noDelaySet = true }
        if response.pacing != nil { state = .sending(response) }
        action.next = .write(write)
        return action
    }

    /// The socket took `count` bytes of `write`.
    mutating func sent(_ count: Int, of write: ResponseWrite, link: inout some SharedLink) -> ConnectionAction {
        var action = ConnectionAction()
        guard case .sending(var response) = state else { return action }
        let toHead = min(count, write.headCount)
        response.headSent += toHead
        response.bodySent += count - toHead
        giveBack(write.granted - count, of: &response, link: &link)
        state = .sending(response)
        if count < write.count {
            watch([.writable, .readHangup], into: &action)
        } else {
            action.next = .send
        }
        return action
    }

    /// The socket took none of `write` and reports when to try again with `events`.
    mutating func writeBlocked(_ events: IOEvents, of write: ResponseWrite, link: inout some SharedLink)
        -> ConnectionAction
    {
        var action = ConnectionAction()
        guard case .sending(var response) = state else { return action }
        giveBack(write.granted, of: &response, link: &link)
        state = .sending(response)
        watch(events.union(.readHangup), into: &action)
        return action
    }

    private func giveBack(_ unused: Int, of response: inout Response, link: inout some SharedLink) {
        guard unused > 0 else { return }
        response.pacing?.giveBack(unused)
        link.giveBack(unused)
    }

    /// The plan's stop offset is reached: apply its ending.
    private mutating func finish(
        _ response: Response, now: UInt64, draining: Bool, into action: inout ConnectionAction
    ) {
        var response = response
        let plan = response.plan
        switch plan.ending {
        case .complete(let keepAlive, let closeDelay):
            complete(
                keepAlive: keepAlive, closeDelay: closeDelay, fault: plan.fault, origin: response.origin, now: now,
                draining: draining, into: &action)
        case .reset:
            action.tally.insert(.injectedReset)
            close(.injectedReset, reset: true, into: &action)
        case .truncate:
            action.tally.insert(.injectedTruncation)
            close(.injectedTruncate, into: &action)
        case .stall(let duration, let closeDelay):
            if response.stallDone {
                complete(
                    keepAlive: false, closeDelay: closeDelay, fault: .stall, origin: response.origin, now: now,
                    draining: draining, into: &action)
                return
            }
            action.tally.insert(.injectedStall)
            response.stallDone = true
            state = .stalled(response)
            watch([.readHangup], into: &action)
            // A stall "forever" lasts until the client gives up, or the idle timeout at the latest.
            action.timer = .schedule(at: now &+ (duration ?? configuration.idleTimeout))
        }
    }

    private mutating func complete(
        keepAlive: Bool, closeDelay: UInt64?, fault: FaultDecision.Kind, origin: Origin, now: UInt64,
        draining: Bool, into action: inout ConnectionAction
    ) {
        action.tally.insert(.responseCompleted)
        if fault == .status { action.tally.insert(.injectedStatus) }
        if let closeDelay {
            action.tally.insert(.injectedSlowClose)
            state = .closingAfterDelay
            watch([.readHangup], into: &action)
            action.timer = .schedule(at: now &+ closeDelay)
        } else if keepAlive, !draining {
            parser = HTTPRequestParser(limits: configuration.parserLimits)
            enterWaitingForHead(now: now, readNow: true, into: &action)
        } else {
            close(keepAlive ? .drained : origin.closeReason, into: &action)
        }
    }
}
