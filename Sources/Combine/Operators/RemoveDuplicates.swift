extension Publishers {
    /// Drops a value equal (by a predicate) to the one before it, as Apple's `removeDuplicates`.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher deduplicated.
        public let upstream: Upstream
        /// Whether two consecutive values are duplicates.
        public let predicate: (Output, Output) -> Bool

        /// A publisher of `upstream`'s values without consecutive duplicates.
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; each subscription compares its own previous value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var previous: Output?
            upstream.relay(to: subscriber) { value in
                defer { previous = value }
                if let previous, predicate(previous, value) { return .skip }
                return .send(value)
            }
        }
    }
}

extension Publisher where Output: Equatable {
    /// Drops a value equal to the one before it.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Drops a value that `predicate` says duplicates the one before it.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self>
    {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}
