extension Publishers {
    /// Sends the first value a predicate accepts, then finishes, as Apple's `first(where:)` (and `first()`,
    /// which accepts any value).
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher searched.
        public let upstream: Upstream
        /// Whether a value is the one.
        public let predicate: (Output) -> Bool

        /// A publisher of `upstream`'s first value that `predicate` accepts.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.relay(to: subscriber) { predicate($0) ? .sendAndFinish($0) : .skip }
        }
    }

    /// Sends upstream's last value when it finishes, as Apple's `last()`.
    public struct Last<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream

        /// A publisher of `upstream`'s last value.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var last: Output?
            upstream.relay(
                to: subscriber, unlimitedUpstream: true,
                onValue: { value in
                    last = value
                    return .skip
                },
                onEnd: { completion in
                    if case .finished = completion, let last { return .sendAndFinish(last) }
                    return .complete(completion)
                })
        }
    }
}

extension Publisher {
    /// Sends the first value, then finishes and cancels upstream.
    public func first() -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self) { _ in true }
    }

    /// Sends the first value `predicate` accepts, then finishes and cancels upstream.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Sends the last value when upstream finishes.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }
}
