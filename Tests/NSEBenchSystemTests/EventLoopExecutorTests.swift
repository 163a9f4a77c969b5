import Dispatch
import NSEBenchSystem
import Synchronization
import Testing

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

    @Test("after shutdown a task that prefers the loop still finishes, on the global executor")
    func shutDownLoopHandsJobsOn() async throws {
        let loop = try EventLoop(name: "nseb-taskdown")
        try loop.start()
        try loop.shutdown()
        let ranOnLoop = await Task(executorPreference: loop) { loop.inEventLoop }.value
        #expect(!ranOnLoop)
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
