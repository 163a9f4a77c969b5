import Dispatch
import Glibc
import NSEBenchSystem
import NSEBenchTestSupport
import Synchronization
import Testing

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
        let release = DispatchSemaphore(value: 0)
        let blocked = Atomic<Int>(0)
        // Ten calls each wait on a semaphore, as an extension waits for its own download.
        for _ in 0..<10 {
            pool.submit {
                blocked.add(1, ordering: .relaxed)
                release.wait()
            }
        }
        #expect(await eventually { blocked.load(ordering: .relaxed) == 10 }, "each blocked call got a thread")
        let ran = Atomic<Bool>(false)
        pool.submit { ran.store(true, ordering: .relaxed) }
        #expect(await eventually { ran.load(ordering: .relaxed) }, "a call behind ten blocked ones still ran")
        #expect(pool.threadsAddedForStalls >= 8, "\(pool.threadsAddedForStalls)")
        for _ in 0..<10 { release.signal() }
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
        let release = DispatchSemaphore(value: 0)
        let started = Atomic<Int>(0)
        for _ in 0..<5 {
            pool.submit {
                started.add(1, ordering: .relaxed)
                release.wait()
            }
        }
        #expect(await eventually { started.load(ordering: .relaxed) == 3 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(started.load(ordering: .relaxed) == 3, "no fourth thread")
        #expect(pool.peakThreadCount == 3)
        for _ in 0..<5 { release.signal() }
        #expect(await eventually { started.load(ordering: .relaxed) == 5 }, "the waiting calls ran once threads freed")
    }

    @Test func everyThreadEndsOnceIdleAndTheNextCallStartsAnother() async throws {
        // A pool no longer used holds no thread (a run's host is gone; capacity runs many in one process).
        let pool = pool(coreThreads: 1, idleLimit: 0.05)
        let release = DispatchSemaphore(value: 0)
        let started = Atomic<Int>(0)
        for _ in 0..<4 {
            pool.submit {
                started.add(1, ordering: .relaxed)
                release.wait()
            }
        }
        #expect(await eventually { started.load(ordering: .relaxed) == 4 })
        #expect(pool.threadCount == 4)
        for _ in 0..<4 { release.signal() }
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
        let release = DispatchSemaphore(value: 0)
        let started = Atomic<Int>(0)
        for _ in 0..<20 {
            pool.submit {
                started.add(1, ordering: .relaxed)
                release.wait()
            }
        }
        #expect(await eventually { started.load(ordering: .relaxed) == 20 })
        for _ in 0..<20 { release.signal() }
        // One thread per core waits for calls, and at most one more (the first to go idle) with it; the
        // others end, whichever of them was the first.
        #expect(await eventually { pool.threadCount <= 2 })
        #expect(pool.threadCount >= 1)
        #expect(idled.load(ordering: .relaxed) >= 1, "the spare let its cache go before waiting")
    }
}
