import NSEBenchCore
import NSEBenchSystem
import Testing

@testable import MediaServer

/// A connection's life as plain values: accepting, reading heads, keep-alive and pipelining, the
/// timers, TLS, shutdown and bad input. Sending is in ``ConnectionSendingTests``.
@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    typealias Fixture = MachineFixture
    let second: UInt64 = 1_000_000_000

    @Test func aPlainConnectionWithoutDelayReadsAtOnceUnderTheIdleTimeout() {
        #expect(ConnectionStateMachine.initialInterest(isTLS: false, connectDelay: 0) == [.readable, .readHangup])
        #expect(ConnectionStateMachine.initialInterest(isTLS: false, connectDelay: 1) == [.readHangup])
        #expect(ConnectionStateMachine.initialInterest(isTLS: true, connectDelay: 0) == [.readHangup])
        var machine = Fixture.machine()
        let action = machine.accepted(connectDelay: 0, registeredFor: [.readable, .readHangup], now: 5)
        #expect(action == ConnectionAction(timer: .schedule(at: 5 + Fixture.idleTimeout)), "already registered")
        #expect(machine.isIdle)
    }

    @Test func aConnectDelayHoldsTheConnectionBeforeItIsRead() {
        var machine = Fixture.machine()
        #expect(
            machine.accepted(connectDelay: 2 * second, registeredFor: [.readHangup], now: 0)
                == ConnectionAction(timer: .schedule(at: 2 * second)))
        #expect(!machine.isWaitingForHead)
        #expect(machine.socketEvents(.readable) == ConnectionAction(), "nothing is read during the delay")
        let action = machine.timerFired(now: 2 * second)
        #expect(action.interest == [.readable, .readHangup])
        #expect(action.timer == .schedule(at: 2 * second + Fixture.idleTimeout))
        #expect(machine.isWaitingForHead)
    }

    @Test func aParsedHeadIsCountedAndPlanned() throws {
        var machine = Fixture.accepted()
        #expect(machine.received("GET /media/1KB.jpg HT").next == .read, "a partial head reads on")
        #expect(!machine.isIdle, "a partial head is not idle")
        let action = machine.received("TP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(action == ConnectionAction(tally: .request, next: .plan))
        guard case .head(let head) = machine.planRequest else {
            Issue.record("expected a plan for the head, got \(action)")
            return
        }
        #expect(head.path == "/media/1KB.jpg")
        var asked: [ConnectionStateMachine.PlanRequest] = []
        let planned = machine.plan(now: 0) { request in
            asked.append(request)
            return Fixture.plan()
        }
        #expect(planned.next == .send)
        #expect(asked == [.head(head)], "the planner is asked once, for the parsed head")
        #expect(machine.planned(Fixture.plan(), now: 0) == ConnectionAction(), "one plan per head")
    }

    @Test func aHeadParsedSchedulesTheFirstByteAtItsDueTime() {
        var machine = Fixture.accepted()
        let action = machine.respond(with: Fixture.plan(firstByteDelay: 250_000_000), now: 1_000)
        #expect(action == ConnectionAction(interest: [.readHangup], timer: .schedule(at: 250_001_000)))
        #expect(machine.socketEvents(.readable) == ConnectionAction(), "nothing happens before the first byte")
        let fired = machine.timerFired(now: 250_001_700)
        #expect(fired.firstByteLateness == 700, "the server's own timing error")
        #expect(fired.next == .send)
        #expect(fired.timer == nil)
        #expect(machine.sendNext(now: 250_001_700)?.headCount == 10)
    }

    @Test func keepAliveGoesBackToWaitingForTheNextHead() {
        var machine = Fixture.accepted()
        _ = machine.respond(with: Fixture.plan(), now: 0)
        #expect(machine.sendNext(now: 10)?.count == 110)
        let done = machine.writable(now: 20)
        #expect(done.tally == .responseCompleted)
        #expect(done.timer == .schedule(at: 20 + Fixture.idleTimeout), "a fresh idle timeout")
        #expect(done.next == .read, "reads the next request at once")
        #expect(machine.isIdle)
        #expect(!machine.parser.hasPartialHead)
        #expect(machine.received(Fixture.request).tally == .request, "the next request is served the same way")
    }

    @Test func aPipelinedSecondRequestIsServedAfterTheFirst() {
        var machine = Fixture.accepted()
        let second = "GET /media/2KB.png HTTP/1.1\r\nHost: localhost\r\n\r\n"
        let first = machine.received(Fixture.request + second)
        guard first.next == .plan, case .head(let head) = machine.planRequest else {
            Issue.record("expected the first head, got \(first)")
            return
        }
        #expect(head.path == "/media/1KB.jpg")
        #expect(machine.inbox.count == second.utf8.count, "the second request waits")
        _ = machine.planned(Fixture.plan(), now: 0)
        _ = machine.sendNext(now: 0)
        let done = machine.writable(now: 0)
        #expect(done.tally == [.responseCompleted, .request])
        guard done.next == .plan, case .head(let next) = machine.planRequest else {
            Issue.record("expected the pipelined head, got \(done)")
            return
        }
        #expect(next.path == "/media/2KB.png")
        #expect(machine.inbox.isEmpty)
    }

    @Test func halfAPipelinedRequestWaitsForTheRestAfterTheResponse() {
        var machine = Fixture.accepted()
        _ = machine.received(Fixture.request + "GET /media/2KB.png HTTP/1.1\r\n")
        _ = machine.planned(Fixture.plan(), now: 0)
        _ = machine.sendNext(now: 0)
        let done = machine.writable(now: 0)
        #expect(done.next == .read, "the rest of the head is read")
        #expect(!machine.isIdle, "a partial head is in the parser")
        #expect(machine.received("Host: localhost\r\n\r\n").tally == .request)
    }

    @Test func pipeliningPastTheLimitCloses() {
        var limits = HTTPParserLimits()
        limits.maxHeadLength = 100
        var machine = Fixture.accepted(limits: limits)
        let action = machine.received(Fixture.request + String(repeating: "x", count: 401))
        #expect(action.next == .close(.pipelineOverflow, reset: false))
        #expect(machine.closeReason == .pipelineOverflow)
    }

    @Test func aMalformedRequestGetsItsErrorResponseThenCloses() {
        var machine = Fixture.accepted()
        let action = machine.received("garbage\r\n\r\nGET / HTTP/1.1\r\n\r\n")
        #expect(action.tally == .protocolError)
        guard action.next == .plan, case .malformed = machine.planRequest else {
            Issue.record("expected an error plan, got \(action)")
            return
        }
        let errorPlan = Fixture.plan(head: 20, body: 30, ending: .complete(keepAlive: false, closeDelay: nil))
        #expect(machine.planned(errorPlan, now: 0).next == .send)
        #expect(machine.sendNext(now: 0)?.count == 50, "the error response goes out")
        let done = machine.writable(now: 0)
        #expect(done.tally == .responseCompleted)
        #expect(done.next == .close(.protocolError, reset: false), "the bytes after the bad head are dropped")
    }

    @Test func theIdleTimeoutClosesAnIdleConnection() {
        var machine = Fixture.accepted()
        let action = machine.timerFired(now: Fixture.idleTimeout)
        #expect(action.tally == .idleTimeout)
        #expect(action.next == .close(.idleTimeout, reset: false))
        #expect(machine.timerFired(now: 2 * Fixture.idleTimeout) == ConnectionAction(), "closed: nothing more")
        #expect(machine.received(Fixture.request) == ConnectionAction())
    }

    @Test func aHeadIncompleteAtTheIdleTimeoutGets408ThenCloses() {
        var machine = Fixture.accepted()
        _ = machine.received("GET / HTTP/1.1\r\nHost: loc")
        let action = machine.timerFired(now: Fixture.idleTimeout)
        #expect(action == ConnectionAction(tally: .idleTimeout, next: .plan))
        #expect(machine.planRequest == .timedOut)
        _ = machine.planned(Fixture.plan(ending: .complete(keepAlive: false, closeDelay: nil)), now: 0)
        _ = machine.sendNext(now: 0)
        #expect(machine.writable(now: 0).next == .close(.requestTimeout, reset: false))
    }

    @Test func aTLSConnectionHandshakesUnderTheIdleTimeout() {
        var machine = Fixture.machine(isTLS: true)
        let start = machine.accepted(connectDelay: 0, registeredFor: [.readHangup], now: 0)
        #expect(start == ConnectionAction(timer: .schedule(at: Fixture.idleTimeout), next: .handshake))
        #expect(
            machine.handshakeProgressed(.wantRead, now: 0) == ConnectionAction(interest: [.readable, .readHangup]))
        #expect(machine.socketEvents(.readable).next == .handshake)
        #expect(
            machine.handshakeProgressed(.wantWrite, now: 0) == ConnectionAction(interest: [.writable, .readHangup]))
        let done = machine.handshakeProgressed(.done, now: 7)
        #expect(done.interest == [.readable, .readHangup])
        #expect(done.timer == .schedule(at: 7 + Fixture.idleTimeout), "the head gets an idle timeout of its own")
        #expect(done.next == .read, "bytes that came with the handshake are read at once")
    }

    @Test func aStalledOrFailedHandshakeCloses() {
        var stalled = Fixture.machine(isTLS: true)
        _ = stalled.accepted(connectDelay: 0, registeredFor: [.readHangup], now: 0)
        #expect(
            stalled.timerFired(now: Fixture.idleTimeout)
                == ConnectionAction(tally: .idleTimeout, next: .close(.handshakeTimeout, reset: false)))
        var failed = Fixture.machine(isTLS: true)
        _ = failed.accepted(connectDelay: 0, registeredFor: [.readHangup], now: 0)
        #expect(failed.handshakeProgressed(.failed, now: 0).next == .close(.handshakeFailed, reset: false))
        var closed = Fixture.machine(isTLS: true)
        _ = closed.accepted(connectDelay: 0, registeredFor: [.readHangup], now: 0)
        #expect(closed.handshakeProgressed(.closed, now: 0).next == .close(.peerClosed, reset: false))
    }

    @Test func aTLSReadThatWantsToWriteWatchesWritableThenReadsOn() {
        var machine = Fixture.accepted()
        #expect(machine.ioBlocked(.writable) == ConnectionAction(interest: [.writable, .readHangup]))
        #expect(machine.socketEvents(.writable).next == .read)
        #expect(machine.ioBlocked(.readable) == ConnectionAction(interest: [.readable, .readHangup]))
        #expect(machine.ioBlocked(.readable) == ConnectionAction(), "already watched: no epoll_ctl")
    }

    @Test func theClientClosingOrAnErrorClosesWithItsReason() {
        var hungUp = Fixture.accepted()
        #expect(hungUp.socketEvents(.hangup).next == .close(.peerClosed, reset: false))
        var failed = Fixture.accepted()
        #expect(failed.socketEvents([.error, .readable]).next == .close(.socketError, reset: false))
        var ended = Fixture.accepted()
        #expect(ended.peerClosed().next == .close(.peerClosed, reset: false))
        #expect(ended.failed(.readFailed) == ConnectionAction(), "closed once, with its first reason")
        #expect(ended.closeReason == .peerClosed)
    }

    @Test func shutdownDrainsAnIdleConnectionAndCutsABusyOne() {
        var idle = Fixture.accepted()
        #expect(idle.shutdown().next == .close(.drained, reset: false))
        var busy = Fixture.accepted()
        _ = busy.respond(with: Fixture.plan(firstByteDelay: second))
        #expect(busy.shutdown().next == .close(.drainTimedOut, reset: false))
    }

    @Test func aResponseEndingWhileTheServerDrainsClosesInsteadOfKeepingAlive() {
        var machine = Fixture.accepted()
        _ = machine.respond(with: Fixture.plan())
        _ = machine.sendNext(now: 0)
        let done = machine.writable(now: 0, draining: true)
        #expect(done == ConnectionAction(tally: .responseCompleted, next: .close(.drained, reset: false)))
    }

    @Test func eventsOutOfPlaceChangeNothing() {
        var machine = Fixture.accepted()
        #expect(machine.planned(Fixture.plan(), now: 0) == ConnectionAction(), "no head was parsed")
        #expect(machine.writable(now: 0) == ConnectionAction(), "nothing to send")
        let write = ResponseWrite(
            headOffset: 0, headCount: 1, bodyOffset: 0, bodyCount: 0, granted: 1, setsNoDelay: false)
        #expect(machine.sent(write) == ConnectionAction())
        #expect(machine.handshakeProgressed(.done, now: 0) == ConnectionAction(), "a plain connection has none")
        #expect(machine.accepted(connectDelay: 0, registeredFor: [], now: 0) == ConnectionAction())
        #expect(machine.isIdle)
    }
}
