extension Publishers {
    /// Replaces a failed upstream with a publisher made from its error, as Apple's `catch`.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        /// The values of both.
        public typealias Output = Upstream.Output
        /// The replacement's error.
        public typealias Failure = NewPublisher.Failure
        /// The publisher followed first.
        public let upstream: Upstream
        /// Makes the replacement from upstream's error.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// A publisher of `upstream`, then of `handler`'s publisher if upstream fails.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let handler = self.handler
            joint.start()
            _ = joint.attach(upstream, onValue: joint.send) { completion in
                switch completion {
                case .finished:
                    joint.complete(.finished)
                case .failure(let error):
                    _ = joint.attach(handler(error), onValue: joint.send, onCompletion: joint.complete)
                }
            }
        }
    }

    /// Sends one publisher's values, then another's, as Apple's `Concatenate` (`append`, `prepend`).
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        /// The values of both.
        public typealias Output = Prefix.Output
        /// The error of both.
        public typealias Failure = Prefix.Failure
        /// The publisher sent first.
        public let prefix: Prefix
        /// The publisher sent once `prefix` finishes.
        public let suffix: Suffix

        /// A publisher of `prefix`'s values, then `suffix`'s.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let suffix = self.suffix
            joint.start()
            _ = joint.attach(prefix, onValue: joint.send) { completion in
                switch completion {
                case .finished:
                    _ = joint.attach(suffix, onValue: joint.send, onCompletion: joint.complete)
                case .failure:
                    joint.complete(completion)
                }
            }
        }
    }
}

extension Publisher {
    /// Replaces this publisher, if it fails, with the publisher `handler` makes from the error.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
    where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }

    /// Sends `elements` before this publisher's values.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends `elements` before this publisher's values.
    public func prepend<S: Swift.Sequence>(_ elements: S)
        -> Publishers.Concatenate<
            Publishers.Sequence<S, Failure>, Self
        > where S.Element == Output
    {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends `publisher`'s values before this publisher's.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Sends `elements` after this publisher finishes.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends `elements` after this publisher finishes.
    public func append<S: Swift.Sequence>(_ elements: S)
        -> Publishers.Concatenate<
            Self, Publishers.Sequence<S, Failure>
        > where S.Element == Output
    {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends `publisher`'s values after this publisher finishes.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}
