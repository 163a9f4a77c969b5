/// Threads a host lends for a phone's session callbacks (completion handlers and delegate calls of a
/// session with no `OperationQueue` of the caller's): the host's threads for extension code that may
/// block.
///
/// Without them, each session's serial dispatch queue runs on libdispatch's overcommit pool, which on
/// Linux wakes another thread whenever it finds more queues waiting: with 500 phones in flight of
/// `Examples/MediaDownload` in a worker process, 1.25 thread wake-ups per invocation came from that pool
/// waking itself (`perf record -e sched:sched_wakeup`, issue #11).
public protocol PhoneCallbackThreads: Sendable {
    /// Runs `work` soon on one of the threads, never on the caller's before returning; a `work` that
    /// blocks holds only the thread it runs on.
    func submit(_ work: @escaping @Sendable () -> Void)
}
