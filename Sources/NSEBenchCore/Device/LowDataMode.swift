/// The share of phones in Low Data Mode (`--low-data-mode PCT`): on a constrained network, where iOS
/// fails a request whose `allowsConstrainedNetworkAccess` is false with
/// `URLError(.notConnectedToInternet)` and `networkUnavailableReason` `.constrained`.
///
/// Each invocation's phone is drawn from a stream of its own (the run's seed and the invocation's
/// index), apart from the payload's, the network class's and the cold start's.
///
/// ```swift
/// let mode = LowDataMode(share: Percentage(clamping: 20))
/// mode.isConstrained(invocation: 3, seed: 1)  // true for about one phone in five
/// ```
public struct LowDataMode: Sendable, Hashable {
    /// The share of phones on a constrained network.
    public var share: Percentage

    /// Low Data Mode on `share` of the phones.
    public init(share: Percentage) {
        self.share = share
    }

    /// No phone in Low Data Mode.
    public static let off = LowDataMode(share: .zero)

    /// Whether invocation `index`'s phone, in a run seeded `seed`, is on a constrained network.
    public func isConstrained(invocation index: Int, seed: UInt64) -> Bool {
        guard share.value > 0 else { return false }
        guard share.value < 100 else { return true }
        var generator = Xoshiro256StarStar(seed: seed ^ Self.streamSalt, stream: UInt64(bitPattern: Int64(index)))
        return generator.nextUnitInterval() < share.probability
    }

    static let streamSalt: UInt64 = 0x6C6F_7764_6174_616D  // "lowdatam"
}
