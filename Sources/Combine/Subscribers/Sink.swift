extension Subscribers {
    /// A subscriber that asks for unlimited values and hands each to a closure, as Apple's. Cancelling it, or
    /// its completion, releases the closures (and what they capture).
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        private struct State {
            var receiveValue: ((Input) -> Void)?
            var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
            var subscription: (any Subscription)?
            var ended = false
        }

        private let state: Locked<State>

        /// The closure each value goes to (nil once cancelled or completed).
        public var receiveValue: ((Input) -> Void)? { state.withLock { $0.receiveValue } }

        /// The closure the completion goes to (nil once cancelled or completed).
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? {
            state.withLock { $0.receiveCompletion }
        }

        /// "Sink".
        public var description: String { "Sink" }

        /// A sink calling `receiveCompletion` and `receiveValue`.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            state = Locked(State(receiveValue: receiveValue, receiveCompletion: receiveCompletion))
        }

        /// Keeps the subscription and asks for unlimited values; a second subscription is cancelled.
        public func receive(subscription: any Subscription) {
            let accepted = state.withLock { state -> Bool in
                guard state.subscription == nil, !state.ended else { return false }
                state.subscription = subscription
                return true
            }
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        /// Calls `receiveValue`.
        public func receive(_ value: Input) -> Subscribers.Demand {
            state.withLock { $0.receiveValue }?(value)
            return .none
        }

        /// Calls `receiveCompletion`, then releases both closures.
        public func receive(completion: Subscribers.Completion<Failure>) {
            let body = state.withLock { state -> ((Subscribers.Completion<Failure>) -> Void)? in
                defer { state = State(ended: true) }
                return state.ended ? nil : state.receiveCompletion
            }
            body?(completion)
        }

        /// Cancels the subscription and releases both closures.
        public func cancel() {
            let subscription = state.withLock { state -> (any Subscription)? in
                defer { state = State(ended: true) }
                return state.subscription
            }
            subscription?.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes a `Sink` with both closures; the subscription lasts as long as the returned cancellable.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes a `Sink` calling `receiveValue`; only for publishers that cannot fail, as Apple's.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
