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
/// If the loop refuses work (it is shut down), every item then in the inbox goes to `reject` on the
/// submitting thread, so none is dropped silently.
final class EventLoopInbox<Item: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `pending` is a SleepingLock; `draining` is touched only by `drain()`, which runs
    // on the loop thread only; `handle` and `reject` are immutable and Sendable.
    let loop: EventLoop
    private let pending = SleepingLock<ContiguousArray<Item>>([])
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

    /// Queues `item` for the loop thread. Callable from any thread, the loop's included.
    func submit(_ item: Item) {
        let first = pending.withLock { items in
            items.append(item)
            return items.count == 1
        }
        guard first else { return }
        do {
            try loop.execute { self.drain() }
        } catch {
            let refused = pending.withLock { items in
                defer { items.removeAll() }
                return items
            }
            for item in refused { reject(item, error) }
        }
    }

    /// Handles every item queued so far. Loop thread only.
    private func drain() {
        pending.withLock { items in swap(&items, &draining) }
        for item in draining { handle(item) }
        draining.removeAll(keepingCapacity: true)
    }
}
