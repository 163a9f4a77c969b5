extension Publishers {
    /// Sends the latest value of each of two publishers whenever either sends, once both have, as Apple's
    /// `CombineLatest`: finishes when both have finished, fails when either fails.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        /// The pair of latest values.
        public typealias Output = (A.Output, B.Output)
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// A publisher combining `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let state = Locked((a: A.Output?.none, b: B.Output?.none, finished: 0))
            let finish = { (completion: Subscribers.Completion<Failure>) in
                if case .failure = completion {
                    joint.complete(completion)
                } else if state.withLock({
                    $0.finished += 1
                    return $0.finished == 2
                }) {
                    joint.complete(.finished)
                }
            }
            joint.start()
            _ = joint.attach(
                a,
                onValue: { value in
                    let pair = state.withLock { state -> Output? in
                        state.a = value
                        return state.b.map { (value, $0) }
                    }
                    if let pair { joint.send(pair) }
                }, onCompletion: finish)
            _ = joint.attach(
                b,
                onValue: { value in
                    let pair = state.withLock { state -> Output? in
                        state.b = value
                        return state.a.map { ($0, value) }
                    }
                    if let pair { joint.send(pair) }
                }, onCompletion: finish)
        }
    }
}

extension Publisher {
    /// Sends the pair of this publisher's and `other`'s latest values whenever either sends.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Sends `transform` of this publisher's and `other`'s latest values whenever either sends.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }
}
