import Dispatch
import Glibc
import NSEBenchCore
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

    @Test func closedRunKeepsConcurrencyAndCount() async {
        let probe = Probe()
        let runner = LoadRunner(clock: clock)
        let report = await runner.run(
            model: .closed(concurrency: 8), length: .invocations(100), ramp: 0, seed: 1, drainLimit: 5_000_000_000
        ) { [clock] ticket in
            probe.enter(ticket)
            try? await clock.sleep(until: clock.now() + 2_000_000)
            probe.leave()
        }
        #expect(report.admitted == 100)
        #expect(!report.partial)
        #expect(probe.peak.load(ordering: .relaxed) == 8)
        #expect(probe.tickets.withLock { $0.map(\.index) }.sorted() == Array(0..<100))
    }

    @Test func invocationsRunOnTheGivenExecutor() async {
        let executor = CountingExecutor()
        let runner = LoadRunner(clock: clock, invocationExecutor: executor)
        let preferred = Atomic(0)
        _ = await runner.run(
            model: .closed(concurrency: 4), length: .invocations(20), ramp: 0, seed: 1, drainLimit: 5_000_000_000
        ) { _ in
            if executor.isCurrent { preferred.add(1, ordering: .relaxed) }
        }
        #expect(executor.jobs.load(ordering: .relaxed) >= 20)
        #expect(preferred.load(ordering: .relaxed) == 20)
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
        async let report = runner.run(
            model: .closed(concurrency: 4), length: .duration(60_000_000_000), ramp: 0, seed: 1,
            drainLimit: 100_000_000
        ) { [clock] _ in
            try? await clock.sleep(until: clock.now() + 30_000_000_000)
            finished.add(1, ordering: .relaxed)
        }
        try? await Task.sleep(for: .milliseconds(100))
        runner.stop()
        let result = await report
        #expect(result.partial)
        #expect(result.admitted == 4)
        #expect(result.elapsed < 5_000_000_000, "cancelled after the 100 ms drain, not after 30 s")
    }
}

/// Runs jobs on the global executor, counting them and marking the thread while one runs.
private final class CountingExecutor: TaskExecutor {
    let jobs = Atomic(0)
    private static let marker = TaskLocalMarker()

    var isCurrent: Bool { Self.marker.isSet }

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async {
            Self.marker.set(true)
            job.runSynchronously(on: executor)
            Self.marker.set(false)
        }
    }
}

/// A per-thread flag.
private final class TaskLocalMarker: Sendable {
    private let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    var isSet: Bool { pthread_getspecific(key) != nil }

    func set(_ value: Bool) {
        pthread_setspecific(key, value ? UnsafeRawPointer(bitPattern: 1) : nil)
    }
}
