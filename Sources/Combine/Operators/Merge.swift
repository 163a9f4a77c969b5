extension Publishers {
    /// Interleaves the values of several publishers of one type, as Apple's `MergeMany`: finishes when all
    /// have finished, fails when one fails.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        /// The upstreams' values.
        public typealias Output = Upstream.Output
        /// The upstreams' error.
        public typealias Failure = Upstream.Failure
        /// The publishers merged.
        public let publishers: [Upstream]

        /// A publisher merging `upstream`.
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// A publisher merging `upstream`.
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run(publishers)
        }

        /// This merge with one more publisher.
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }

    /// Interleaves the values of two publishers, as Apple's `Merge`.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        /// The upstreams' values.
        public typealias Output = A.Output
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// A publisher merging `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()])
        }
    }
}

extension Publisher {
    /// Interleaves this publisher's values with `other`'s.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Interleaves this publisher's values with those of `b` and `c` (a `MergeMany` here; Apple's returns
    /// `Merge3`).
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C)
        -> Publishers.MergeMany<
            AnyPublisher<Output, Failure>
        > where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure
    {
        Publishers.MergeMany(eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher())
    }
}

/// A merge's subscription.
private final class Merging<Downstream: Subscriber>: Joint<Downstream> {
    private let remaining = Locked(0)

    func run<P: Publisher>(_ publishers: [P]) where P.Output == Downstream.Input, P.Failure == Downstream.Failure {
        remaining.withLock { $0 = publishers.count }
        start()
        guard !publishers.isEmpty else {
            complete(.finished)
            return
        }
        for publisher in publishers {
            _ = attach(
                publisher, onValue: { [self] in send($0) },
                onCompletion: { [self] completion in
                    if case .failure = completion { return complete(completion) }
                    let last = remaining.withLock { remaining -> Bool in
                        remaining -= 1
                        return remaining == 0
                    }
                    if last { complete(.finished) }
                })
        }
    }
}
