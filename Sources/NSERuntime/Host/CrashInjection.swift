import NSEBenchCore

/// Crashes the host injects into a share of invocations, reproducibly from a seed.
///
/// An injected crash strikes when the extension first calls its content handler: all its work done and
/// nothing delivered, the moment that costs the most. The call is lost and the invocation ends as
/// ``InvocationOutcome/crashed`` with the reason `injected crash`.
///
/// ```swift
/// let settings = HostSettings(crashInjection: CrashInjection(probability: 0.01, seed: 7))
/// ```
public struct CrashInjection: Sendable, Hashable {
    /// The chance that an invocation crashes, in `0...1` (values outside are clamped).
    public var probability: Double
    /// The seed: the same seed and invocation id always give the same decision.
    public var seed: UInt64

    /// Crashes with `probability`, decided per invocation from `seed`.
    public init(probability: Double, seed: UInt64 = 0) {
        self.probability = probability
        self.seed = seed
    }

    /// No injected crashes.
    public static let none = CrashInjection(probability: 0)

    /// Whether invocation `id` crashes.
    public func strikes(invocation id: Int) -> Bool {
        guard probability > 0 else { return false }
        guard probability < 1 else { return true }
        var generator = SplitMix64(seed: seed ^ (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15))
        return generator.nextUnitInterval() < probability
    }
}
