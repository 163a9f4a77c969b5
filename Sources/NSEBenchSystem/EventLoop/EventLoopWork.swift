/// One item of an ``EventLoop``'s queue: work handed in by ``EventLoop/execute(_:)``, or a job of a
/// task that prefers the loop (``EventLoop/enqueue(_:)``).
///
/// A job is kept as itself rather than wrapped in a closure: no closure context to allocate per resume
/// (a few per invocation when invocations run on the transport loops), and a loop that stops on a
/// failed system call can hand its jobs to the global executor instead of dropping them, which would
/// leave their tasks suspended for ever. Work closures touch loop-confined state, so those are only
/// ever run on the loop.
enum EventLoopWork: Sendable {
    case work(@Sendable () -> Void)
    case job(UnownedJob)

    /// Sends the jobs among `items` to the global concurrent executor and releases the rest: for work
    /// the loop will never run.
    static func rescueJobs(from items: consuming ContiguousArray<EventLoopWork>) {
        for item in items {
            if case .job(let job) = item { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        }
    }
}
