/// A handle to one timer in a ``TimingWheel``, returned by ``TimingWheel/schedule(at:_:)``.
///
/// It names a slot of the wheel's slab plus the slot's generation at scheduling time. Once the
/// timer fires or is cancelled the slot's generation moves on, so an old `TimerID` is recognised as
/// stale even after its slot has been reused: cancelling it does nothing.
public struct TimerID: Hashable, Sendable, CustomStringConvertible {
    /// The entry's index in the wheel's slab.
    public let index: UInt32
    /// The slot's generation when the timer was scheduled.
    public let generation: UInt32

    /// Makes an ID from its parts; wheels hand these out, tests may build stale ones.
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    public var description: String { "timer#\(index).\(generation)" }
}
