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
}

/// The subscription of `MergeMany` and `Merge` ... `Merge8`.
final class Merging<Downstream: Subscriber>: Joint<Downstream> {
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
