/// Vigna's SplitMix64: a tiny generator whose outputs are well-mixed even from adjacent seeds.
///
/// It seeds ``Xoshiro256StarStar`` (whose state must not start near zero) and derives forked streams.
/// Seed 0 gives `0xE220A8397B1DCDAF`, `0x6E789E6AA1B965F4`, … as in the reference `splitmix64.c`.
///
/// ```swift
/// var seeder = SplitMix64(seed: 42)
/// let word = seeder.next()
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator that starts from `seed`; every seed, zero included, is fine.
    ///
    /// ```swift
    /// var seeder = SplitMix64(seed: 0)
    /// seeder.next()  // 0xE220A8397B1DCDAF
    /// ```
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's output function: a bijective scramble of 64 bits.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
