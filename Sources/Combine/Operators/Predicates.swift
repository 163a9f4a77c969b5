extension Publishers {
    /// Sends upstream's values in arrays of `count` (the last one shorter), as Apple's `collect(_:)`; a
    /// failure drops the values not yet sent.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        /// Arrays of upstream's values.
        public typealias Output = [Upstream.Output]
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher collected.
        public let upstream: Upstream
        /// The size of each array.
        public let count: Int

        /// A publisher of `upstream`'s values in arrays of `count`.
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let count = Swift.max(self.count, 1)
            var buffer: [Upstream.Output] = []
            upstream.relay(
                to: subscriber,
                onValue: { value in
                    buffer.append(value)
                    guard buffer.count >= count else { return .skip }
                    defer { buffer = [] }
                    return .send(buffer)
                },
                onEnd: { completion in
                    if case .finished = completion, !buffer.isEmpty { return .sendAndFinish(buffer) }
                    return .complete(completion)
                })
        }
    }

    /// Sends whether upstream sends a value `predicate` accepts, as Apple's `contains(where:)`: true at the
    /// first such value (then finishes and cancels upstream), false when upstream finishes without one.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        /// Whether a value was found.
        public typealias Output = Bool
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher searched.
        public let upstream: Upstream
        /// Whether a value is the one sought.
        public let predicate: (Upstream.Output) -> Bool

        /// A publisher of whether `upstream` sends a value `predicate` accepts.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = self.predicate
            upstream.relay(
                to: subscriber, unlimitedUpstream: true,
                onValue: { predicate($0) ? .sendAndFinish(true) : .skip },
                onEnd: { completion in
                    if case .finished = completion { return .sendAndFinish(false) }
                    return .complete(completion)
                })
        }
    }

    /// Sends whether upstream sends `output`, as Apple's `contains(_:)`.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        /// Whether the value was found.
        public typealias Output = Bool
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher searched.
        public let upstream: Upstream
        /// The value sought.
        public let output: Upstream.Output

        /// A publisher of whether `upstream` sends `output`.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let output = self.output
            ContainsWhere(upstream: upstream) { $0 == output }.receive(subscriber: subscriber)
        }
    }

    /// Sends whether every value satisfies `predicate`, as Apple's `allSatisfy(_:)`: false at the first value
    /// that does not (then finishes and cancels upstream), true when upstream finishes.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        /// Whether every value satisfied the predicate.
        public typealias Output = Bool
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher checked.
        public let upstream: Upstream
        /// The test for each value.
        public let predicate: (Upstream.Output) -> Bool

        /// A publisher of whether every value of `upstream` satisfies `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = self.predicate
            upstream.relay(
                to: subscriber, unlimitedUpstream: true,
                onValue: { predicate($0) ? .skip : .sendAndFinish(false) },
                onEnd: { completion in
                    if case .finished = completion { return .sendAndFinish(true) }
                    return .complete(completion)
                })
        }
    }

    /// Sends the greatest value by an ordering when upstream finishes, as Apple's `Comparison` (behind `min()`
    /// and `max()`): a value replaces the one kept when `areInIncreasingOrder(kept, value)`.
    public struct Comparison<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher compared.
        public let upstream: Upstream
        /// The ordering.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        /// A publisher of `upstream`'s greatest value by `areInIncreasingOrder`.
        public init(
            upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let areInIncreasingOrder = self.areInIncreasingOrder
            var kept: Output?
            upstream.relay(
                to: subscriber, unlimitedUpstream: true,
                onValue: { value in
                    if let current = kept, !areInIncreasingOrder(current, value) { return .skip }
                    kept = value
                    return .skip
                },
                onEnd: { completion in
                    if case .finished = completion, let kept { return .sendAndFinish(kept) }
                    return .complete(completion)
                })
        }
    }

    /// Sends the last value a predicate accepts when upstream finishes, as Apple's `last(where:)`.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher searched.
        public let upstream: Upstream
        /// Whether a value counts.
        public let predicate: (Upstream.Output) -> Bool

        /// A publisher of `upstream`'s last value that `predicate` accepts.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var last: Output?
            upstream.relay(
                to: subscriber, unlimitedUpstream: true,
                onValue: { value in
                    if predicate(value) { last = value }
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
    /// Sends the values in arrays of `count` (the last one shorter).
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }

    /// Sends whether a value `predicate` accepts is sent.
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Sends whether every value satisfies `predicate`.
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Sends the least value by `areInIncreasingOrder` when this publisher finishes.
    public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// Sends the greatest value by `areInIncreasingOrder` when this publisher finishes.
    public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Sends the value at position `index` (from 0), then finishes.
    public func output(at index: Int) -> Publishers.Output<Self> {
        Publishers.Output(upstream: self, range: index..<(index + 1))
    }

    /// Sends the values at the positions in `range` (from 0), then finishes.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }

    /// Sends the last value `predicate` accepts when this publisher finishes.
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Sends whether `output` is sent.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher where Output: Comparable {
    /// Sends the least value when this publisher finishes.
    public func min() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: >)
    }

    /// Sends the greatest value when this publisher finishes.
    public func max() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: <)
    }
}
