extension Publishers {
    /// Skips a number of values, as Apple's `dropFirst(_:)`.
    public struct Drop<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// How many values are skipped.
        public let count: Int

        /// A publisher of `upstream`'s values after the first `count`.
        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "count must not be negative")
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var remaining = count
            upstream.relay(to: subscriber) { value in
                guard remaining > 0 else { return .send(value) }
                remaining -= 1
                return .skip
            }
        }
    }

    /// Skips values while a predicate accepts them, as Apple's `drop(while:)`.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// Whether to keep skipping.
        public let predicate: (Output) -> Bool

        /// A publisher of `upstream`'s values from the first that `predicate` rejects.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var dropping = true
            upstream.relay(to: subscriber) { value in
                if dropping, predicate(value) { return .skip }
                dropping = false
                return .send(value)
            }
        }
    }
}

extension Publisher {
    /// Skips the first `count` values.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }

    /// Skips values while `predicate` accepts them.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }
}
