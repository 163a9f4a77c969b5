import NSEBenchSystem
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSERuntime

/// The cohorts a run's invocations share a child of its task group in, and the count of those running
/// that the admission waits on.
@Suite("Invocation cohorts")
struct InvocationCohortTests {
    final class Count: Sendable {
        let value = Atomic<Int>(0)
        var now: Int { value.load(ordering: .relaxed) }
        func add(_ count: Int = 1) { value.add(count, ordering: .relaxed) }
    }

    /// Runs `cohort`'s task apart; what it returned, once it has, is added to `returned` (a hanging
    /// cohort then fails the test's wait rather than hanging it).
    static func start(
        _ cohort: InvocationCohort, returned: Count, _ work: @escaping @Sendable (LoadRunner.Ticket) async -> Void
    ) {
        Task { returned.add(await cohort.run(work)) }
    }

    static func ticket(_ index: Int) -> LoadRunner.Ticket {
        LoadRunner.Ticket(index: index, scheduledArrival: 0, admittedAt: 0)
    }

    @Test func aCohortRunsWhatItTakesBeforeAndAfterItsTaskStartsAndEndsWhenClosed() async {
        let cohort = InvocationCohort(executor: nil)
        let ran = Mutex<[Int]>([])
        #expect(!cohort.take(Self.ticket(0)), "taken before its task runs")
        let returned = Count()
        Self.start(cohort, returned: returned) { ticket in ran.withLock { $0.append(ticket.index) } }
        #expect(await eventually(within: .seconds(3)) { ran.withLock { $0 } == [0] })
        #expect(!cohort.take(Self.ticket(1)), "taken while its task waits for more")
        #expect(await eventually(within: .seconds(3)) { ran.withLock { $0.count } == 2 })
        cohort.close()
        #expect(await eventually(within: .seconds(3)) { returned.now == 2 }, "returned how many it ran once closed")
        #expect(ran.withLock { $0.sorted() } == [0, 1])
    }

    @Test func aCohortClosesItselfAtCapacityAndWaitsForItsLastInvocation() async {
        let cohort = InvocationCohort(executor: nil)
        let gate = LoadRunnerTests.Gate()
        let ended = Count()
        let full = (0..<InvocationCohort.capacity).map { cohort.take(Self.ticket($0)) }
        #expect(full == Array(repeating: false, count: InvocationCohort.capacity - 1) + [true])
        let returned = Count()
        Self.start(cohort, returned: returned) { _ in
            await gate.wait()
            ended.add()
        }
        try? await Task.sleep(for: .milliseconds(20))
        #expect(ended.now == 0)
        #expect(returned.now == 0)
        gate.open()
        #expect(
            await eventually(within: .seconds(3)) { returned.now == InvocationCohort.capacity },
            "ended once all it took ended, with no close")
        #expect(ended.now == InvocationCohort.capacity)
    }

    @Test func theAdmissionsWaitEndsAtOnceUnderItsLimitOrAtAnEnd() async {
        let running = RunningInvocations()
        for _ in 0..<3 { running.started() }
        #expect(await running.wait(unlessFewerThan: 4) == .ended, "at once")
        let woke = Count()
        Task {
            if await running.wait(unlessFewerThan: 3) == .ended { woke.add() }
        }
        try? await Task.sleep(for: .milliseconds(20))
        #expect(woke.now == 0)
        running.ended()
        #expect(await eventually(within: .seconds(3)) { woke.now == 1 }, "woken by the end")
        #expect(running.count == 2)
    }

    /// An end that leaves as many running as the limit or more does not wake the wait: the drain,
    /// waiting for the last of thousands, is woken once.
    @Test func onlyTheEndUnderTheLimitWakesTheWait() async {
        let running = RunningInvocations()
        for _ in 0..<3 { running.started() }
        let woke = Count()
        Task {
            if await running.wait(unlessFewerThan: 1) == .ended { woke.add() }
        }
        #expect(await eventually { running.admissionIsWaiting }, "the wait is under way before the ends")
        running.ended()
        running.ended()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(woke.now == 0, "two still run")
        running.ended()
        #expect(await eventually(within: .seconds(3)) { woke.now == 1 }, "woken by the last end")
    }

    /// A timer's ring wakes the wait, or, rung before it, ends the next wait at once; taken once.
    @Test func aRingWakesTheWaitOrTheNextOne() async {
        let running = RunningInvocations()
        running.started()
        running.ring()
        #expect(await running.wait(unlessFewerThan: 1) == .rung, "a ring before the wait")
        let woke = Count()
        Task {
            if await running.wait(unlessFewerThan: 1) == .rung { woke.add() }
        }
        try? await Task.sleep(for: .milliseconds(20))
        #expect(woke.now == 0, "the first ring was taken once")
        running.ring()
        #expect(await eventually(within: .seconds(3)) { woke.now == 1 }, "a ring during the wait")
    }

    /// Ends racing the admission's wait: none is lost, whichever comes first.
    @Test func noEndIsLostWhileTheAdmissionStartsToWait() async throws {
        let running = RunningInvocations()
        let rounds = 2_000
        let woke = Count()
        // On threads of their own, as a run's admission loop is (and its ends come from transport loops): on
        // the cooperative pool, suites blocking its two threads in compiles starved the rounds (63 of 2,000
        // in 30 s), which no lost end had caused.
        let admission = try DedicatedThreadExecutor(name: "test-admission")
        let ends = try DedicatedThreadExecutor(name: "test-ends")
        defer {
            admission.stop()
            ends.stop()
        }
        // Each round: one starts, its end races the wait for it; a lost end leaves the wait hanging.
        Task.detached(executorPreference: admission) {
            for _ in 0..<rounds {
                running.started()
                let end = Task.detached(executorPreference: ends) { running.ended() }
                _ = await running.wait(unlessFewerThan: 1)
                await end.value
                woke.add()
            }
        }
        #expect(await eventually(within: .seconds(30)) { woke.now == rounds }, "\(woke.now) of \(rounds) rounds")
        #expect(running.count == 0)
    }
}
