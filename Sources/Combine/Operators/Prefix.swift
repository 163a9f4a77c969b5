extension Publishers {
    /// Sends at most a number of values, then finishes, as Apple's `prefix(_:)`.
    public struct Output<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// The values' positions sent: `0..<maxLength` for `prefix`.
        public let range: CountableRange<Int>

        /// A publisher of the values of `upstream` at positions in `range`, finishing after its end.
        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "range must not be negative")
            self.upstream = upstream
            self.range = range
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Upstream.Output, S.Failure == Failure {
            let range = self.range
            guard !range.isEmpty || range.lowerBound > 0 else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            var index = 0
            upstream.relay(to: subscriber) { value in
                defer { index += 1 }
                if index < range.lowerBound { return .skip }
                return index == range.upperBound - 1 ? .sendAndFinish(value) : .send(value)
            }
        }
    }

    /// Sends values while a predicate accepts them, then finishes, as Apple's `prefix(while:)`.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// Whether to keep sending.
        public let predicate: (Output) -> Bool

        /// A publisher of `upstream`'s values until `predicate` rejects one.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.relay(to: subscriber) { predicate($0) ? .send($0) : .finish }
        }
    }
}

extension Publisher {
    /// Sends at most `maxLength` values, then finishes and cancels upstream.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Publishers.Output(upstream: self, range: 0..<maxLength)
    }

    /// Sends values while `predicate` accepts them, then finishes.
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }
}
