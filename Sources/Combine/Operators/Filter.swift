extension Publishers {
    /// Passes the values a closure accepts, as Apple's `filter`.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher filtered.
        public let upstream: Upstream
        /// Whether a value passes.
        public let isIncluded: (Upstream.Output) -> Bool

        /// A publisher of `upstream`'s values that `isIncluded` accepts.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` through the filter.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream.relay(to: subscriber) { isIncluded($0) ? .send($0) : .skip }
        }
    }

    /// Passes the values a throwing closure accepts, as Apple's `tryFilter`.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's, or the closure's.
        public typealias Failure = any Error
        /// The publisher filtered.
        public let upstream: Upstream
        /// Whether a value passes.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// A publisher of `upstream`'s values that `isIncluded` accepts.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` through the filter.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
            let isIncluded = self.isIncluded
            upstream.relayTrying(to: subscriber) { try isIncluded($0) ? .send($0) : .skip }
        }
    }

    /// Passes the non-nil results of a closure, as Apple's `compactMap`.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher mapped.
        public let upstream: Upstream
        /// The transform; nil drops the value.
        public let transform: (Upstream.Output) -> Output?

        /// A publisher of `transform`'s non-nil results.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the transform.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.relay(to: subscriber) { transform($0).map { .send($0) } ?? .skip }
        }
    }
}

extension Publisher {
    /// Passes only the values `isIncluded` accepts.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Passes only the values `isIncluded` accepts; a thrown error fails the stream.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }

    /// Passes `transform`'s non-nil results.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}
