import NSEBenchCore
import NSEBenchSystem
import Testing

@testable import MediaServer

/// A cache miss's origin fetch as a state of the connection: it holds the response, is counted, and
/// comes before the network's time to first byte.
@Suite("Connection origin wait")
struct ConnectionOriginWaitTests {
    typealias Fixture = MachineFixture
    let second: UInt64 = 1_000_000_000

    private func plan(_ lookup: OriginCache<CacheKey>.Lookup?, firstByteDelay: UInt64 = 0) -> ResponsePlan {
        var plan = Fixture.plan(firstByteDelay: firstByteDelay)
        plan.cacheLookup = lookup
        return plan
    }

    @Test func aMissWaitsForItsOriginFetchThenResponds() {
        var machine = Fixture.accepted()
        let action = machine.respond(with: plan(.originFetch(readyAt: 2 * second)), now: 0)
        #expect(
            action == ConnectionAction(interest: [.readHangup], timer: .schedule(at: 2 * second), tally: .originFetch))
        guard case .waitingForOrigin(_, let due) = machine.state else {
            Issue.record("expected the origin wait, got \(machine.state)")
            return
        }
        #expect(due == 2 * second)
        #expect(machine.socketEvents(.readable) == ConnectionAction(), "nothing is sent during the fetch")
        let fetched = machine.timerFired(now: 2 * second)
        #expect(fetched.next == .send, "no time to first byte: sends at once")
        #expect(machine.sendNext(now: 2 * second)?.count == 110)
    }

    @Test func aCoalescedMissWaitsForTheOtherFetchAndIsCountedCoalesced() {
        var machine = Fixture.accepted()
        let action = machine.respond(with: plan(.coalesced(readyAt: 3 * second)), now: second)
        #expect(action.tally == .originCoalesced)
        #expect(action.timer == .schedule(at: 3 * second), "the fetch the first request started")
        #expect(machine.timerFired(now: 3 * second).next == .send)
    }

    @Test func aHitIsServedAtOnceAndCounted() {
        var machine = Fixture.accepted()
        let action = machine.respond(with: plan(.hit), now: 5)
        #expect(action == ConnectionAction(timer: .cancel, tally: .cacheHit, next: .send))
    }

    @Test func aFetchAlreadyOverWhenPlannedDoesNotWait() {
        var machine = Fixture.accepted()
        let action = machine.respond(with: plan(.coalesced(readyAt: 100)), now: 100)
        #expect(action.tally == .originCoalesced)
        #expect(action.next == .send)
    }

    @Test func theTimeToFirstByteStartsWhenTheOriginFetchEnds() {
        var machine = Fixture.accepted()
        _ = machine.respond(with: plan(.originFetch(readyAt: 2 * second), firstByteDelay: second), now: 0)
        let fetched = machine.timerFired(now: 2 * second + 10)
        #expect(fetched.timer == .schedule(at: 3 * second + 10), "the ttfb on top of the origin wait")
        #expect(fetched.next == .none)
        let first = machine.timerFired(now: 3 * second + 10)
        #expect(first.next == .send)
        #expect(first.firstByteLateness == 0)
    }

    @Test func aRequestWithoutACacheIsNotCounted() {
        var machine = Fixture.accepted()
        #expect(machine.respond(with: plan(nil), now: 0).tally.isEmpty)
    }

    @Test func aClientThatHangsUpDuringTheFetchIsClosed() {
        var machine = Fixture.accepted()
        _ = machine.respond(with: plan(.originFetch(readyAt: 2 * second)), now: 0)
        #expect(machine.socketEvents(.readHangup).next == .close(.peerClosed, reset: false))
        #expect(machine.timerFired(now: 2 * second) == ConnectionAction(), "a closed connection ignores the timer")
    }

    @Test func shutdownDuringTheFetchIsADrainTimeout() {
        var machine = Fixture.accepted()
        _ = machine.respond(with: plan(.originFetch(readyAt: 2 * second)), now: 0)
        #expect(!machine.isIdle)
        #expect(machine.shutdown().next == .close(.drainTimedOut, reset: false))
    }
}
