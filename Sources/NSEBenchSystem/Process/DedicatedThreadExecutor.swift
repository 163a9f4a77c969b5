import Dispatch
import Foundation
import Synchronization

/// A task executor with one thread of its own, for the few tasks whose timing must not wait behind
/// the invocations: the load runner's admission loop. Thousands of invocation tasks keep their
/// executors (the transport loops, or the cooperative pool) busy; an arrival due now should not wait
/// for one of them.
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    // `jobs` is protected by `lock`; `condition` wakes the thread. Both live as long as the executor.
    private let lock = NSCondition()
    nonisolated(unsafe) private var jobs: [UnownedJob] = []
    nonisolated(unsafe) private var stopped = false

    /// Starts the thread, named `name` (cut to 15 bytes, the kernel's limit) as `perf` and `top` show it;
    /// throws when the system would not make it.
    public init(name: String) throws(SystemError) {
        // The thread holds the executor until it exits (after `stop()`), so nothing it reads is freed
        // under it.
        try PosixThread.detach(name: name) { [self] in self.runJobs() }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        // Held until the signal below: the job may run, and its run end and release this executor,
        // before this call returns.
        let retained = Unmanaged.passRetained(self)
        defer { retained.release() }
        let unowned = UnownedJob(job)
        lock.lock()
        jobs.append(unowned)
        let wasIdle = jobs.count == 1
        lock.unlock()
        // Signalled after the unlock, and only when the list was empty (the one state the thread
        // waits in): a signal under the lock woke the thread straight into a wait for that lock, a
        // second wake-up per job (perf's sched_wakeup: about one in two invocations).
        if wasIdle { lock.signal() }
    }

    /// Lets the thread finish the jobs it has and exit.
    public func stop() {
        lock.lock()
        stopped = true
        lock.signal()
        lock.unlock()
    }

    private func runJobs() {
        let executor = asUnownedTaskExecutor()
        while true {
            lock.lock()
            while jobs.isEmpty, !stopped { lock.wait() }
            if jobs.isEmpty, stopped {
                lock.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            lock.unlock()
            for job in batch { job.runSynchronously(on: executor) }
        }
    }
}
