extension Publishers {
    /// Pairs the values of two publishers in order, as Apple's `Zip`: finishes when either has finished and
    /// its unpaired values are used up, fails when either fails.
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        /// The pair of values.
        public typealias Output = (A.Output, B.Output)
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// A publisher zipping `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        private struct State {
            var a: [A.Output] = []
            var b: [B.Output] = []
            var aFinished = false
            var bFinished = false

            /// The next pair, if both sides have a value.
            mutating func pair() -> Output? {
                guard !a.isEmpty, !b.isEmpty else { return nil }
                return (a.removeFirst(), b.removeFirst())
            }

            /// Whether no more pairs can come.
            var exhausted: Bool { (aFinished && a.isEmpty) || (bFinished && b.isEmpty) }
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let state = Locked(State())
            let after = { (pair: Output?) in
                if let pair { joint.send(pair) }
                if state.withLock({ $0.exhausted }) { joint.complete(.finished) }
            }
            joint.start()
            _ = joint.attach(
                a,
                onValue: { value in
                    after(
                        state.withLock {
                            $0.a.append(value)
                            return $0.pair()
                        })
                },
                onCompletion: { completion in
                    if case .failure = completion { return joint.complete(completion) }
                    after(
                        state.withLock {
                            $0.aFinished = true
                            return nil
                        })
                })
            _ = joint.attach(
                b,
                onValue: { value in
                    after(
                        state.withLock {
                            $0.b.append(value)
                            return $0.pair()
                        })
                },
                onCompletion: { completion in
                    if case .failure = completion { return joint.complete(completion) }
                    after(
                        state.withLock {
                            $0.bFinished = true
                            return nil
                        })
                })
        }
    }
}

extension Publisher {
    /// Pairs this publisher's values with `other`'s, in order.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// Sends `transform` of each pair of this publisher's and `other`'s values.
    public func zip<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
        Publishers.Zip(self, other).map(transform)
    }
}
