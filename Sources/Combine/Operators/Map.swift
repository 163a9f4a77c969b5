extension Publishers {
    /// Transforms each value with a closure, as Apple's `map`.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher mapped.
        public let upstream: Upstream
        /// The transform.
        public let transform: (Upstream.Output) -> Output

        /// A publisher of `upstream`'s values transformed.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the transform.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.relay(to: subscriber) { .send(transform($0)) }
        }
    }

    /// Transforms each value with a throwing closure, as Apple's `tryMap`: a thrown error fails the stream.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        /// Any error: the upstream's, or the closure's.
        public typealias Failure = any Error
        /// The publisher mapped.
        public let upstream: Upstream
        /// The transform.
        public let transform: (Upstream.Output) throws -> Output

        /// A publisher of `upstream`'s values transformed.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the transform.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
            let transform = self.transform
            upstream.relayTrying(to: subscriber) { .send(try transform($0)) }
        }
    }
}

extension Publisher {
    /// Transforms each value with `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Transforms each value with `transform`; a thrown error fails the stream and cancels upstream.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }

    /// Replaces nil values with `output`.
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        map { $0 ?? output }
    }
}
