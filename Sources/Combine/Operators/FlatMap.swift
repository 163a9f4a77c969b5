extension Publishers {
    /// Maps each value to a publisher and interleaves their values, as Apple's `flatMap`: at most
    /// `maxPublishers` inner publishers at a time; finishes when upstream and every inner publisher have.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        /// The inner publishers' values.
        public typealias Output = NewPublisher.Output
        /// The shared error.
        public typealias Failure = Upstream.Failure
        /// The publisher mapped.
        public let upstream: Upstream
        /// How many inner publishers may be subscribed at once.
        public let maxPublishers: Subscribers.Demand
        /// Makes an inner publisher from a value.
        public let transform: (Upstream.Output) -> NewPublisher

        /// A publisher of the values of `transform`'s publishers.
        public init(
            upstream: Upstream, maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let transform = self.transform
            let limited = maxPublishers != .unlimited
            // Inner publishers live, and whether upstream has finished.
            let state = Locked((active: 0, upstreamDone: false))
            // The feed from upstream, set before it is subscribed: an inner publisher may finish (and ask
            // upstream for another value) while upstream is still being subscribed.
            let outer = Locked<Feed<Upstream.Output, Upstream.Failure>?>(nil)
            let innerFinished = { (completion: Subscribers.Completion<Failure>) in
                if case .failure = completion { return joint.complete(completion) }
                let done = state.withLock { state -> Bool in
                    state.active -= 1
                    return state.upstreamDone && state.active == 0
                }
                if done {
                    joint.complete(.finished)
                } else if limited {
                    outer.withLock { $0 }?.request(.max(1))
                }
            }
            joint.start()
            joint.attach(
                upstream, demand: maxPublishers,
                prepare: { feed in outer.withLock { $0 = feed } },
                onValue: { value in
                    state.withLock { $0.active += 1 }
                    joint.attach(transform(value), onValue: joint.send, onCompletion: innerFinished)
                },
                onCompletion: { completion in
                    if case .failure = completion { return joint.complete(completion) }
                    if state.withLock({
                        $0.upstreamDone = true
                        return $0.active == 0
                    }) {
                        joint.complete(.finished)
                    }
                })
        }
    }
}

extension Publisher {
    /// Maps each value to a publisher, interleaving their values; `maxPublishers` bounds how many run at once.
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` from a publisher that cannot fail to ones that can.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(
            upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` where neither this publisher nor the inner ones can fail.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// `flatMap` to publishers that cannot fail, from one that can.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
            transform($0).setFailureType(to: Failure.self)
        }
    }
}
