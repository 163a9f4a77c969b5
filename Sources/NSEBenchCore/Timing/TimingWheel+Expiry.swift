/// Handing out due timers, in deadline order, and the next deadline to sleep until.
extension TimingWheel {
    /// A due timer found in the current tick, waiting in ``TimingWheel/batch`` to be handed out.
    @usableFromInline
    struct DueEntry: Sendable {
        @usableFromInline var deadline: UInt64
        /// Position in the slot list, so equal deadlines keep scheduling order.
        @usableFromInline var order: UInt32
        @usableFromInline var index: UInt32
        /// The entry's generation when found: a timer cancelled meanwhile is skipped.
        @usableFromInline var generation: UInt32

        @inlinable
        init(deadline: UInt64, order: UInt32, index: UInt32, generation: UInt32) {
            self.deadline = deadline
            self.order = order
            self.index = index
            self.generation = generation
        }
    }

    /// The most entries ``nextDeadline`` reads in a higher-level slot before settling for a bound.
    @inlinable static var exactScanLimit: Int { 32 }

    /// The earliest pending deadline, or nil when no timer is pending.
    ///
    /// Exact when the earliest timer sits in level 0 (its 64-tick block has begun) or in a
    /// higher-level slot of at most ``exactScanLimit`` timers. Otherwise a lower bound: the start of
    /// that slot. Waking at a lower bound lets ``popDue(now:)`` cascade the slot, after which the
    /// answer is sharper, so a caller sleeping until this value wakes early at most once per level
    /// and never late. Cost: one pass over the earliest slot's list, bounded above level 0.
    @inlinable public var nextDeadline: UInt64? {
        guard let earliest = earliestOccupiedSlot(includingCurrent: true) else { return nil }
        // Level 0 is always read whole: its bound could already be in the past, which would make a
        // caller spin instead of sleeping.
        var budget = earliest.slot < Self.slotsPerLevel ? Int.max : Self.exactScanLimit
        var deadline = UInt64.max
        var index = heads[earliest.slot]
        while index != Self.none {
            guard budget > 0 else {
                // The earliest deadline that maps to tick `start`.
                return (earliest.start - 1) * tickNanoseconds + 1
            }
            budget -= 1
            deadline = min(deadline, entries[Int(index)].deadline)
            index = entries[Int(index)].next
        }
        return deadline
    }

    /// Removes and returns the pending timer with the earliest deadline at or before `now`, or nil
    /// when none is due.
    ///
    /// Unlike ``advance(to:_:)``, nothing is held while the caller acts on the timer, so it may
    /// schedule and cancel timers between calls; a cancelled timer is never returned, and a timer
    /// scheduled at or before `now` is returned by a later call with the same `now`.
    @inlinable public mutating func popDue(now: UInt64) -> (id: TimerID, payload: Payload)? {
        while true {
            while batchCursor < batch.count {
                let item = batch[batchCursor]
                let position = Int(item.index)
                guard entries[position].generation == item.generation, entries[position].slot != Self.none else {
                    batchCursor += 1
                    continue
                }
                // Only if the caller went back in time since the batch was collected.
                guard entries[position].deadline <= now else { return nil }
                batchCursor += 1
                unlink(item.index)
                pendingCount -= 1
                guard let payload = release(item.index) else { continue }
                return (TimerID(index: item.index, generation: item.generation), payload)
            }
            batch.removeAll(keepingCapacity: true)
            batchCursor = 0
            guard collectDueBatch(now: now) else { return nil }
        }
    }

    /// Fires every timer whose deadline is at or before `now`, in deadline order.
    ///
    /// `fire` must not touch the wheel (exclusive access forbids it); to run callbacks that
    /// schedule or cancel timers, loop over ``popDue(now:)`` instead.
    @inlinable public mutating func advance(to now: UInt64, _ fire: (TimerID, Payload) -> Void) {
        while let (id, payload) = popDue(now: now) {
            fire(id, payload)
        }
    }

    /// Moves ``currentTick`` forward, cascading on the way, until it finds due timers (sorted into
    /// ``batch``, returns true) or reaches the tick that contains `now` (returns false).
    @inlinable mutating func collectDueBatch(now: UInt64) -> Bool {
        let partialTick = now / tickNanoseconds + 1
        while true {
            let current = Int(truncatingIfNeeded: currentTick & Self.slotMask)
            if occupied[0] & (1 << current) != 0 {
                collectDue(fromSlot: current, now: now)
                if !batch.isEmpty {
                    sortBatch()
                    return true
                }
            }
            // Before `partialTick` the current slot just emptied: every deadline in it was due.
            guard currentTick < partialTick else { return false }
            guard let next = earliestOccupiedSlot(includingCurrent: false), next.start <= partialTick else {
                // Nothing starts before the tick that contains `now`: jump there. Every pending
                // timer stays on the level it was on (see `earliestOccupiedSlot`).
                currentTick = partialTick
                return false
            }
            currentTick = next.start
            if next.slot >= Self.slotsPerLevel {
                cascade(slot: next.slot)
            }
        }
    }

    @inlinable mutating func collectDue(fromSlot slot: Int, now: UInt64) {
        var index = heads[slot]
        var order: UInt32 = 0
        while index != Self.none {
            // Field by field: copying the whole entry would retain and release its payload.
            let position = Int(index)
            let deadline = entries[position].deadline
            if deadline <= now {
                let generation = entries[position].generation
                batch.append(DueEntry(deadline: deadline, order: order, index: index, generation: generation))
                order += 1
            }
            index = entries[position].next
        }
    }

    /// Sorts the batch by deadline, then by list order. Batches are usually one or two timers, so
    /// small ones get an insertion sort that needs no scratch memory.
    @inlinable mutating func sortBatch() {
        func precedes(_ left: DueEntry, _ right: DueEntry) -> Bool {
            (left.deadline, left.order) < (right.deadline, right.order)
        }
        guard batch.count > 16 else {
            for unsorted in batch.indices.dropFirst() {
                let item = batch[unsorted]
                var position = unsorted
                while position > 0, precedes(item, batch[position - 1]) {
                    batch[position] = batch[position - 1]
                    position -= 1
                }
                batch[position] = item
            }
            return
        }
        batch.sort(by: precedes)
    }
}
