extension Publishers {
    /// Follows only the latest inner publisher, as Apple's `switchToLatest`: a new one cancels the one before;
    /// finishes when upstream and the current inner publisher have.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        /// The inner publishers' values.
        public typealias Output = P.Output
        /// The shared error.
        public typealias Failure = P.Failure
        /// The publisher of publishers.
        public let upstream: Upstream

        /// A publisher following `upstream`'s latest publisher.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        private struct State {
            var generation = 0
            var current: Feed<P.Output, P.Failure>?
            var innerDone = true
            var upstreamDone = false
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let state = Locked(State())
            joint.start()
            _ = joint.attach(
                upstream,
                onValue: { inner in
                    let (generation, previous) = state.withLock { state in
                        state.generation += 1
                        state.innerDone = false
                        defer { state.current = nil }
                        return (state.generation, state.current)
                    }
                    previous?.cancel()
                    let isCurrent = { state.withLock { $0.generation == generation } }
                    let feed = joint.attach(
                        inner,
                        onValue: { value in
                            if isCurrent() { joint.send(value) }
                        },
                        onCompletion: { completion in
                            guard isCurrent() else { return }
                            if case .failure = completion { return joint.complete(completion) }
                            if state.withLock({
                                $0.innerDone = true
                                return $0.upstreamDone
                            }) {
                                joint.complete(.finished)
                            }
                        })
                    state.withLock { state in
                        if state.generation == generation, !state.innerDone { state.current = feed }
                    }
                },
                onCompletion: { completion in
                    if case .failure = completion { return joint.complete(completion) }
                    if state.withLock({
                        $0.upstreamDone = true
                        return $0.innerDone
                    }) {
                        joint.complete(.finished)
                    }
                })
        }
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Follows only the latest publisher this publisher sends.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// Follows only the latest publisher this (never failing) publisher sends.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// Follows only the latest publisher, where neither level can fail.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}
