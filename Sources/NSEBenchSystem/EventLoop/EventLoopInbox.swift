import Synchronization

/// Items handed to an ``EventLoop`` from any thread in bursts: one `execute` per burst, not per item.
///
/// ``submit(_:)`` appends under a ``SleepingLock``; only the call that finds the inbox empty hands a drain to
/// ``EventLoop/execute(_:)``. The drain swaps the whole batch out and calls `handle` for each item on
/// the loop thread, in submission order. Saves the closure allocation and the loop-queue entry that an
/// `execute` per item costs (100,000 timers scheduled in a burst are one wakeup and one closure).
///
/// Ordering: an item submitted before a later ``EventLoop/execute(_:)`` on the same loop (in
/// happens-before order) is handled before that work runs, because the drain that carries it was
/// queued no later than the item was appended.
///
/// Items that may wait (``submit(_:within:)``) let the loop sleep on: one deferred wakeup serves every
/// item submitted until it fires, and an item that may not wait as long hurries the loop.
///
/// If the loop refuses work (it is shut down), every item then in the inbox goes to `reject` on the
/// submitting thread, so none is dropped silently.
final class EventLoopInbox<Item: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `pending` is a SleepingLock; `draining` is touched only by `drain()`, which runs
    // on the loop thread only; `handle` and `reject` are immutable and Sendable.
    let loop: EventLoop
    private let pending = SleepingLock(Pending())
    /// The batch being handled; kept between drains so its capacity is reused (loop thread only).
    private var draining: ContiguousArray<Item> = []
    private let handle: @Sendable (Item) -> Void
    private let reject: @Sendable (Item, EventLoopError) -> Void

    /// - Parameters:
    ///   - handle: runs on the loop thread for each item.
    ///   - reject: runs on the submitting thread for items the loop refused.
    init(
        loop: EventLoop, handle: @escaping @Sendable (Item) -> Void,
        reject: @escaping @Sendable (Item, EventLoopError) -> Void
    ) {
        self.loop = loop
        self.handle = handle
        self.reject = reject
    }

    /// The items not yet taken by the loop, and when the drain that will take them is due.
    private struct Pending {
        var items: ContiguousArray<Item> = []
        /// Whether a drain is queued on the loop.
        var drainQueued = false
        /// The latest time the queued drain runs (``MonotonicClock`` nanoseconds); 0 for at once.
        var drainDue: UInt64 = 0
    }

    /// Queues `item` for the loop thread, to be handled within `maximumDelay` nanoseconds (nil: as
    /// soon as possible; see ``EventLoop/execute(within:_:)``). Callable from any thread, the loop's
    /// included.
    func submit(_ item: Item, within maximumDelay: UInt64? = nil) {
        let due = maximumDelay.map { MonotonicClock.now() &+ $0 } ?? 0
        let action = pending.withLock { pending -> SubmitAction in
            pending.items.append(item)
            if !pending.drainQueued {
                pending.drainQueued = true
                pending.drainDue = due
                return .queueDrain
            }
            guard due < pending.drainDue else { return .none }
            pending.drainDue = due
            return .hurry
        }
        do {
            switch action {
            case .none: return
            case .queueDrain: try loop.execute(within: maximumDelay) { self.drain() }
            case .hurry: try loop.hurry(within: maximumDelay)
            }
        } catch {
            // The loop is shut down: nothing queued here will be drained, and later items must be
            // refused too rather than wait for a drain.
            let refused = pending.withLock { pending in
                defer {
                    pending.items.removeAll()
                    pending.drainQueued = false
                }
                return pending.items
            }
            for item in refused { reject(item, error) }
        }
    }

    private enum SubmitAction {
        /// A drain is queued and due in time.
        case none
        /// Queue a drain.
        case queueDrain
        /// The queued drain is due later than this item allows: make the loop run sooner.
        case hurry
    }

    /// Handles every item queued so far. Loop thread only.
    private func drain() {
        pending.withLock { pending in
            swap(&pending.items, &draining)
            pending.drainQueued = false
        }
        for item in draining { handle(item) }
        draining.removeAll(keepingCapacity: true)
    }
}
