import Dispatch
import Foundation
import Glibc
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchSystem

/// Calls that each wait on one semaphore until released, as an extension waits for its own download.
final class BlockedCalls: Sendable {
    private let release = DispatchSemaphore(value: 0)
    private let begun = Atomic<Int>(0)
    private let submitted = Atomic<Int>(0)

    /// Submits `count` such calls to `pool`.
    func submit(_ count: Int, to pool: BlockingCallPool) {
        submitted.add(count, ordering: .relaxed)
        for _ in 0..<count {
            pool.submit { [self] in
                begun.add(1, ordering: .relaxed)
                release.wait()
            }
        }
    }

    /// How many have begun (each on a thread of its own).
    var started: Int { begun.load(ordering: .relaxed) }

    /// Lets every one submitted return.
    func releaseAll() {
        for _ in 0..<submitted.load(ordering: .relaxed) { release.signal() }
    }
}

@Suite struct BlockingCallPoolTests {
    /// A pool of `coreThreads` threads with the given limits.
    func pool(
        coreThreads: Int, stallLimit: UInt64 = 2_000_000, maximumThreads: Int = 4_096, idleLimit: Double = 1
    ) -> BlockingCallPool {
        var settings = BlockingCallPool.Settings()
        settings.coreThreads = coreThreads
        settings.stallLimit = stallLimit
        settings.maximumThreads = maximumThreads
        settings.idleLimit = idleLimit
        return BlockingCallPool(name: "test-blocking-calls", settings: settings)
    }

    @Test func callsThatBlockEveryThreadDoNotHoldUpTheNextCall() async throws {
        let pool = pool(coreThreads: 2)
        let blocked = BlockedCalls()
        blocked.submit(10, to: pool)
        #expect(await eventually { blocked.started == 10 }, "each blocked call got a thread")
        let ran = Atomic<Bool>(false)
        pool.submit { ran.store(true, ordering: .relaxed) }
        #expect(await eventually { ran.load(ordering: .relaxed) }, "a call behind ten blocked ones still ran")
        #expect(pool.threadsAddedForStalls >= 8, "\(pool.threadsAddedForStalls)")
        #expect(pool.peakThreadsBeyondCores == pool.peakThreadCount - 2 && pool.peakThreadsBeyondCores >= 8)
        blocked.releaseAll()
    }

    @Test func callsThatNeverBlockRunOnTheCoreThreadsAlone() async throws {
        // A stall limit no short call reaches: the pool must not make a thread per call, as libdispatch's
        // overcommit pool does.
        let pool = pool(coreThreads: 2, stallLimit: 2_000_000_000)
        let done = Atomic<Int>(0)
        for _ in 0..<2_000 { pool.submit { done.add(1, ordering: .relaxed) } }
        #expect(await eventually { done.load(ordering: .relaxed) == 2_000 })
        #expect(pool.peakThreadCount <= 2)
        #expect(pool.threadsAddedForStalls == 0)
        #expect(pool.peakThreadsBeyondCores == 0)
    }

    @Test func callsThatWaitOnlyForBusyCoresGetNoThread() async throws {
        // Each call keeps its core busy for 5 ms: the calls behind it wait well past the 2 ms stall
        // limit, but no thread is blocked, so another thread would only share the same core.
        let pool = pool(coreThreads: 1)
        let done = Atomic<Int>(0)
        for _ in 0..<20 {
            pool.submit {
                let end = MonotonicClock.now() + 5_000_000
                while MonotonicClock.now() < end {}
                done.add(1, ordering: .relaxed)
            }
        }
        #expect(await eventually { done.load(ordering: .relaxed) == 20 })
        #expect(pool.threadsAddedForStalls == 0)
        #expect(pool.peakThreadCount == 1)
    }

    /// What a phone would not see: a call that waited for the harness's thread. Ten 5 ms calls on one
    /// thread: the last waited for the nine before it.
    @Test func eachCallsWaitForAThreadIsRecorded() async throws {
        let pool = pool(coreThreads: 1)
        #expect(pool.waits.isEmpty)
        let done = Atomic<Int>(0)
        for _ in 0..<10 {
            pool.submit {
                let end = MonotonicClock.now() + 5_000_000
                while MonotonicClock.now() < end {}
                done.add(1, ordering: .relaxed)
            }
        }
        #expect(await eventually { done.load(ordering: .relaxed) == 10 })
        let waits = pool.waits
        #expect(waits.totalCount == 10)
        #expect(waits.maximum >= 45_000_000, "\(waits.maximum) ns")
    }

    @Test func aBlockedCallGetsAThreadAddedThoughAnotherThreadIsBusyRunning() async throws {
        // One core thread spins until told to stop, the other blocks: calls behind them get one thread,
        // for the blocked one, and no more.
        let pool = pool(coreThreads: 2)
        let stopSpinning = Atomic<Bool>(false)
        let spinning = Atomic<Bool>(false)
        pool.submit {
            spinning.store(true, ordering: .relaxed)
            while !stopSpinning.load(ordering: .relaxed) {}
        }
        #expect(await eventually { spinning.load(ordering: .relaxed) })
        let blocked = BlockedCalls()
        blocked.submit(1, to: pool)
        #expect(await eventually { blocked.started == 1 })
        let ran = Atomic<Int>(0)
        for _ in 0..<3 { pool.submit { ran.add(1, ordering: .relaxed) } }
        #expect(await eventually { ran.load(ordering: .relaxed) == 3 }, "calls behind a blocked one still ran")
        #expect(pool.threadsAddedForStalls == 1)
        stopSpinning.store(true, ordering: .relaxed)
        blocked.releaseAll()
    }

    @Test func aCallThatPollsWithShortSleepsCountsAsBlocked() async throws {
        // It wakes every 0.1 ms and spends a few µs of CPU time each time, until the call behind it runs:
        // on one thread it never would.
        let pool = pool(coreThreads: 1)
        let secondRan = Atomic<Bool>(false)
        let firstReturned = Atomic<Bool>(false)
        pool.submit {
            let end = MonotonicClock.now() + 10_000_000_000
            while !secondRan.load(ordering: .relaxed), MonotonicClock.now() < end { usleep(100) }
            firstReturned.store(true, ordering: .relaxed)
        }
        pool.submit { secondRan.store(true, ordering: .relaxed) }
        // Within a few checks (a few ms); a second is generous for a loaded machine. A pool that took
        // only a thread with no CPU time at all as blocked found this one so by chance, seconds later.
        #expect(await eventually(within: .seconds(1)) { secondRan.load(ordering: .relaxed) })
        #expect(pool.threadsAddedForStalls >= 1)
        #expect(await eventually { firstReturned.load(ordering: .relaxed) })
    }

    @Test func theKernelDecides() async throws {
        // A call that sleeps spends no CPU time; the kernel's word (here: running) still has the last say.
        let asked = Atomic<Int>(0)
        var settings = BlockingCallPool.Settings()
        settings.coreThreads = 1
        settings.threadIsBlocked = { _ in
            asked.add(1, ordering: .relaxed)
            return false
        }
        let pool = BlockingCallPool(name: "test-blocking-calls", settings: settings)
        pool.submit { usleep(40_000) }
        let ran = Atomic<Bool>(false)
        pool.submit { ran.store(true, ordering: .relaxed) }
        #expect(await eventually { ran.load(ordering: .relaxed) })
        #expect(asked.load(ordering: .relaxed) >= 1, "asked once the sleeping thread spent no CPU time")
        #expect(pool.threadsAddedForStalls == 0)
    }

    @Test func oneThreadRunsItsCallsInTheOrderTheyCame() async throws {
        let pool = pool(coreThreads: 1, maximumThreads: 1)
        let order = Mutex<[Int]>([])
        for index in 0..<200 { pool.submit { order.withLock { $0.append(index) } } }
        #expect(await eventually { order.withLock { $0.count } == 200 })
        #expect(order.withLock { $0 } == Array(0..<200))
    }

    @Test func threadsStopAtTheMaximumAndTheRestWaitForOneToFree() async throws {
        let pool = pool(coreThreads: 1, maximumThreads: 3)
        let blocked = BlockedCalls()
        blocked.submit(5, to: pool)
        #expect(await eventually { blocked.started == 3 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(blocked.started == 3, "no fourth thread")
        #expect(pool.peakThreadCount == 3)
        blocked.releaseAll()
        #expect(await eventually { blocked.started == 5 }, "the waiting calls ran once threads freed")
    }

    @Test func everyThreadEndsOnceIdleAndTheNextCallStartsAnother() async throws {
        // A pool no longer used holds no thread (a run's host is gone; capacity runs many in one process).
        let pool = pool(coreThreads: 1, idleLimit: 0.05)
        let blocked = BlockedCalls()
        blocked.submit(4, to: pool)
        #expect(await eventually { blocked.started == 4 })
        #expect(pool.threadCount == 4)
        blocked.releaseAll()
        #expect(await eventually { pool.threadCount == 0 }, "\(pool.threadCount) threads left")
        let ran = Atomic<Bool>(false)
        pool.submit { ran.store(true, ordering: .relaxed) }
        #expect(await eventually { ran.load(ordering: .relaxed) })
    }

    @Test func aCallSubmittedRightAfterAnotherGetsAThreadWhenTheOneIdleThreadTakesTheFirstAndBlocks() async throws {
        // The one idle thread is handed the first call, which waits for the second to run: the second
        // must not count on that thread too.
        for _ in 0..<5 {
            let pool = pool(coreThreads: 1, idleLimit: 600)
            let warm = Atomic<Bool>(false)
            pool.submit { warm.store(true, ordering: .relaxed) }
            #expect(await eventually { warm.load(ordering: .relaxed) })
            try #require(await eventually { pool.threadCount == 1 })
            let secondRan = DispatchSemaphore(value: 0)
            let firstSawSecond = Atomic<Bool>(false)
            pool.submit {
                firstSawSecond.store(secondRan.wait(timeout: .now() + 10) == .success, ordering: .relaxed)
            }
            pool.submit { secondRan.signal() }
            #expect(await eventually { firstSawSecond.load(ordering: .relaxed) })
        }
    }

    @Test func threadsBeyondTheSpareOnesEndAtOnceRatherThanAfterTheIdleLimit() async throws {
        // An idle limit no test waits for: only threads beyond the core count's worth of spares end.
        let idled = Atomic<Int>(0)
        var settings = BlockingCallPool.Settings()
        settings.coreThreads = 1
        settings.idleLimit = 600
        // Slow, as a cache flush may be: threads that finish together must not all settle in to wait.
        settings.surplusThreadIdles = {
            idled.add(1, ordering: .relaxed)
            usleep(2_000)
        }
        let pool = BlockingCallPool(name: "test-blocking-calls", settings: settings)
        let blocked = BlockedCalls()
        blocked.submit(20, to: pool)
        #expect(await eventually { blocked.started == 20 })
        blocked.releaseAll()
        // One thread per core waits for calls, and at most one more (the first to go idle) with it; the
        // others end, whichever of them was the first.
        #expect(await eventually { pool.threadCount <= 2 })
        #expect(pool.threadCount >= 1)
        #expect(idled.load(ordering: .relaxed) >= 1, "the spare let its cache go before waiting")
    }

    @Test func aThreadTheSystemWillNotMakeIsCountedNotWaitedForAndTriedAgainAtTheNextCall() async throws {
        // pthread_create refuses the first three threads (EAGAIN, as at the process's thread limit).
        let refusals = Atomic<Int>(3)
        var settings = BlockingCallPool.Settings()
        settings.coreThreads = 1
        settings.startThread = { name, stackSize, body throws(SystemError) in
            guard refusals.subtract(1, ordering: .relaxed).oldValue <= 0 else {
                throw SystemError(call: "pthread_create", errno: EAGAIN)
            }
            _ = try PosixThread.start(name: name, stackSize: stackSize, detached: true, body)
        }
        let pool = BlockingCallPool(name: "test-blocking-calls", settings: settings)
        let ran = Atomic<Int>(0)
        // Neither its thread nor the monitor that would try again could start.
        pool.submit { ran.add(1, ordering: .relaxed) }
        #expect(await eventually { pool.threadStartFailures.count == 2 })
        #expect(pool.threadStartFailures.first == SystemError(call: "pthread_create", errno: EAGAIN))
        #expect(pool.threadCount == 0, "a thread that never started is not counted as one on its way")
        // The next call tries again: its thread is refused, the monitor starts and adds threads for both.
        pool.submit { ran.add(1, ordering: .relaxed) }
        #expect(await eventually { ran.load(ordering: .relaxed) == 2 }, "both calls ran on threads made later")
        #expect(pool.threadStartFailures.count == 3)
        #expect(pool.peakThreadCount <= 2)
    }

    @Test func aPoolWhoseThreadsAllStartSaysNoneFailed() async throws {
        let pool = pool(coreThreads: 1)
        let ran = Atomic<Bool>(false)
        pool.submit { ran.store(true, ordering: .relaxed) }
        #expect(await eventually { ran.load(ordering: .relaxed) })
        #expect(pool.threadStartFailures.count == 0 && pool.threadStartFailures.first == nil)
    }
}

/// ``BlockingCallPool/handingOverTogether(_:)``: the calls a thread submits in a burst wake threads a batch
/// at a time.
@Suite struct BlockingCallPoolHandOverTests {
    /// A pool whose batches wait `handOverWait` (by default longer than any test) for their calls.
    func pool(coreThreads: Int = 2, handOverWait: UInt64 = 60_000_000_000) -> BlockingCallPool {
        var settings = BlockingCallPool.Settings()
        settings.coreThreads = coreThreads
        settings.handOverWait = handOverWait
        return BlockingCallPool(name: "test-hand-over", settings: settings)
    }

    @Test func callsShortOfABatchWaitForTheBodysEndAndThenAllRun() async throws {
        let pool = pool()
        let ran = Atomic<Int>(0)
        let short = BlockingCallPool.Settings().handOverBatch - 1
        let ranInside = BlockingCallPool.handingOverTogether { () -> Int in
            for _ in 0..<short { pool.submit { ran.add(1, ordering: .relaxed) } }
            usleep(50_000)
            return ran.load(ordering: .relaxed)
        }
        #expect(ranInside == 0, "no thread was woken for them before the body returned")
        #expect(await eventually { ran.load(ordering: .relaxed) == short })
    }

    @Test func aFullBatchIsHandedOverBeforeTheBodyReturns() async throws {
        let pool = pool()
        let ran = Atomic<Int>(0)
        let batch = BlockingCallPool.Settings().handOverBatch
        let ranInside = BlockingCallPool.handingOverTogether { () -> Int in
            for _ in 0..<batch { pool.submit { ran.add(1, ordering: .relaxed) } }
            let deadline = MonotonicClock.now() + 5_000_000_000
            while ran.load(ordering: .relaxed) < batch, MonotonicClock.now() < deadline { usleep(1_000) }
            return ran.load(ordering: .relaxed)
        }
        #expect(ranInside == batch)
    }

    @Test func aCallThatWaitedLongEnoughIsHandedOverWithTheNextSubmit() async throws {
        let pool = pool(handOverWait: 1_000_000)
        let ran = Atomic<Int>(0)
        let ranInside = BlockingCallPool.handingOverTogether { () -> Int in
            pool.submit { ran.add(1, ordering: .relaxed) }
            usleep(5_000)  // past the 1 ms wait
            pool.submit { ran.add(1, ordering: .relaxed) }
            let deadline = MonotonicClock.now() + 5_000_000_000
            while ran.load(ordering: .relaxed) < 2, MonotonicClock.now() < deadline { usleep(1_000) }
            return ran.load(ordering: .relaxed)
        }
        #expect(ranInside == 2, "handed over by the second submit, two short of a batch")
    }

    @Test func anotherThreadsCallsAreHandedOverOneByOneMeanwhile() async throws {
        let pool = pool()
        let ran = Atomic<Bool>(false)
        let ranInside = BlockingCallPool.handingOverTogether { () -> Bool in
            // Submitted from another thread while this one hands its calls over together.
            Thread.detachNewThread { pool.submit { ran.store(true, ordering: .relaxed) } }
            let deadline = MonotonicClock.now() + 5_000_000_000
            while !ran.load(ordering: .relaxed), MonotonicClock.now() < deadline { usleep(1_000) }
            return ran.load(ordering: .relaxed)
        }
        #expect(ranInside)
    }

    @Test func aBatchHoldsEachPoolsCallsAndANestedOneJoinsIt() async throws {
        let first = pool()
        let second = pool()
        let ran = Atomic<Int>(0)
        let ranInside = BlockingCallPool.handingOverTogether { () -> Int in
            first.submit { ran.add(1, ordering: .relaxed) }
            BlockingCallPool.handingOverTogether {
                second.submit { ran.add(1, ordering: .relaxed) }
                first.submit { ran.add(1, ordering: .relaxed) }
            }
            usleep(50_000)
            return ran.load(ordering: .relaxed)
        }
        #expect(ranInside == 0, "the inner batch's end is the outer one's to hand over")
        #expect(await eventually { ran.load(ordering: .relaxed) == 3 })
    }

    @Test func aLoopIterationsCallsAreHandedOverWhenItEnds() async throws {
        let pool = pool()
        let loop = try EventLoop(name: "nseb-hand-over")
        try loop.start()
        defer { try? loop.shutdown() }
        let ran = Atomic<Int>(0)
        let ranInside = Mutex<Int?>(nil)
        try loop.execute {
            for _ in 0..<3 { pool.submit { ran.add(1, ordering: .relaxed) } }
            usleep(50_000)
            ranInside.withLock { $0 = ran.load(ordering: .relaxed) }
        }
        #expect(await eventually { ran.load(ordering: .relaxed) == 3 })
        #expect(ranInside.withLock { $0 } == 0, "no thread was woken for them before the iteration ended")
    }

    @Test func aCallThatWaitedLongEnoughIsHandedOverWithASubmitToAnotherPool() async throws {
        let first = pool(handOverWait: 1_000_000)
        let second = pool()
        let ran = Atomic<Int>(0)
        let ranInside = BlockingCallPool.handingOverTogether { () -> Int in
            first.submit { ran.add(1, ordering: .relaxed) }
            usleep(5_000)  // past the first pool's 1 ms wait
            second.submit {}
            let deadline = MonotonicClock.now() + 5_000_000_000
            while ran.load(ordering: .relaxed) < 1, MonotonicClock.now() < deadline { usleep(1_000) }
            return ran.load(ordering: .relaxed)
        }
        #expect(ranInside == 1)
    }

    @Test func aCallIsHandedOverWhileALongLoopIterationRunsNotAtItsEnd() async throws {
        let pool = pool(handOverWait: 1_000_000)
        let loop = try EventLoop(name: "nseb-hand-over-long")
        try loop.start()
        defer { try? loop.shutdown() }
        let ran = Atomic<Int>(0)
        let ranBeforeTheEnd = Mutex<Int?>(nil)
        // One iteration runs all 201: a submit, then 200 jobs of up to 1 ms each (each ends once the call ran);
        // the last sees whether the call ran while the iteration went on. 200 ms, not 20: on a CI machine
        // running the suite's tests in parallel a woken thread took longer than 20 ms to run.
        try loop.execute {
            do throws(EventLoopError) {
                try loop.execute { pool.submit { ran.add(1, ordering: .relaxed) } }
                for job in 0..<200 {
                    try loop.execute {
                        let deadline = MonotonicClock.now() + 1_000_000
                        while ran.load(ordering: .relaxed) == 0, MonotonicClock.now() < deadline { usleep(100) }
                        if job == 199 { ranBeforeTheEnd.withLock { $0 = ran.load(ordering: .relaxed) } }
                    }
                }
            } catch {
                ranBeforeTheEnd.withLock { $0 = -1 }
            }
        }
        #expect(await eventually { ranBeforeTheEnd.withLock { $0 } != nil })
        #expect(ranBeforeTheEnd.withLock { $0 } == 1, "handed over while the jobs ran, not at the iteration's end")
    }

    @Test func aBatchWhoseCallsBusyThreadsTookWhileAWokenThreadWasOnItsWayAllRun() async throws {
        // A call wakes an idle thread; before that thread runs, a busy one takes that call and then the
        // batch's call, which waited a while for the batch's end: fewer calls wait (none) than threads
        // are on their way (one). The hand-over must count that as no thread to wake (it trapped on a
        // negative count).
        let pool = pool()
        let ran = Atomic<Int>(0)
        let rounds = 20_000
        let submitter = Task.detached {
            for _ in 0..<rounds {
                pool.submit { ran.add(1, ordering: .relaxed) }
                BlockingCallPool.handingOverTogether {
                    pool.submit { ran.add(1, ordering: .relaxed) }
                    // Long enough for a busy thread to take both calls.
                    let until = MonotonicClock.now() + 20_000
                    while MonotonicClock.now() < until {}
                }
            }
        }
        #expect(await eventually(within: .seconds(60)) { ran.load(ordering: .relaxed) == 2 * rounds })
        await submitter.value
    }
}

@Suite struct PosixThreadTests {
    @Test func aThreadRunsItsClosureUnderItsName() async throws {
        let seen = Mutex<String?>(nil)
        _ = try PosixThread.start(name: "nseb-test-name-cut-here", detached: true) {
            let name = currentThreadName()
            seen.withLock { $0 = name }
        }
        #expect(await eventually { seen.withLock { $0 } != nil })
        #expect(seen.withLock { $0 } == "nseb-test-name-", "cut to the kernel's 15 bytes")
    }

    @Test func aStackNoMachineCanGiveIsAnErrorNamingPthreadCreateAndTheClosureNeverRuns() async throws {
        let ran = Atomic<Bool>(false)
        // 1 PiB: more than a 47-bit process's whole address space, so no mmap can give it.
        let error = #expect(throws: SystemError.self) {
            _ = try PosixThread.start(name: "nseb-test-huge", stackSize: 1 << 50, detached: true) {
                ran.store(true, ordering: .relaxed)
            }
        }
        #expect(error?.call == "pthread_create")
        #expect(error?.errno == EAGAIN || error?.errno == ENOMEM, "\(String(describing: error))")
        try await Task.sleep(for: .milliseconds(20))
        let closureRan = ran.load(ordering: .relaxed)
        #expect(!closureRan)
    }
}
