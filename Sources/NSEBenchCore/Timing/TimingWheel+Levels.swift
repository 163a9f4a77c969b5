/// Where a tick goes in the wheel's levels, and which slot comes next.
extension TimingWheel {
    /// Levels needed so that the largest tick a `UInt64` deadline can map to has a slot.
    @inlinable static func levelCount(forTick tick: UInt64) -> Int {
        // ceil(UInt64.max / tick) is at most UInt64.max / tick + 1; the current tick is at most that too.
        let largestTick = UInt64.max / tick + 2
        let bits = UInt64.bitWidth - largestTick.leadingZeroBitCount
        return (bits + slotBits - 1) / slotBits
    }

    /// The tick a deadline fires in: the first tick boundary at or after it, but never a tick that
    /// has already been processed.
    @inlinable func expiryTick(for deadline: UInt64) -> UInt64 {
        let (quotient, remainder) = deadline.quotientAndRemainder(dividingBy: tickNanoseconds)
        return max(remainder == 0 ? quotient : quotient + 1, currentTick)
    }

    /// The slot (index into ``heads``) for a tick at or after ``currentTick``: the level is that of
    /// the highest 6-bit group in which the two ticks differ.
    @inlinable func slot(forExpiry expiry: UInt64) -> Int {
        let differing = (expiry ^ currentTick) | Self.slotMask
        let level = (UInt64.bitWidth - 1 - differing.leadingZeroBitCount) / Self.slotBits
        let position = Int(truncatingIfNeeded: (expiry >> (level * Self.slotBits)) & Self.slotMask)
        return level * Self.slotsPerLevel + position
    }

    /// The earliest non-empty slot and the first tick it covers.
    ///
    /// Lower levels always come first: a level's slots lie ahead of the current tick within the
    /// current range of the level above, so they start before any slot of that level above.
    /// - Parameter includingCurrent: whether level 0's slot for ``currentTick`` itself counts.
    @inlinable func earliestOccupiedSlot(includingCurrent: Bool) -> (slot: Int, start: UInt64)? {
        for level in 0..<levelCount {
            let shift = level * Self.slotBits
            let position = Int(truncatingIfNeeded: (currentTick >> shift) & Self.slotMask)
            // A level above 0 never holds the current tick's own slot, so skipping it is exact.
            let first = includingCurrent && level == 0 ? position : position + 1
            let candidates = occupied[level] & (UInt64.max << first)
            guard candidates != 0 else { continue }
            let found = candidates.trailingZeroBitCount
            let blockShift = shift + Self.slotBits
            let start = (currentTick >> blockShift) << blockShift | UInt64(found) << shift
            return (level * Self.slotsPerLevel + found, start)
        }
        return nil
    }

    /// Moves every entry of a higher-level slot down to the level that fits it now that
    /// ``currentTick`` has entered the slot's range. Entries keep their relative order.
    @inlinable mutating func cascade(slot: Int) {
        var index = heads[slot]
        heads[slot] = Self.none
        tails[slot] = Self.none
        occupied[slot / Self.slotsPerLevel] &= ~(1 << (slot % Self.slotsPerLevel))
        while index != Self.none {
            let next = entries[Int(index)].next
            link(index, into: self.slot(forExpiry: expiryTick(for: entries[Int(index)].deadline)))
            index = next
        }
    }
}
