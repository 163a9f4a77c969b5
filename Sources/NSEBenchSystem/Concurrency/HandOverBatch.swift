import Glibc

/// The calls one thread has submitted to ``BlockingCallPool``s inside
/// ``BlockingCallPool/handingOverTogether(_:)`` whose threads it has not yet woken, pool by pool.
///
/// Kept in the thread's own storage (a `pthread_key_t`): only that thread reads or changes it, so it
/// needs no lock and is not `Sendable`. A thread keeps its one batch until it ends (the key's destructor
/// releases it), so that an event loop's iterations, each inside ``collecting(_:)``, allocate nothing
/// for it: the batch is only marked open and closed.
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
    /// Whether the thread is inside ``collecting(_:)``: only then are calls kept.
    private var isOpen = false

    /// The key of the thread storage that holds a thread's batch (retained, released by the key's
    /// destructor as the thread ends); nil where the system gave none (every call is then handed over as
    /// it comes).
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
            guard let pointer else { return }
            Unmanaged<HandOverBatch>.fromOpaque(pointer).release()
        }
        return pthread_key_create(&key, release) == 0 ? key : nil
    }()

    /// The calling thread's batch, made and kept on first use; nil where thread storage failed.
    private static var ofThisThread: HandOverBatch? {
        guard let key else { return nil }
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<HandOverBatch>.fromOpaque(pointer).takeUnretainedValue()
        }
        let batch = HandOverBatch()
        let retained = Unmanaged.passRetained(batch)
        guard pthread_setspecific(key, retained.toOpaque()) == 0 else {
            retained.release()
            return nil
        }
        return batch
    }

    /// The calling thread's batch; nil outside ``BlockingCallPool/handingOverTogether(_:)``.
    static var current: HandOverBatch? {
        guard let key, let pointer = pthread_getspecific(key) else { return nil }
        let batch = Unmanaged<HandOverBatch>.fromOpaque(pointer).takeUnretainedValue()
        return batch.isOpen ? batch : nil
    }

    /// Runs `body` with the calling thread's batch, which it is given (nil where thread storage failed);
    /// inside one already, joins it. The calls left are handed over when `body` returns or throws, and
    /// the batch lets go of the pools it named.
    static func collecting<Result, Failure: Error>(
        _ body: (HandOverBatch?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let batch = ofThisThread else { return try body(nil) }
        if batch.isOpen { return try body(batch) }
        batch.isOpen = true
        defer {
            // Closed first: a pool's hand-over submits nothing, but nothing after this may join.
            batch.isOpen = false
            for entry in batch.pending where entry.count > 0 { entry.pool.handOver(entry.count) }
            // The storage is kept for the next batch; the pools are not held past this one.
            batch.pending.removeAll(keepingCapacity: true)
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
