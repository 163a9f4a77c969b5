import Dispatch
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchSystem

private let millisecond: UInt64 = 1_000_000

/// The number of timers pending on `loop`'s wheel.
private func pendingTimers(_ loop: EventLoop) async throws -> Int {
    try await onLoop(loop) { try loop.pendingTimerCount() }
}

/// Polls until `loop`'s wheel holds `count` timers (10 s at most); returns whether it did.
private func waitForPendingTimers(_ loop: EventLoop, _ count: Int) async throws -> Bool {
    try await eventually { try await pendingTimers(loop) == count }
}

/// Serialized: the timing checks share a 2-core machine with other suites.
@Suite("TimerService", .serialized)
struct TimerServiceTests {
    @Test("sleeps never end early")
    func sleepsNotEarly() async throws {
        let loop = try EventLoop(name: "nseb-sleep")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let woke = Recorder<(deadline: UInt64, at: UInt64)>()
        let start = MonotonicClock.now()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let deadline = start + 20 * millisecond + UInt64((index * 17) % 40) * 5 * millisecond
                group.addTask {
                    try await timers.sleep(until: deadline)
                    woke.append((deadline, MonotonicClock.now()))
                }
            }
            try await group.waitForAll()
        }
        #expect(woke.count == 40)
        #expect(woke.values.allSatisfy { $0.at >= $0.deadline }, "a sleep ended early")
        #expect(try await pendingTimers(loop) == 0)
    }

    @Test("deadlines fire in deadline order, on the loop thread, never early")
    func deadlinesInOrder() async throws {
        let loop = try EventLoop(name: "nseb-order")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        // Actions run on the loop thread, one after another: the order they record is the firing order.
        let fired = Recorder<(deadline: UInt64, at: UInt64, onLoop: Bool)>()
        let start = MonotonicClock.now()
        for index in 0..<200 {
            // Scrambled deadlines 50...150 ms out, some sharing a millisecond.
            let deadline = start + 50 * millisecond + UInt64((index * 37) % 100) * millisecond + UInt64(index)
            timers.deadline(at: deadline) { fired.append((deadline, MonotonicClock.now(), loop.inEventLoop)) }
        }
        #expect(await eventually { fired.count == 200 })
        let values = fired.values
        #expect(values.map(\.deadline) == values.map(\.deadline).sorted())
        #expect(values.allSatisfy { $0.at >= $0.deadline }, "a deadline fired early")
        #expect(values.allSatisfy { $0.onLoop })
    }

    @Test("cancelling a sleeping task throws CancellationError at once and frees the wheel entry")
    func cancelFreesTheEntry() async throws {
        let loop = try EventLoop(name: "nseb-cancel")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let sleeper = Task {
            try await timers.sleep(until: MonotonicClock.now() + 60_000 * millisecond)
        }
        #expect(try await waitForPendingTimers(loop, 1))
        let cancelledAt = MonotonicClock.now()
        sleeper.cancel()
        let result = await sleeper.result
        // "At once" against the 60 s it was sleeping for: a loaded test process may take seconds to
        // resume any task, so the bound is well short of the sleep, not a latency.
        #expect(MonotonicClock.now() - cancelledAt < 10_000 * millisecond)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(try await waitForPendingTimers(loop, 0))
    }

    @Test("a task cancelled before it sleeps throws at once and schedules nothing")
    func alreadyCancelled() async throws {
        let loop = try EventLoop(name: "nseb-precancel")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await timers.sleep(until: MonotonicClock.now() + 60_000 * millisecond)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await pendingTimers(loop) == 0)
    }

    @Test("a deadline runs its action on the loop thread, not early; cancel afterwards reports false")
    func deadlineFires() async throws {
        let loop = try EventLoop(name: "nseb-deadline")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let fired = Recorder<(onLoop: Bool, at: UInt64)>()
        let deadline = MonotonicClock.now() + 20 * millisecond
        let handle = timers.deadline(at: deadline) { fired.append((loop.inEventLoop, MonotonicClock.now())) }
        #expect(await eventually { fired.count == 1 })
        #expect(fired.values.first?.onLoop == true)
        #expect((fired.values.first?.at ?? 0) >= deadline)
        #expect(handle.status == .fired)
        #expect(!handle.cancel())
        #expect(try await pendingTimers(loop) == 0)
    }

    @Test("a deadline run off the loop tells its lateness first, then runs, not on the loop; cancelled, neither")
    func deadlineRunsOffTheLoop() async throws {
        let loop = try EventLoop(name: "nseb-dl-offloop")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let events = Recorder<String>()
        let lateness = Recorder<UInt64>()
        let tell: @Sendable (UInt64) -> Void = { late in
            lateness.append(late)
            events.append("lateness")
        }
        let deadline = MonotonicClock.now() + 20 * millisecond
        let started = Recorder<UInt64>()
        let handle = timers.deadline(at: deadline, offLoop: tell) {
            started.append(MonotonicClock.now())
            events.append(loop.inEventLoop ? "action on the loop" : "action off the loop")
        }
        let cancelled = timers.deadline(at: deadline, offLoop: tell) { events.append("cancelled ran") }
        #expect(cancelled.cancel())
        #expect(await eventually { events.count == 2 })
        #expect(events.values == ["lateness", "action off the loop"], "one deadline told, then run; the other neither")
        let (late, at) = (lateness.values.first ?? .max, started.values.first ?? 0)
        #expect(at >= deadline && late <= at - deadline, "lateness \(late) ns, started \(at - deadline) ns after")
        #expect(handle.status == .fired && cancelled.status == .cancelled)
        #expect(try await pendingTimers(loop) == 0)
    }

    @Test("a deadline cancelled from other threads never runs and leaves no timer")
    func deadlineCancelledFromAnotherThread() async throws {
        let loop = try EventLoop(name: "nseb-dl-cancel")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let fired = Recorder<Int>()
        let count = 1_000
        let far = MonotonicClock.now() + 200 * millisecond
        let handles = (0..<count).map { index in timers.deadline(at: far) { fired.append(index) } }
        let cancelled = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: count, by: 4) where handles[index].cancel() {
                cancelled.withLock { $0 += 1 }
            }
        }
        #expect(cancelled.withLock { $0 } == count)
        #expect(handles.allSatisfy { $0.status == .cancelled && !$0.cancel() })
        #expect(try await waitForPendingTimers(loop, 0))
        try await Task.sleep(for: .milliseconds(300))
        #expect(fired.count == 0)
    }

    @Test("cancel releases the action at once on its caller's thread, while the loop is still busy")
    func cancelReleasesTheActionInPlace() async throws {
        let loop = try EventLoop(name: "nseb-dl-release")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let released = Recorder<Int32>()
        var captured: ReleaseWitness? = ReleaseWitness { released.append(KernelThread.currentID) }
        let handle = timers.deadline(at: MonotonicClock.now() + 10_000 * millisecond) { [captured] in
            _ = captured
        }
        captured = nil
        #expect(try await waitForPendingTimers(loop, 1))
        // The loop is held, so a release left to the loop's next iteration cannot happen before cancel returns.
        let loopHeld = DispatchSemaphore(value: 0)
        let loopFree = DispatchSemaphore(value: 0)
        try loop.execute {
            loopHeld.signal()
            loopFree.wait()
        }
        loopHeld.wait()
        let canceller = KernelThread.currentID
        #expect(handle.cancel())
        let releasedBeforeTheLoopRan = released.values
        loopFree.signal()
        #expect(releasedBeforeTheLoopRan == [canceller])
        #expect(try await waitForPendingTimers(loop, 0))
    }

    @Test("10,000 deadlines scheduled from several threads all fire, none early")
    func manyDeadlines() async throws {
        let loop = try EventLoop(name: "nseb-many")
        try loop.start()
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let early = Mutex(0)
        let fired = Mutex(0)
        let start = MonotonicClock.now()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_500 {
                let deadline = start + 10 * millisecond + UInt64((index * 7 + thread) % 100) * millisecond
                timers.deadline(at: deadline) {
                    if MonotonicClock.now() < deadline { early.withLock { $0 += 1 } }
                    fired.withLock { $0 += 1 }
                }
            }
        }
        #expect(await eventually { fired.withLock { $0 } == 10_000 })
        #expect(early.withLock { $0 } == 0)
        #expect(try await pendingTimers(loop) == 0)
    }

    @Test("shutting the loop down fails pending sleeps; later sleeps and deadlines are refused")
    func shutdownFailsSleeps() async throws {
        let loop = try EventLoop(name: "nseb-sleep-down")
        try loop.start()
        let timers = TimerService(loop: loop)
        let sleeper = Task { try await timers.sleep(until: MonotonicClock.now() + 60_000 * millisecond) }
        #expect(try await waitForPendingTimers(loop, 1))
        let handle = timers.deadline(at: MonotonicClock.now() + 60_000 * millisecond) {}
        try loop.shutdown()
        await #expect(throws: EventLoopError.shutDown(loop: "nseb-sleep-down")) { try await sleeper.value }
        await #expect(throws: EventLoopError.shutDown(loop: "nseb-sleep-down")) {
            try await timers.sleep(nanoseconds: 1)
        }
        let late = timers.deadline(at: 0) {}
        #expect(late.status == .cancelled)
        #expect(handle.status == .pending, "dropped unfired with the loop")
    }
}

/// Calls `onRelease` on the thread that releases it last.
private final class ReleaseWitness: Sendable {
    private let onRelease: @Sendable () -> Void

    init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }

    deinit { onRelease() }
}
