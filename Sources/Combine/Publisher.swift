/// A type that can deliver values over time to subscribers, as Apple's `Publisher`.
public protocol Publisher<Output, Failure> {
    /// The values this publisher delivers.
    associatedtype Output
    /// The error this publisher may fail with; `Never` when it cannot fail.
    associatedtype Failure: Error

    /// Attaches `subscriber`: the publisher calls its `receive(subscription:)`, then values on demand and a
    /// completion. Call `subscribe(_:)`, not this, as with Apple's.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }

    /// Attaches `subject`: it receives this publisher's values and completion. Cancelling the result
    /// detaches it.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let relay = SubjectRelay(subject)
        subscribe(relay)
        return AnyCancellable(relay)
    }
}

/// Feeds a subject from a publisher (`Publisher.subscribe(_:)` with a subject).
private final class SubjectRelay<S: Subject>: Subscriber, Cancellable {
    typealias Input = S.Output
    typealias Failure = S.Failure

    private let state = Locked<(subject: S?, subscription: (any Subscription)?)>((nil, nil))

    init(_ subject: S) {
        state.withLock { $0.subject = subject }
    }

    func receive(subscription: any Subscription) {
        guard
            let subject = state.withLock({ state -> S? in
                guard state.subscription == nil else { return nil }
                state.subscription = subscription
                return state.subject
            })
        else {
            subscription.cancel()
            return
        }
        subject.send(subscription: subscription)
    }

    func receive(_ input: S.Output) -> Subscribers.Demand {
        state.withLock { $0.subject }?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<S.Failure>) {
        let subject = state.withLock { state -> S? in
            defer { state = (nil, nil) }
            return state.subject
        }
        subject?.send(completion: completion)
    }

    func cancel() {
        let subscription = state.withLock { state -> (any Subscription)? in
            defer { state = (nil, nil) }
            return state.subscription
        }
        subscription?.cancel()
    }
}
