import Glibc

/// A value behind a plain `pthread_mutex_t`: a waiter sleeps in the kernel at once instead of spinning.
///
/// Swift's `Mutex` on Linux spins before it sleeps on a priority-inheritance futex. On a machine where
/// the loop thread and the threads that hand it work share a core, the holder of a contended lock is a
/// thread that was preempted, so the spin only burns the waiter's time slice: perf put 10-12% of the
/// harness's CPU in `Mutex._lockSlow` on the event loop's work queue (media extension at 100 in flight,
/// one core). glibc's default mutex takes one atomic exchange when free and a futex wait when not.
///
/// The same API as `Mutex.withLock`, for the few locks that threads contend for (the event loop's work
/// queue and inboxes); uncontended state keeps `Mutex`.
///
/// The kinds of lock nse-bench uses, and why each remains:
/// - `Synchronization.Mutex`: the default, for all shared state.
/// - `SleepingLock`: the event loop's contended queues, for the measured reason above.
/// - `NSCondition`: ``DedicatedThreadExecutor``'s thread sleeps until a job arrives, which needs a
///   condition variable; `Mutex` has none.
/// - `DispatchSemaphore` (a signal, not a lock): a thread that must block until another thread or a
///   child process says so (the embedded server's launching thread, a worker's exit).
/// - `NSLock`: only in SDKProfiles, whose extensions are written as the SDKs write theirs, with
///   Foundation alone.
public final class SleepingLock<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, between
    // pthread_mutex_lock and pthread_mutex_unlock of `mutex`, which lives (allocated once, never
    // moved) as long as the lock does.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`.
    public init(_ value: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Do not call back into the same lock from `body`.
    @inline(__always)
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
