extension Publishers {
    /// A publisher of a sequence's elements, as Apple's (`[1, 2, 3].publisher`): elements on demand, then
    /// finished.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        /// The sequence's elements.
        public typealias Output = Elements.Element

        /// The elements published.
        public let sequence: Elements

        /// A publisher of `sequence`'s elements.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Sends the elements as `subscriber` asks for them, then finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriber.receive(subscription: SequenceSubscription(subscriber, sequence.makeIterator()))
        }
    }
}

extension Sequence {
    /// A publisher of this sequence's elements.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

/// Iterates a sequence as its subscriber asks.
private final class SequenceSubscription<Downstream: Subscriber, Iterator: IteratorProtocol>: Subscription
where Iterator.Element == Downstream.Input {
    private struct State {
        var downstream: Downstream?
        var iterator: Iterator
        var demand = Subscribers.Demand.none
        var emitting = false
    }

    private enum Next {
        case value(Downstream, Downstream.Input)
        case finish(Downstream)
        case stop
    }

    private let state: Locked<State>

    init(_ downstream: Downstream, _ iterator: Iterator) {
        state = Locked(State(downstream: downstream, iterator: iterator))
    }

    func request(_ demand: Subscribers.Demand) {
        let start = state.withLock { state -> Bool in
            state.demand += demand
            guard !state.emitting, state.downstream != nil else { return false }
            state.emitting = true
            return true
        }
        guard start else { return }
        while true {
            let next = state.withLock { state -> Next in
                guard let downstream = state.downstream, state.demand > 0 else {
                    state.emitting = false
                    return .stop
                }
                guard let element = state.iterator.next() else {
                    state.downstream = nil
                    return .finish(downstream)
                }
                state.demand -= 1
                return .value(downstream, element)
            }
            switch next {
            case .value(let downstream, let element):
                let more = downstream.receive(element)
                state.withLock { $0.demand += more }
            case .finish(let downstream):
                downstream.receive(completion: .finished)
                return
            case .stop:
                return
            }
        }
    }

    func cancel() {
        state.withLock { $0.downstream = nil }
    }
}
