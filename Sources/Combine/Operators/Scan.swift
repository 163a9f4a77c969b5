extension Publishers {
    /// Sends each step of an accumulation, as Apple's `scan`.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher accumulated.
        public let upstream: Upstream
        /// The starting value.
        public let initialResult: Output
        /// Combines the accumulation with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// A publisher of each accumulated result.
        public init(
            upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`; each subscription accumulates from the initial result.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            var result = initialResult
            upstream.relay(to: subscriber) { value in
                result = next(result, value)
                return .send(result)
            }
        }
    }

    /// Sends the final accumulation when upstream finishes, as Apple's `reduce`.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher reduced.
        public let upstream: Upstream
        /// The starting value.
        public let initial: Output
        /// Combines the accumulation with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// A publisher of the accumulated result.
        public init(
            upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`: one value when upstream finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            var result = initial
            upstream.relay(
                to: subscriber, unlimitedUpstream: true,
                onValue: { value in
                    result = next(result, value)
                    return .skip
                },
                onEnd: { completion in
                    if case .failure(let error) = completion { return .complete(.failure(error)) }
                    return .sendAndFinish(result)
                })
        }
    }
}

extension Publisher {
    /// Sends each step of accumulating the values from `initialResult`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T>
    {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Sends the accumulation of all values when upstream finishes.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
        -> Publishers.Reduce<
            Self, T
        >
    {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Sends all values as one array when upstream finishes, as Apple's `collect()`.
    public func collect() -> Publishers.Reduce<Self, [Output]> {
        reduce([]) { $0 + [$1] }
    }

    /// Sends how many values upstream sent, when it finishes, as Apple's `count()`.
    public func count() -> Publishers.Reduce<Self, Int> {
        reduce(0) { count, _ in count + 1 }
    }
}
