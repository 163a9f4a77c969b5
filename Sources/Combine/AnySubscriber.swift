/// A type-erased subscriber, as Apple's: forwards to the subscriber or closures it wraps.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    private let receiveSubscriptionBody: (any Subscription) -> Void
    private let receiveValueBody: (Input) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

    /// The wrapped subscriber's identifier, or a fresh one for closures.
    public let combineIdentifier: CombineIdentifier

    /// "AnySubscriber".
    public var description: String { "AnySubscriber" }

    /// Wraps `subscriber`.
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = subscriber.combineIdentifier
        receiveSubscriptionBody = subscriber.receive(subscription:)
        receiveValueBody = subscriber.receive(_:)
        receiveCompletionBody = subscriber.receive(completion:)
    }

    /// Wraps closures; a missing `receiveValue` asks for no more values.
    public init(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = receiveSubscription ?? { _ in }
        receiveValueBody = receiveValue ?? { _ in .none }
        receiveCompletionBody = receiveCompletion ?? { _ in }
    }

    /// Forwards the subscription.
    public func receive(subscription: any Subscription) {
        receiveSubscriptionBody(subscription)
    }

    /// Forwards a value.
    public func receive(_ input: Input) -> Subscribers.Demand {
        receiveValueBody(input)
    }

    /// Forwards the completion.
    public func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletionBody(completion)
    }
}

extension Subscriber {
    /// This subscriber, type-erased.
    public func eraseToAnySubscriber() -> AnySubscriber<Input, Failure> {
        AnySubscriber(self)
    }
}
