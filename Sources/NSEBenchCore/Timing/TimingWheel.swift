/// A hierarchical timing wheel: O(1) schedule and cancel for many timers, driven by explicit time.
///
/// Time is monotonic nanoseconds (`UInt64`) passed in by the caller; the wheel never reads a clock,
/// so it can be driven by a real clock on an event loop or by a fake one in tests.
///
/// Layout:
/// - Time is cut into ticks of ``tickNanoseconds`` (default 2^17 ns, about 131 µs). A timer due at
///   `deadline` belongs to the tick `ceil(deadline / tick)`, the first tick boundary at or after it.
/// - Ticks are spread over levels of 64 slots each. Level 0 holds the ticks of the current 64-tick
///   block one per slot; level `n` holds ranges of 64^n ticks. Levels are added until every
///   `UInt64` deadline fits (8 levels at the default tick), so there is no overflow list.
///   A timer goes to the level of the highest 6-bit group in which its tick differs from the
///   current one and moves down ("cascades") when the current tick enters its slot's range: each
///   timer is moved at most once per level.
/// - Timers live in one slab (a `ContiguousArray` of entries reused through a free list) and are
///   chained into their slot by indices, so scheduling allocates nothing once the slab has grown,
///   and cancelling frees the entry at once. Each entry carries a generation that moves on when it
///   is freed, which makes stale ``TimerID``s harmless.
///
/// Firing: ``popDue(now:)`` and ``advance(to:_:)`` hand out every timer whose deadline is at or
/// before `now`, in deadline order (ties in scheduling order), never one whose deadline is later.
/// Whole ticks are processed at once, but the tick that contains `now` is examined timer by timer,
/// so a caller that wakes exactly at ``nextDeadline`` fires that timer without waiting for the end
/// of its tick. A deadline already in the past fires on the next call.
///
/// Everything is `@inlinable` so that a wheel used from another module (the event loop's
/// `TimingWheel<TimerCallback>`) is specialized there instead of running as generic code through
/// metadata lookups: measured in release, schedule 64 ns, cancel 20 ns and fire 70 ns per timer
/// with a million pending, against 354, 285 and 1,157 ns unspecialized.
///
/// Example:
/// ```swift
/// var wheel = TimingWheel<String>(now: 0)
/// let id = wheel.schedule(at: 5_000_000, "five ms")
/// wheel.advance(to: 6_000_000) { id, label in print(id, label) }
/// ```
public struct TimingWheel<Payload> {
    /// The default tick: 2^17 ns (about 131 µs).
    @inlinable public static var defaultTickNanoseconds: UInt64 { 1 << 17 }
    /// The ticks a wheel accepts: 1 µs to 1 s.
    @inlinable public static var tickRange: ClosedRange<UInt64> { 1_000...1_000_000_000 }

    @inlinable static var slotBits: Int { 6 }
    @inlinable static var slotsPerLevel: Int { 1 << slotBits }
    @inlinable static var slotMask: UInt64 { UInt64(slotsPerLevel - 1) }
    /// The "no entry" link value.
    @inlinable static var none: UInt32 { .max }

    /// The width of one tick in nanoseconds.
    public let tickNanoseconds: UInt64
    /// How many 64-slot levels the wheel has: enough for any `UInt64` deadline at this tick.
    @usableFromInline let levelCount: Int

    /// The slab: every entry, live or on the free list.
    @usableFromInline var entries: ContiguousArray<Entry> = []
    /// The first free entry, or ``none``.
    @usableFromInline var freeHead: UInt32 = Self.none
    /// How many timers are pending; ``count``.
    @usableFromInline var pendingCount = 0

    /// First and last entry of each slot's list, `levelCount * 64` of each.
    @usableFromInline var heads: ContiguousArray<UInt32>
    @usableFromInline var tails: ContiguousArray<UInt32>
    /// One bit per non-empty slot, one word per level.
    @usableFromInline var occupied: ContiguousArray<UInt64>
    /// The tick being processed: every tick before it has fired completely; timers of this tick
    /// sit in level 0 and fire one by one as their deadlines pass.
    @usableFromInline var currentTick: UInt64

    /// Due timers found but not yet handed out, sorted by deadline; see ``popDue(now:)``.
    @usableFromInline var batch: ContiguousArray<DueEntry> = []
    @usableFromInline var batchCursor = 0

    /// A wheel with the default tick, starting at `now`.
    @inlinable public init(now: UInt64 = 0) {
        self.init(validTick: Self.defaultTickNanoseconds, now: now)
    }

    /// A wheel with a tick of `tickNanoseconds`, starting at `now`.
    ///
    /// - Throws: ``TimingWheelError/tickOutOfRange(nanoseconds:)`` unless the tick is in ``tickRange``.
    @inlinable public init(tickNanoseconds: UInt64, now: UInt64 = 0) throws(TimingWheelError) {
        guard Self.tickRange.contains(tickNanoseconds) else {
            throw .tickOutOfRange(nanoseconds: tickNanoseconds)
        }
        self.init(validTick: tickNanoseconds, now: now)
    }

    @inlinable init(validTick: UInt64, now: UInt64) {
        tickNanoseconds = validTick
        levelCount = Self.levelCount(forTick: validTick)
        heads = ContiguousArray(repeating: Self.none, count: levelCount * Self.slotsPerLevel)
        tails = heads
        occupied = ContiguousArray(repeating: 0, count: levelCount)
        currentTick = now / validTick + 1
    }

    /// How many timers are pending.
    @inlinable public var count: Int { pendingCount }

    /// Whether no timer is pending.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// How many entries the slab holds, pending or free: the high-water mark of pending timers.
    @inlinable public var slabCapacity: Int { entries.count }

    /// The bytes one slab entry takes; the wheel's memory is about this times ``slabCapacity``.
    @inlinable public static var bytesPerEntry: Int { MemoryLayout<Entry>.stride }

    /// Schedules `payload` to fire once `now` reaches `deadline`. O(1).
    ///
    /// A deadline at or before the time already reached fires on the next ``popDue(now:)`` or
    /// ``advance(to:_:)``.
    @discardableResult
    @inlinable public mutating func schedule(at deadline: UInt64, _ payload: Payload) -> TimerID {
        let index = allocate(deadline: deadline, payload: payload)
        link(index, into: slot(forExpiry: expiryTick(for: deadline)))
        pendingCount += 1
        return TimerID(index: index, generation: entries[Int(index)].generation)
    }

    /// Cancels a pending timer and returns its payload; O(1). Returns nil, and changes nothing,
    /// for a timer that already fired or was cancelled (a stale ID), even if its slot was reused.
    @discardableResult
    @inlinable public mutating func cancel(_ id: TimerID) -> Payload? {
        guard isPending(id) else { return nil }
        unlink(id.index)
        pendingCount -= 1
        return release(id.index)
    }

    /// Whether `id` names a timer that has neither fired nor been cancelled.
    @inlinable public func isPending(_ id: TimerID) -> Bool {
        let index = Int(id.index)
        return index < entries.count && entries[index].slot != Self.none
            && entries[index].generation == id.generation
    }

    /// The deadline of a pending timer, or nil for a stale ID.
    @inlinable public func deadline(of id: TimerID) -> UInt64? {
        isPending(id) ? entries[Int(id.index)].deadline : nil
    }
}

extension TimingWheel: Sendable where Payload: Sendable {}
