/// The loop as a Swift task executor: tasks that prefer it run their jobs on the loop thread.
///
/// A task that waits on the loop's I/O (a download on ``CurlTransport``) is resumed by the loop
/// thread. On the global executor that resume wakes a pool thread (a futex wait and wake and a
/// context switch per download: 3.3 futex calls per download, measured with strace); a task that
/// prefers the loop (`withTaskExecutorPreference(loop)`) is resumed by appending a job to the loop's
/// own queue, with no other thread involved. Jobs run after the iteration's I/O and timers, like
/// ``execute(_:)`` work.
///
/// Jobs enqueued after ``shutdown()`` began, or left queued when the loop stopped on a failed system
/// call, go to the global concurrent executor rather than being lost (a task that never resumes would
/// hang its group).
extension EventLoop: TaskExecutor {
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        do {
            try submit(.job(job), within: nil)
        } catch {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}
