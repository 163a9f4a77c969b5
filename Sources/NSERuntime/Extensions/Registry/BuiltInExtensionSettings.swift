/// Settings of the built-in extensions that have any.
public struct BuiltInExtensionSettings: Sendable, Hashable {
    /// The `priority` extension's default safety margin: 2 seconds, in nanoseconds.
    public static let defaultSafetyMargin: UInt64 = 2 * 1_000_000_000

    /// The time the `priority` extension keeps back from the budget when it sets the download's timeout.
    public var prioritySafetyMargin: UInt64

    /// Settings; the margin defaults to ``defaultSafetyMargin``.
    public init(prioritySafetyMargin: UInt64 = Self.defaultSafetyMargin) {
        self.prioritySafetyMargin = prioritySafetyMargin
    }
}
