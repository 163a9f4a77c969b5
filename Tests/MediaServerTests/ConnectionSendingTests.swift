import NSEBenchCore
import NSEBenchSystem
import Testing

@testable import MediaServer

/// A connection writing its response, as plain values: partial writes, pacing, the shared link,
/// stalls, slow close, resets, truncation and a client that leaves mid-body.
@Suite("Connection sending")
struct ConnectionSendingTests {
    typealias Fixture = MachineFixture
    let millisecond: UInt64 = 1_000_000

    /// A connection with `plan` planned and sending.
    func sending(_ plan: ResponsePlan) -> ConnectionStateMachine {
        var machine = Fixture.accepted()
        _ = machine.respond(with: plan)
        return machine
    }

    @Test func theWholeResponseGoesOutInOneWriteWhenTheSocketTakesIt() {
        var machine = sending(Fixture.plan())
        let write = machine.writable(now: 0).write
        #expect(
            write
                == ResponseWrite(
                    headOffset: 0, headCount: 10, bodyOffset: 0, bodyCount: 100, granted: Fixture.capacity,
                    setsNoDelay: false), "a one-write response never sets TCP_NODELAY")
        #expect(machine.sent(write!).next == .send)
        #expect(machine.writable(now: 0).tally == .responseCompleted)
    }

    @Test func partialSendsAdvanceTheProgressAndWaitForWritable() {
        var machine = sending(Fixture.plan())
        let first = machine.writable(now: 0).write!
        var link = ScriptedLink()
        let partial = machine.sent(30, of: first, link: &link)
        #expect(partial == ConnectionAction(interest: [.writable, .readHangup]))
        #expect(link.returned == Fixture.capacity - 30, "unused tokens go back to the link")
        #expect(machine.response?.headSent == 10)
        #expect(machine.response?.bodySent == 20)
        #expect(machine.socketEvents(.writable).next == .send)
        let second = machine.writable(now: 0).write
        #expect(
            second
                == ResponseWrite(
                    headOffset: 10, headCount: 0, bodyOffset: 20, bodyCount: 80, granted: Fixture.capacity,
                    setsNoDelay: true), "the second write of a response sets TCP_NODELAY")
        #expect(machine.writable(now: 0).write?.setsNoDelay == false, "once per connection")
    }

    @Test func aWriteTheSocketRefusesReturnsItsTokensAndWaits() {
        var machine = sending(Fixture.plan())
        let write = machine.writable(now: 0).write!
        var link = ScriptedLink()
        #expect(
            machine.writeBlocked(.writable, of: write, link: &link)
                == ConnectionAction(interest: [.writable, .readHangup]))
        #expect(link.returned == write.granted)
        #expect(machine.writable(now: 0).write?.headOffset == 0, "nothing counted as sent")
    }

    @Test func theClientClosingMidBodyCloses() {
        var machine = sending(Fixture.plan(body: 10_000))
        var link = ScriptedLink()
        _ = machine.sent(500, of: machine.writable(now: 0).write!, link: &link)
        #expect(machine.socketEvents(.readHangup).next == .close(.peerClosed, reset: false))
        #expect(machine.writable(now: 0) == ConnectionAction(), "closed")

        var broken = sending(Fixture.plan())
        _ = broken.writable(now: 0)
        #expect(broken.failed(.writeFailed).next == .close(.writeFailed, reset: false))
    }

    @Test func aResponsesOwnBandwidthPacesItsWrites() throws {
        let rate = ByteRate(bytesPerSecond: 1_000_000)
        var machine = sending(Fixture.plan(body: 100_000, bandwidth: rate))
        let burst = TokenBucket.defaultBurst(bytesPerSecond: 1_000_000)
        #expect(machine.sendNext(now: 0)?.count == burst, "the bucket starts full")
        let wait = machine.writable(now: 0)
        let chunk = TokenBucket(bytesPerSecond: 1_000_000, burst: burst, now: 0).pacedChunk
        #expect(chunk == 5_000, "5 ms of the rate")
        #expect(wait == ConnectionAction(interest: [.readHangup], timer: .schedule(at: 5 * millisecond)))
        #expect(machine.timerFired(now: 5 * millisecond).next == .send)
        #expect(machine.sendNext(now: 5 * millisecond)?.count == chunk)
        #expect(machine.writable(now: 7 * millisecond).timer == .schedule(at: 10 * millisecond), "2 of 5 ms accrued")
    }

    @Test func theSharedLinkLimitsAWriteAndItsWaitIsHonoured() {
        var machine = sending(Fixture.plan(body: 10_000))
        var link = ScriptedLink(limit: 4_000)
        let write = machine.writable(now: 0, capacity: Fixture.capacity, draining: false, link: &link).write
        #expect(write?.granted == 4_000)
        #expect(write?.count == 4_000)
        var dry = ScriptedLink(limit: 0, waitNanoseconds: 7 * millisecond)
        let wait = machine.writable(now: 100, capacity: Fixture.capacity, draining: false, link: &dry)
        #expect(wait == ConnectionAction(interest: [.readHangup], timer: .schedule(at: 100 + 7 * millisecond)))
        var instant = ScriptedLink(limit: 0)
        #expect(
            machine.writable(now: 100, capacity: Fixture.capacity, draining: false, link: &instant).timer
                == .schedule(at: 100 + ConnectionStateMachine.minimumPacingWait), "never a spin on a due timer")
    }

    @Test func aWriteCarriesNoMoreThanTheBuffer() {
        var machine = sending(Fixture.plan(head: 10, body: 1_000))
        var link = ScriptedLink()
        let write = machine.writable(now: 0, capacity: 6, draining: false, link: &link).write
        #expect(write?.headCount == 6)
        #expect(write?.bodyCount == 0)
    }

    @Test func aTimedStallPausesThenTheRestFollows() {
        let plan = Fixture.plan(stopOffset: 40, ending: .stall(duration: 500 * millisecond, closeDelay: nil))
        var machine = sending(plan)
        #expect(machine.sendNext(now: 0)?.count == 50, "head and body up to the stall")
        let stall = machine.writable(now: 1)
        #expect(
            stall
                == ConnectionAction(
                    interest: [.readHangup], timer: .schedule(at: 1 + 500 * millisecond), tally: .injectedStall))
        #expect(machine.socketEvents(.writable) == ConnectionAction(), "nothing is written while stalled")
        #expect(machine.timerFired(now: 500 * millisecond).next == .send)
        let rest = machine.sendNext(now: 500 * millisecond)
        #expect(rest?.bodyOffset == 40)
        #expect(rest?.bodyCount == 60)
        #expect(
            machine.writable(now: 500 * millisecond)
                == ConnectionAction(tally: .responseCompleted, next: .close(.responseEnded, reset: false)))
    }

    @Test func aStallForeverEndsAtTheIdleTimeout() {
        var machine = sending(Fixture.plan(stopOffset: 40, ending: .stall(duration: nil, closeDelay: nil)))
        _ = machine.sendNext(now: 0)
        #expect(machine.writable(now: 0).timer == .schedule(at: Fixture.idleTimeout))
        #expect(machine.timerFired(now: Fixture.idleTimeout).next == .close(.stallForeverEnded, reset: false))
    }

    @Test func aClientGivingUpOnAStallCloses() {
        var machine = sending(Fixture.plan(stopOffset: 40, ending: .stall(duration: nil, closeDelay: nil)))
        _ = machine.sendNext(now: 0)
        _ = machine.writable(now: 0)
        #expect(machine.socketEvents(.readHangup).next == .close(.peerClosed, reset: false))
    }

    @Test func aSlowCloseWaitsAfterTheCompleteResponse() {
        var machine = sending(Fixture.plan(ending: .complete(keepAlive: false, closeDelay: 300 * millisecond)))
        _ = machine.sendNext(now: 0)
        let done = machine.writable(now: 10)
        #expect(
            done
                == ConnectionAction(
                    interest: [.readHangup], timer: .schedule(at: 10 + 300 * millisecond),
                    tally: [.responseCompleted, .injectedSlowClose]))
        #expect(machine.timerFired(now: 300 * millisecond).next == .close(.injectedSlowClose, reset: false))
    }

    @Test func aResetBeforeTheResponseSendsNothing() {
        var machine = sending(Fixture.plan(stopOffset: 0, sendsHead: false, ending: .reset, fault: .resetBefore))
        #expect(
            machine.writable(now: 0)
                == ConnectionAction(tally: .injectedReset, next: .close(.injectedReset, reset: true)))
    }

    @Test func aResetDuringTheBodySendsUpToItsOffset() {
        var machine = sending(Fixture.plan(stopOffset: 30, ending: .reset, fault: .resetDuring))
        #expect(machine.sendNext(now: 0)?.count == 40)
        #expect(machine.writable(now: 0).next == .close(.injectedReset, reset: true))
    }

    @Test func aTruncationClosesWithAFinShortOfTheLength() {
        var machine = sending(Fixture.plan(stopOffset: 70, ending: .truncate, fault: .truncate))
        #expect(machine.sendNext(now: 0)?.bodyCount == 70)
        #expect(
            machine.writable(now: 0)
                == ConnectionAction(tally: .injectedTruncation, next: .close(.injectedTruncate, reset: false)))
    }

    @Test func anInjectedStatusIsCountedWhenItsResponseCompletes() {
        var machine = sending(Fixture.plan(fault: .status))
        _ = machine.sendNext(now: 0)
        #expect(machine.writable(now: 0).tally == [.responseCompleted, .injectedStatus])
    }

    @Test func aHeadOnlyResponseSendsNoBody() {
        var machine = sending(Fixture.plan(body: 0))
        #expect(machine.sendNext(now: 0)?.count == 10)
        #expect(machine.writable(now: 0).tally == .responseCompleted)
    }
}
