import Dispatch
import Glibc
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchSystem

/// The loop as a task executor, and the lock its work queue uses.
@Suite("EventLoop as a task executor")
struct EventLoopExecutorTests {
    @Test("a task that prefers the loop runs on the loop thread, before and after every suspension")
    func tasksRunOnTheLoop() async throws {
        let loop = try EventLoop(name: "nseb-taskexec")
        try loop.start()
        defer { try? loop.shutdown() }
        let onLoop = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<50 {
                group.addTask(executorPreference: loop) {
                    var seen = [loop.inEventLoop]
                    // Resumed from another thread: the job comes back through the loop's queue.
                    await withCheckedContinuation { continuation in
                        DispatchQueue.global().async { continuation.resume() }
                    }
                    seen.append(loop.inEventLoop)
                    await Task.yield()
                    seen.append(loop.inEventLoop)
                    return seen
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(onLoop.count == 150)
        #expect(onLoop.allSatisfy { $0 })
    }

    /// Makes `descriptor` refer to what `source` refers to (dup2), close-on-exec as the loop's own are.
    private static func replace(_ descriptor: Int32, with source: Int32) -> Bool {
        dup2(source, descriptor) == descriptor && fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
    }

    @Test("after shutdown a task that prefers the loop still finishes, on the global executor")
    func shutDownLoopHandsJobsOn() async throws {
        let loop = try EventLoop(name: "nseb-taskdown")
        try loop.start()
        try loop.shutdown()
        let ranOnLoop = await Task(executorPreference: loop) { loop.inEventLoop }.value
        #expect(!ranOnLoop)
    }

    @Test(
        "a loop never started hands the task jobs queued on it to the global executor at shutdown",
        .timeLimit(.minutes(1)))
    func neverStartedLoopHandsQueuedJobsOn() async throws {
        let loop = try EventLoop(name: "nseb-tasknever")
        // Queued: the loop accepts work before it starts.
        let task = Task(executorPreference: loop) { loop.inEventLoop }
        try loop.shutdown()
        #expect(await task.value == false)
    }

    @Test(
        "a loop stopped by a failed system call hands the task jobs queued on it to the global executor",
        .timeLimit(.minutes(1)))
    func failedLoopHandsQueuedJobsOn() async throws {
        let loop = try EventLoop(name: "nseb-taskfail")
        try loop.start()
        // Hold the loop thread in a work item while a job is queued behind it and the loop's epoll
        // descriptor becomes /dev/null (dup2: no descriptor number is freed for another test to take),
        // so that its next epoll_wait fails with the job still queued.
        let release = DispatchSemaphore(value: 0)
        // Whatever fails below, the loop thread is let go.
        defer { release.signal() }
        await withCheckedContinuation { (entered: CheckedContinuation<Void, Never>) in
            do {
                try loop.execute {
                    entered.resume()
                    release.wait()
                }
            } catch {
                Issue.record("execute refused: \(error)")
                entered.resume()
            }
        }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(null >= 0)
        try #require(Self.replace(loop.epoll, with: null))
        close(null)
        let task = Task(executorPreference: loop) { loop.inEventLoop }
        release.signal()
        #expect(await task.value == false, "ran, and not on the stopped loop")
        #expect(throws: EventLoopError.self) { try loop.shutdown() }
    }

    @Test(
        "a job whose wakeup cannot be written runs once, on the global executor, and is not left queued",
        .timeLimit(.minutes(1)))
    func failedWakeupHandsTheJobOnOnce() async throws {
        let loop = try EventLoop(name: "nseb-taskwake")
        try loop.start()
        // Asleep in epoll_wait, so that the next job must write the wakeup eventfd.
        while !loop.shared.withLock({ $0.loopMaySleep }) { try await Task.sleep(nanoseconds: 1_000_000) }
        // The eventfd, kept aside; in its place a read-only /dev/null, which refuses the write (EBADF).
        let saved = fcntl(loop.wakeup, F_DUPFD_CLOEXEC, 0)
        try #require(saved >= 0)
        let readOnly = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(readOnly >= 0)
        try #require(Self.replace(loop.wakeup, with: readOnly))
        close(readOnly)
        let ranOnLoop = await Task(executorPreference: loop) { loop.inEventLoop }.value
        let leftQueued = loop.shared.withLock { !$0.queue.isEmpty }
        try #require(Self.replace(loop.wakeup, with: saved))
        close(saved)
        #expect(!ranOnLoop)
        // Left queued, the loop would run the finished task's job a second time once woken.
        #expect(!leftQueued)
        try loop.shutdown()
    }

    @Test("SleepingLock: concurrent increments from many threads are never lost")
    func sleepingLockExcludes() {
        let lock = SleepingLock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { lock.withLock { $0 += 1 } }
        }
        #expect(lock.withLock { $0 } == 80_000)
    }

    @Test("SleepingLock passes a typed error through and stays usable")
    func sleepingLockRethrows() {
        struct Refused: Error, Equatable {}
        let lock = SleepingLock([1, 2])
        #expect(throws: Refused()) {
            try lock.withLock { (values) throws(Refused) in
                values.append(3)
                throw Refused()
            }
        }
        #expect(lock.withLock { $0 } == [1, 2, 3])
    }
}

/// Work that may wait: a sleeping loop is woken by its deferred-wakeup timer, not at once.
@Suite("EventLoop deferred work", .serialized)
struct EventLoopDeferredWorkTests {
    @Test("an idle loop runs deferred work when the delay is up, not before and not much after")
    func deferredWorkWaitsForItsDelay() async throws {
        let loop = try EventLoop(name: "nseb-defer")
        try loop.start()
        defer { try? loop.shutdown() }
        usleep(20_000)  // the loop is asleep, with no timer (a blocking wait: Task.sleep can be late under load)
        let ran = Recorder<UInt64>()
        let submitted = MonotonicClock.now()
        try loop.execute(within: 60_000_000) { ran.append(MonotonicClock.now()) }
        #expect(await eventually { ran.count == 1 })
        let waited = (ran.values.first ?? 0) - submitted
        #expect(waited >= 55_000_000, "woken by the timerfd, not at once (\(waited) ns)")
        #expect(waited < 1_000_000_000)
    }

    @Test("work that may not wait hurries deferred work queued before it, in order")
    func eagerWorkRunsDeferredWorkFirst() async throws {
        let loop = try EventLoop(name: "nseb-hurry")
        try loop.start()
        defer { try? loop.shutdown() }
        usleep(20_000)
        let ran = Recorder<String>()
        let submitted = MonotonicClock.now()
        try loop.execute(within: 10_000_000_000) { ran.append("deferred") }
        try loop.execute { ran.append("eager") }
        #expect(await eventually { ran.count == 2 })
        #expect(ran.values == ["deferred", "eager"])
        #expect(MonotonicClock.now() - submitted < 5_000_000_000, "not held for the 10 s the first allowed")
    }

    @Test("a loop that wakes for its own timer sooner takes deferred work then, without another wakeup")
    func deferredWorkRidesAnEarlierTimer() async throws {
        let loop = try EventLoop(name: "nseb-ride")
        try loop.start()
        defer { try? loop.shutdown() }
        let timerFired = Recorder<UInt64>()
        let timerAt = MonotonicClock.now() + 400_000_000
        try loop.execute { _ = try? loop.scheduleTimer(at: timerAt) { timerFired.append(MonotonicClock.now()) } }
        usleep(20_000)
        let ran = Recorder<UInt64>()
        let submitted = MonotonicClock.now()
        try loop.execute(within: 30_000_000_000) { ran.append(MonotonicClock.now()) }
        // A machine too loaded to submit before the timer fired cannot show this; it says so.
        try #require(submitted < timerAt - 50_000_000, "the test thread was late by \(submitted - timerAt) ns")
        #expect(await eventually(within: .seconds(20)) { ran.count == 1 })
        let at = ran.values.first ?? 0
        #expect(at >= timerAt && at < timerAt + 5_000_000_000, "ran when the timer woke the loop, not 30 s later")
        #expect(timerFired.count == 1)
    }
}

/// The probe the run's self-check reads for its transport loop.
@Suite("Loop lag probe", .serialized)
struct LoopLagProbeTests {
    @Test("an idle loop's probes are on time; a loop blocked for 80 ms shows it")
    func lagFollowsABlockedLoop() async throws {
        let loop = try EventLoop(name: "nseb-lag")
        try loop.start()
        defer { try? loop.shutdown() }
        let probe = LoopLagProbe(loop: loop, period: 5_000_000)
        try probe.start()
        #expect(await eventually { probe.lateness.totalCount >= 10 })
        let idle = probe.lateness
        #expect(idle.value(atPercentile: 50) < 20_000_000, "an idle loop fires its probe within 20 ms")

        try loop.execute { usleep(80_000) }  // a long batch of work on the loop
        #expect(await eventually { probe.lateness.totalCount >= idle.totalCount + 3 })
        let afterBlock = probe.stop()
        #expect(afterBlock.maximum >= 60_000_000, "the probe due during the 80 ms block fired late")

        let stopped = afterBlock.totalCount
        usleep(30_000)
        #expect(probe.lateness.totalCount == stopped, "no probe recorded after stop")
    }

    /// A stall is counted by the time it held the loop: each 5 ms probe it kept from firing is recorded
    /// as late as it would have been, not one late probe among many on time.
    @Test("a 200 ms stall counts the probes it skipped")
    func aStallCountsTheProbesItSkipped() async throws {
        let loop = try EventLoop(name: "nseb-stall")
        try loop.start()
        defer { try? loop.shutdown() }
        let probe = LoopLagProbe(loop: loop, period: 5_000_000)
        try probe.start()
        #expect(await eventually { probe.lateness.totalCount >= 4 })
        let before = probe.lateness
        try loop.execute { usleep(200_000) }
        #expect(await eventually { probe.lateness.maximum >= 150_000_000 })
        let after = probe.stop()
        // 200 ms at 5 ms a probe: about 40 recorded for the stall, where uncorrected it was one.
        let late = after.totalCount - before.totalCount
        #expect(late >= 30, "\(late) probes recorded for the stall")
    }
}
