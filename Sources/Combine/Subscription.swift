/// A subscriber's connection to a publisher: request values through it, or cancel it, as Apple's.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks for `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// Subscriptions with no publisher behind them, as Apple's.
public enum Subscriptions {
    /// A subscription that ignores requests and cancellation: for publishers that complete at once.
    public static var empty: any Subscription { EmptySubscription.shared }
}

/// The subscription behind `Subscriptions.empty`.
private final class EmptySubscription: Subscription, Sendable {
    static let shared = EmptySubscription()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}
}
