/// The seeded generator of the harness: xoshiro256** (Blackman and Vigna), seeded through SplitMix64.
///
/// Fast (a few nanoseconds a draw), 256 bits of state, and the same sequence for the same seed on every
/// machine, so a run that misbehaved can be replayed. Independent streams, one per connection or per
/// request, come from ``fork(stream:)``: the child depends only on the parent's state and the stream
/// index, not on how many draws other streams made, so adding a connection never shifts another's draws.
///
/// ```swift
/// let root = Xoshiro256StarStar(seed: 2024)
/// var connection7 = root.fork(stream: 7)   // the same generator every run with seed 2024
/// let roll = connection7.nextUnitInterval()
/// ```
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose state is four SplitMix64 outputs from `seed`, as the authors recommend.
    ///
    /// ```swift
    /// var generator = Xoshiro256StarStar(seed: 0)
    /// generator.next()  // 0x99EC5F36CB75F2B4
    /// ```
    public init(seed: UInt64) {
        var seeder = SplitMix64(seed: seed)
        self.init(state: (seeder.next(), seeder.next(), seeder.next(), seeder.next()))
    }

    /// The generator for stream `stream` of `seed`: shorthand for
    /// `Xoshiro256StarStar(seed: seed).fork(stream: stream)`.
    ///
    /// ```swift
    /// var request42 = Xoshiro256StarStar(seed: 7, stream: 42)
    /// ```
    public init(seed: UInt64, stream: UInt64) {
        self = Xoshiro256StarStar(seed: seed).fork(stream: stream)
    }

    /// A generator with exactly this state (for reference vectors); an all-zero state, which would
    /// only ever produce zeros, is replaced by the state of seed 0.
    init(state: (UInt64, UInt64, UInt64, UInt64)) {
        (s0, s1, s2, s3) = state
        if s0 | s1 | s2 | s3 == 0 { self = Xoshiro256StarStar(seed: 0) }
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = (s1 &* 5).rotatedLeft(by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3.rotatedLeft(by: 45)
        return result
    }

    /// An independent generator for stream number `stream`, derived from this generator's current state
    /// without advancing it: the same state and index always give the same child, and different indices
    /// give unrelated children.
    ///
    /// The state words and the index are folded through SplitMix64's mixer and the child is seeded from
    /// the result; two children collide only if 64-bit hashes collide.
    ///
    /// ```swift
    /// let root = Xoshiro256StarStar(seed: 1)
    /// var a = root.fork(stream: 0), b = root.fork(stream: 1)  // unrelated sequences
    /// ```
    public func fork(stream: UInt64) -> Xoshiro256StarStar {
        var hash = SplitMix64.mix(s0 ^ 0x6A09_E667_F3BC_C908)
        for word in [s1, s2, s3, stream] {
            hash = SplitMix64.mix((hash ^ word) &+ 0x9E37_79B9_7F4A_7C15)
        }
        return Xoshiro256StarStar(seed: hash)
    }

    /// Advances this generator and returns a new, independent one seeded from it, for handing a
    /// generator to a child task when no stable stream index exists.
    ///
    /// ```swift
    /// var parent = Xoshiro256StarStar(seed: 3)
    /// let child = parent.split()
    /// ```
    public mutating func split() -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: next())
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
