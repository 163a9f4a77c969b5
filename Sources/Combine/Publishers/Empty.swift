/// A publisher of no values, as Apple's: it finishes at once, or never.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether it finishes at once.
    public let completeImmediately: Bool

    /// An empty publisher; with `completeImmediately` false it never completes.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// An empty publisher with the given types.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    /// Finishes `subscriber` at once, unless it never completes.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }
}
