/// Settings of the built-in extensions that have any.
public struct BuiltInExtensionSettings: Sendable, Hashable {
    /// The `priority` extension's default safety margin: 2 seconds, in nanoseconds.
    public static let defaultSafetyMargin: UInt64 = 2 * 1_000_000_000

    /// The time the `priority` extension keeps back from the budget when it sets the download's timeout.
    public var prioritySafetyMargin: UInt64
    /// `--time-scale`: the fixed timeouts of the presets (20, 25, 30 s), the priority margin and
    /// URLSession's 60 s idle timeout are multiplied by it, as every other duration is.
    public var timeScale: Double

    /// Settings; the margin defaults to ``defaultSafetyMargin``.
    public init(prioritySafetyMargin: UInt64 = Self.defaultSafetyMargin, timeScale: Double = 1) {
        self.prioritySafetyMargin = prioritySafetyMargin
        self.timeScale = timeScale
    }

    /// `nanoseconds` of unscaled time on the run's clock.
    public func scaled(_ nanoseconds: UInt64) -> UInt64 { UInt64((Double(nanoseconds) * timeScale).rounded()) }
}
