extension Subscribers {
    /// A subscriber that writes each value to an object's property, as Apple's; it keeps the object until
    /// cancelled or completed.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
        /// The assign subscriber cannot fail.
        public typealias Failure = Never

        private let state: Locked<(object: Root?, subscription: (any Subscription)?)>

        /// The object written to; nil once cancelled or completed.
        public var object: Root? { state.withLock { $0.object } }

        /// The property written.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        /// "Assign".
        public var description: String { "Assign \(Root.self)." }

        /// Writes values to `object[keyPath: keyPath]`.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            state = Locked((object, nil))
            self.keyPath = keyPath
        }

        /// Asks for unlimited values.
        public func receive(subscription: any Subscription) {
            let accepted = state.withLock { state -> Bool in
                guard state.subscription == nil, state.object != nil else { return false }
                state.subscription = subscription
                return true
            }
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        /// Writes the value to the property.
        public func receive(_ value: Input) -> Subscribers.Demand {
            if let object = state.withLock({ $0.object }) {
                object[keyPath: keyPath] = value
            }
            return .none
        }

        /// Releases the object.
        public func receive(completion: Subscribers.Completion<Never>) {
            state.withLock { $0 = (nil, nil) }
        }

        /// Cancels the subscription and releases the object.
        public func cancel() {
            let subscription = state.withLock { state -> (any Subscription)? in
                defer { state = (nil, nil) }
                return state.subscription
            }
            subscription?.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes each value to `object[keyPath: keyPath]`; keeps `object` alive while subscribed, as Apple's.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
