import Glibc

/// The calls one thread has submitted to ``BlockingCallPool``s inside
/// ``BlockingCallPool/handingOverTogether(_:)`` whose threads it has not yet woken, pool by pool.
///
/// Kept in the thread's own storage (a `pthread_key_t`): only that thread reads or changes it, so it
/// needs no lock and is not `Sendable`.
final class HandOverBatch {
    /// One pool's calls not yet handed over.
    private struct Pending {
        let pool: BlockingCallPool
        /// How long the pool's first call may wait (its ``BlockingCallPool/Settings/handOverWait``).
        let wait: UInt64
        var count = 0
        /// When the first of them was submitted.
        var since: UInt64 = 0
    }

    private var pending: [Pending] = []

    /// The key of the thread storage that holds a thread's batch; nil where the system gave none (every
    /// call is then handed over as it comes).
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// The calling thread's batch; nil outside ``BlockingCallPool/handingOverTogether(_:)``.
    static var current: HandOverBatch? {
        guard let key, let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<HandOverBatch>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with a batch of the calling thread's, which it is given (nil where thread storage
    /// failed); inside one already, joins it. The calls left are handed over when `body` returns or
    /// throws.
    static func collecting<Result, Failure: Error>(
        _ body: (HandOverBatch?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let key else { return try body(nil) }
        if let pointer = pthread_getspecific(key) {
            return try body(Unmanaged<HandOverBatch>.fromOpaque(pointer).takeUnretainedValue())
        }
        let batch = HandOverBatch()
        guard pthread_setspecific(key, Unmanaged.passUnretained(batch).toOpaque()) == 0 else { return try body(nil) }
        defer {
            // Cleared first: a pool's hand-over submits nothing, but nothing after this may join.
            _ = pthread_setspecific(key, nil)
            for entry in batch.pending where entry.count > 0 { entry.pool.handOver(entry.count) }
        }
        return try body(batch)
    }

    /// Counts a call just submitted to `pool` at `now`; returns how many of the pool's calls to hand over
    /// now (`size` of them, or the first has waited `wait` nanoseconds), or nil to keep them. The other
    /// pools' calls that have waited long enough are handed over meanwhile (``handOverDue(now:)``).
    func add(to pool: BlockingCallPool, now: UInt64, size: Int, wait: UInt64) -> Int? {
        let index =
            pending.firstIndex { $0.pool === pool }
            ?? {
                pending.append(Pending(pool: pool, wait: wait))
                return pending.count - 1
            }()
        handOverDue(now: now, except: index)
        if pending[index].count == 0 { pending[index].since = now }
        pending[index].count += 1
        guard pending[index].count >= size || now &- pending[index].since >= wait else { return nil }
        defer { pending[index].count = 0 }
        return pending[index].count
    }

    /// Hands over each pool's calls whose first has waited the pool's ``BlockingCallPool/Settings/handOverWait``
    /// by `now`: for a thread that goes on with other work after its last submit to a pool (an event
    /// loop's iteration checks between its events and jobs), so that no call waits longer for its thread
    /// than that. `except` is the pool (an index of ``pending``) whose call is being counted.
    func handOverDue(now: UInt64, except: Int? = nil) {
        for index in pending.indices where index != except {
            guard pending[index].count > 0, now &- pending[index].since >= pending[index].wait else { continue }
            let count = pending[index].count
            pending[index].count = 0
            pending[index].pool.handOver(count)
        }
    }
}
