import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSERuntime

/// The load runner with real (short) time and trivial invocations: counts, concurrency limits,
/// arrival times, stop and drain.
@Suite("Load runner", .serialized)
struct LoadRunnerTests {
    final class Probe: Sendable {
        let tickets = Mutex<[LoadRunner.Ticket]>([])
        let inFlight = Atomic<Int>(0)
        let peak = Atomic<Int>(0)

        func enter(_ ticket: LoadRunner.Ticket) {
            tickets.withLock { $0.append(ticket) }
            let now = inFlight.add(1, ordering: .relaxed).newValue
            var current = peak.load(ordering: .relaxed)
            while now > current {
                let (exchanged, original) = peak.compareExchange(
                    expected: current, desired: now, ordering: .relaxed)
                if exchanged { break }
                current = original
            }
        }

        func leave() { inFlight.subtract(1, ordering: .relaxed) }
    }

    let clock = ContinuousRunnerClock()

    /// Invocations that wait, ignoring cancellation, until the test opens the gate.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.open { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    @Test func abortEndsTheRunAtOnceWithoutWaitingForInvocationsInFlight() async throws {
        let probe = Probe()
        let gate = Gate()
        defer { gate.open() }
        let runner = LoadRunner(clock: clock)
        let run = Task {
            await runner.run(
                model: .closed(concurrency: 4), length: .invocations(100), ramp: 0, seed: 1,
                drainLimit: 600_000_000_000
            ) { ticket in
                probe.enter(ticket)
                await gate.wait()
                probe.leave()
            }
        }
        try #require(await eventually { probe.inFlight.load(ordering: .relaxed) >= 4 }, "4 invocations in flight")
        runner.stop()
        runner.abort()
        let report = await run.value
        #expect(report.partial)
        #expect(report.admitted == 4)
        #expect(runner.isAborted)
        #expect(probe.inFlight.load(ordering: .relaxed) == 4, "returned with the four still waiting")
    }

    @Test func closedRunKeepsConcurrencyAndCount() async {
        let probe = Probe()
        let report = await runClosed(concurrency: 8, length: .invocations(100), sleeping: 2_000_000, probe: probe)
        #expect(report.admitted == 100)
        #expect(!report.partial)
        #expect(probe.peak.load(ordering: .relaxed) == 8)
        #expect(probe.tickets.withLock { $0.map(\.index) }.sorted() == Array(0..<100))
    }

    @Test func openRunAdmitsOnScheduleAndQueuesBeyondMaxInFlight() async {
        let probe = Probe()
        let runner = LoadRunner(clock: clock)
        let report = await runner.run(
            model: .open(ratePerSecond: 500, arrivals: .constant, maxInFlight: 2), length: .invocations(50), ramp: 0,
            seed: 1, drainLimit: 5_000_000_000
        ) { [clock] ticket in
            probe.enter(ticket)
            try? await clock.sleep(until: clock.now() + 10_000_000)
            probe.leave()
        }
        #expect(report.admitted == 50)
        #expect(probe.peak.load(ordering: .relaxed) <= 2)
        let tickets = probe.tickets.withLock { $0 }.sorted { $0.index < $1.index }
        let gaps = zip(tickets, tickets.dropFirst()).map { $1.scheduledArrival - $0.scheduledArrival }
        #expect(gaps.allSatisfy { $0 == 2_000_000 }, "arrivals keep their 2 ms schedule whatever the waits")
        let waited = tickets.filter { $0.admittedAt - $0.scheduledArrival > 50_000_000 }
        #expect(!waited.isEmpty, "at 2 in flight × 10 ms, arrivals every 2 ms must queue")
    }

    @Test func aGivenStartIsTheSchedulesZeroAndALateBeginningIsAdmissionLag() async throws {
        let probe = Probe()
        let runner = LoadRunner(clock: clock)
        // The caller's time zero, 200 ms before admission can begin (a loaded machine's late hop).
        let start = clock.now()
        try await Task.sleep(for: .milliseconds(200))
        let report = await runner.run(
            model: .open(ratePerSecond: 100, arrivals: .constant, maxInFlight: 100), length: .invocations(30),
            ramp: 0, seed: 1, drainLimit: 1_000_000_000, start: start
        ) { ticket in probe.enter(ticket) }
        let tickets = probe.tickets.withLock { $0 }.sorted { $0.index < $1.index }
        #expect(tickets.count == 30)
        #expect(
            tickets.enumerated().allSatisfy { $1.scheduledArrival == start + UInt64($0 + 1) * 10_000_000 },
            "arrivals count from the given start, 10 ms apart, however late admission began")
        #expect(
            report.admissionLag.value(atPercentile: 100) >= 150_000_000,
            "the first arrival, due 200 ms before admission began, is admitted that late")
    }

    /// At 20,000 arrivals a second the admission wakes at most every 500 µs, admitting what is due
    /// together, not once an arrival; every arrival still starts.
    @Test func aFastOpenRunsAdmissionWakesAtMostEveryHalfMillisecond() async throws {
        let probe = Probe()
        let counting = CountingSleepsRunnerClock()
        let runner = LoadRunner(clock: counting)
        let report = await runner.run(
            model: .open(ratePerSecond: 20_000, arrivals: .constant, maxInFlight: 10_000), length: .invocations(4_000),
            ramp: 0, seed: 1, drainLimit: 5_000_000_000
        ) { ticket in probe.enter(ticket) }
        #expect(report.admitted == 4_000)
        #expect(probe.tickets.withLock { $0.count } == 4_000)
        // 200 ms of arrivals: about 400 rounds of 500 µs (a slow machine's rounds are fewer and larger),
        // against one an arrival without the spacing.
        #expect(counting.sleeps < 1_000, "\(counting.sleeps) sleeps for 4,000 arrivals")
    }

    @Test func burstArrivesAtOneInstant() async {
        let probe = Probe()
        let runner = LoadRunner(clock: clock)
        _ = await runner.run(
            model: .burst(count: 20, maxInFlight: 20), length: .invocations(20), ramp: 0, seed: 1,
            drainLimit: 1_000_000_000
        ) { ticket in probe.enter(ticket) }
        let arrivals = Set(probe.tickets.withLock { $0.map(\.scheduledArrival) })
        #expect(arrivals.count == 1)
    }

    @Test func stopEndsAdmissionsAndDrainCancelsStragglers() async {
        let runner = LoadRunner(clock: clock)
        let finished = Atomic<Int>(0)
        let started = Atomic<Int>(0)
        async let report = runner.run(
            model: .closed(concurrency: 4), length: .duration(60_000_000_000), ramp: 0, seed: 1,
            drainLimit: 100_000_000
        ) { [clock] _ in
            started.add(1, ordering: .relaxed)
            try? await clock.sleep(until: clock.now() + 30_000_000_000)
            finished.add(1, ordering: .relaxed)
        }
        // Stopped once the four are in: a fixed 100 ms wait let a loaded machine stop it before any was
        // admitted (0 admitted, 0 cut off, in a full suite beside other work).
        let admittedAll = await eventually(within: .seconds(20)) { started.load(ordering: .relaxed) == 4 }
        #expect(admittedAll)
        runner.stop()
        let result = await report
        #expect(result.partial)
        #expect(result.admitted == 4)
        #expect(result.cutOff == 4)
        #expect(result.elapsed < 5_000_000_000, "cancelled after the 100 ms drain, not after 30 s")
    }

    @Test func aRunThatReachesItsEndIsNotPartialEvenWhenTheDrainCutsAStragglerOff() async {
        let runner = LoadRunner(clock: clock)
        let result = await runner.run(
            model: .closed(concurrency: 2), length: .invocations(3), ramp: 0, seed: 1, drainLimit: 100_000_000
        ) { [clock] ticket in
            // The last invocation outlives the drain; the others end at once.
            if ticket.index == 2 { try? await clock.sleep(until: clock.now() + 30_000_000_000) }
        }
        #expect(!result.partial, "no one stopped it: the harness's failure, not an interruption")
        #expect(result.cutOff == 1)
        #expect(result.admitted == 3)
        #expect(result.elapsed < 5_000_000_000)
    }
}

extension LoadRunnerTests {
    /// `--rate 1e9`: the runner used to draw every due arrival into an array before admitting any,
    /// so a rate it could never reach grew memory without bound and never noticed a stop. Due
    /// arrivals are now a position in the schedule: admission starts at once, in order, and a stop
    /// ends the run.
    @Test func aRateFarBeyondAdmissionAdmitsInOrderAndStops() async throws {
        let probe = Probe()
        let runner = LoadRunner(clock: clock)
        let run = Task {
            await runner.run(
                model: .open(ratePerSecond: 1e9, arrivals: .constant, maxInFlight: 2),
                length: .duration(3_600_000_000_000), ramp: 0, seed: 1, drainLimit: 5_000_000_000
            ) { ticket in
                probe.enter(ticket)
                if ticket.index == 99 { runner.stop() }
                probe.leave()
            }
        }
        // A guard against a hang, not a timing: admission starts within microseconds.
        let admittedAny = await eventually { !probe.tickets.withLock { $0.isEmpty } }
        if !admittedAny { runner.abort() }
        let report = await run.value
        #expect(admittedAny, "no arrival was admitted within 10 s")
        #expect(report.partial)
        #expect(report.admitted >= 100 && report.admitted <= 102, "stopped at the 100th, with at most 2 in flight")
        #expect(probe.peak.load(ordering: .relaxed) <= 2)
        let tickets = probe.tickets.withLock { $0 }.sorted { $0.index < $1.index }
        #expect(tickets.map(\.index) == Array(0..<tickets.count))
        let gaps = zip(tickets, tickets.dropFirst()).map { $1.scheduledArrival - $0.scheduledArrival }
        #expect(gaps.allSatisfy { $0 == 1 }, "each keeps its scheduled arrival, 1 ns apart, whatever its wait")
    }
}

extension LoadRunnerTests {
    /// A closed slot starts its next invocation when its last one ends, in index order within the
    /// run, and none starts before a slot is free.
    @Test func aClosedSlotStartsItsNextInvocationWhenItsLastEnds() async {
        let ends = Mutex<[UInt64]>([])
        let probe = Probe()
        let report = await runClosed(concurrency: 1, length: .invocations(5), sleeping: 1_000_000, probe: probe) {
            [clock] in ends.withLock { $0.append(clock.now()) }
        }
        let tickets = probe.tickets.withLock { $0 }
        #expect(report.admitted == 5)
        #expect(tickets.map(\.index) == Array(0..<5))
        #expect(probe.peak.load(ordering: .relaxed) == 1)
        let ended = ends.withLock { $0 }
        for (next, previousEnd) in zip(tickets.dropFirst(), ended) {
            #expect(next.scheduledArrival >= previousEnd, "started only after the slot's last invocation ended")
            #expect(next.admittedAt == next.scheduledArrival, "a closed arrival is when its slot frees")
        }
        #expect(report.admissionLag.totalCount == 5, "every admission counted, at no lag")
        #expect(report.admissionLag.maximum == 0)
    }

    /// `--duration` on a closed run: slots keep starting invocations until the end, none after it.
    @Test func aTimedClosedRunStartsNothingAfterItsEnd() async {
        let probe = Probe()
        let start = clock.now()
        let report = await runClosed(
            concurrency: 4, length: .duration(1_000_000_000), sleeping: 2_000_000, probe: probe, start: start)
        let tickets = probe.tickets.withLock { $0 }
        #expect(!report.partial)
        #expect(report.admitted == tickets.count)
        #expect(report.admitted > 4, "slots started further invocations")
        #expect(probe.peak.load(ordering: .relaxed) <= 4)
        #expect(tickets.allSatisfy { $0.scheduledArrival < start + 1_000_000_000 })
        #expect(tickets.map(\.index).sorted() == Array(0..<tickets.count))
    }
}

extension LoadRunnerTests {
    /// Closed slots start in cohorts (``InvocationCohort/capacity``), each a child of the run's group
    /// holding its slots: more slots than one cohort all run at once, every invocation once.
    @Test func closedSlotsBeyondOneCohortAllRunAtOnce() async {
        let concurrency = InvocationCohort.capacity * 3 + 5
        let probe = Probe()
        let report = await runClosed(
            concurrency: concurrency, length: .invocations(concurrency * 4), sleeping: 50_000_000, probe: probe)
        #expect(report.admitted == concurrency * 4)
        #expect(probe.peak.load(ordering: .relaxed) == concurrency)
        #expect(probe.tickets.withLock { $0.map(\.index) }.sorted() == Array(0..<(concurrency * 4)))
    }

    /// A burst larger than a cohort and than `maxInFlight`: exactly that many run at once, the rest
    /// start as others end, every arrival once; the drain waits for the last.
    @Test func aBurstBeyondACohortKeepsItsMaxInFlight() async {
        let maxInFlight = InvocationCohort.capacity * 2 + 22
        let count = maxInFlight + InvocationCohort.capacity
        let probe = Probe()
        let report = await LoadRunner(clock: clock).run(
            model: .burst(count: count, maxInFlight: maxInFlight), length: .invocations(count), ramp: 0, seed: 1,
            drainLimit: 5_000_000_000
        ) { [clock] ticket in
            probe.enter(ticket)
            try? await clock.sleep(until: clock.now() + 200_000_000)
            probe.leave()
        }
        #expect(report.admitted == count)
        #expect(report.cutOff == 0)
        #expect(probe.peak.load(ordering: .relaxed) == maxInFlight)
        #expect(probe.inFlight.load(ordering: .relaxed) == 0, "returned after the last ended")
        let tickets = probe.tickets.withLock { $0 }
        #expect(tickets.map(\.index).sorted() == Array(0..<count))
        let late = tickets.filter { $0.admittedAt - $0.scheduledArrival >= 150_000_000 }
        #expect(late.count >= count - maxInFlight, "those beyond maxInFlight waited for an end")
    }

    /// The run ends when its last invocation does, not at a timer of its own: with timers that never
    /// fire, a closed run of fewer slots than a cohort (by count, by time), and a burst, still return.
    /// (A cohort that stays open ends only at the drain: the admission must notice the slots' ends.) The
    /// timed run lasts 1 s: at 200 ms a fresh-clone CI on the loaded 2-core machine once admitted only the
    /// first four before the time was up.
    @Test(arguments: [
        (LoadModel.closed(concurrency: 4), RunLength.invocations(12)),
        (LoadModel.closed(concurrency: 4), RunLength.duration(1_000_000_000)),
        (LoadModel.burst(count: 40, maxInFlight: 8), RunLength.invocations(40)),
    ])
    func aRunEndsWithItsLastInvocationNotAtATick(model: LoadModel, length: RunLength) async {
        let runner = LoadRunner(clock: StalledTimersRunnerClock())
        let finished = InvocationCohortTests.Count()
        let run = Task {
            let report = await runner.run(
                model: model, length: length, ramp: 0, seed: 1, drainLimit: 3_600_000_000_000
            ) { _ in try? await Task.sleep(for: .milliseconds(2)) }
            finished.add()
            return report
        }
        let ended = await eventually(within: .seconds(10)) { finished.now == 1 }
        if !ended { runner.abort() }
        let report = await run.value
        #expect(ended, "the run waited for a tick that never came")
        let (partial, admitted) = (report.partial, report.admitted)
        #expect(!partial)
        #expect(admitted >= 8)
    }

    /// The drain's cut-off counts the slots still running, not whole cohorts: a cohort ends only with
    /// its last slot.
    @Test func theDrainCutsOffOnlyTheSlotsStillRunning() async {
        let concurrency = InvocationCohort.capacity + 36
        let runner = LoadRunner(clock: clock)
        let result = await runner.run(
            model: .closed(concurrency: concurrency), length: .invocations(concurrency), ramp: 0, seed: 1,
            drainLimit: 1_000_000_000
        ) { [clock] ticket in
            // Every tenth outlives the drain, in both cohorts; the others end at once.
            if ticket.index % 10 == 0 { try? await clock.sleep(until: clock.now() + 30_000_000_000) }
        }
        #expect(result.cutOff == (0..<concurrency).filter { $0 % 10 == 0 }.count)
        #expect(result.admitted == concurrency)
        #expect(result.elapsed < 5_000_000_000)
    }
}

extension LoadRunnerTests {
    /// A closed run (no ramp, 5 s drain) whose invocations each enter `probe`, sleep `nanoseconds`,
    /// leave it and then call `afterEach`.
    func runClosed(
        concurrency: Int, length: RunLength, sleeping nanoseconds: UInt64, probe: Probe, start: UInt64? = nil,
        afterEach: @escaping @Sendable () -> Void = {}
    ) async -> LoadRunner.Report {
        await LoadRunner(clock: clock).run(
            model: .closed(concurrency: concurrency), length: length, ramp: 0, seed: 1, drainLimit: 5_000_000_000,
            start: start
        ) { [clock] ticket in
            probe.enter(ticket)
            try? await clock.sleep(until: clock.now() + nanoseconds)
            probe.leave()
            afterEach()
        }
    }
}
