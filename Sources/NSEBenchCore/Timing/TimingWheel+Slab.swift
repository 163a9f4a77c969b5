/// The slab of timer entries and the intrusive, index-linked slot lists.
extension TimingWheel {
    /// One timer, or a free slab slot. No per-timer heap allocation: links are slab indices.
    @usableFromInline
    struct Entry {
        /// The timer's payload; nil while the entry is free, so a freed payload is released at once.
        @usableFromInline var payload: Payload?
        @usableFromInline var deadline: UInt64
        @usableFromInline var previous: UInt32
        /// The next entry in the slot list, or the next free entry while on the free list.
        @usableFromInline var next: UInt32
        /// Index into ``TimingWheel/heads`` of the slot holding this entry; ``TimingWheel/none`` when free.
        @usableFromInline var slot: UInt32
        /// Moves on each time the entry is freed, so ``TimerID``s handed out earlier go stale.
        @usableFromInline var generation: UInt32

        @inlinable
        init(payload: Payload?, deadline: UInt64, previous: UInt32, next: UInt32, slot: UInt32, generation: UInt32) {
            self.payload = payload
            self.deadline = deadline
            self.previous = previous
            self.next = next
            self.slot = slot
            self.generation = generation
        }
    }

    /// Takes an entry from the free list, or grows the slab by one.
    ///
    /// Indices are `UInt32`: the slab would need over 4 billion pending timers (hundreds of GB) to
    /// run out of them.
    @inlinable mutating func allocate(deadline: UInt64, payload: Payload) -> UInt32 {
        guard freeHead == Self.none else {
            let index = freeHead
            freeHead = entries[Int(index)].next
            entries[Int(index)].payload = payload
            entries[Int(index)].deadline = deadline
            return index
        }
        entries.append(
            Entry(
                payload: payload, deadline: deadline, previous: Self.none, next: Self.none, slot: Self.none,
                generation: 0))
        return UInt32(truncatingIfNeeded: entries.count - 1)
    }

    /// Puts an unlinked entry on the free list and returns its payload.
    @inlinable mutating func release(_ index: UInt32) -> Payload? {
        let position = Int(index)
        let payload = entries[position].payload.take()
        entries[position].generation &+= 1
        entries[position].slot = Self.none
        entries[position].previous = Self.none
        entries[position].next = freeHead
        freeHead = index
        return payload
    }

    /// Appends an entry to the tail of `slot`'s list, keeping scheduling order within a slot.
    @inlinable mutating func link(_ index: UInt32, into slot: Int) {
        let position = Int(index)
        let tail = tails[slot]
        entries[position].slot = UInt32(truncatingIfNeeded: slot)
        entries[position].previous = tail
        entries[position].next = Self.none
        if tail == Self.none {
            heads[slot] = index
            occupied[slot / Self.slotsPerLevel] |= 1 << (slot % Self.slotsPerLevel)
        } else {
            entries[Int(tail)].next = index
        }
        tails[slot] = index
    }

    /// Removes an entry from its slot's list; the entry keeps its payload and stays allocated.
    @inlinable mutating func unlink(_ index: UInt32) {
        let position = Int(index)
        let slot = Int(entries[position].slot)
        let previous = entries[position].previous
        let next = entries[position].next
        if previous == Self.none { heads[slot] = next } else { entries[Int(previous)].next = next }
        if next == Self.none { tails[slot] = previous } else { entries[Int(next)].previous = previous }
        if heads[slot] == Self.none {
            occupied[slot / Self.slotsPerLevel] &= ~(1 << (slot % Self.slotsPerLevel))
        }
    }
}

extension TimingWheel.Entry: Sendable where Payload: Sendable {}
