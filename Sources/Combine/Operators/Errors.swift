extension Publishers {
    /// Transforms the failure, as Apple's `mapError`.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The publisher followed.
        public let upstream: Upstream
        /// The error's transform.
        public let transform: (Upstream.Failure) -> Failure

        /// A publisher of `upstream` with its failure transformed.
        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.relay(to: subscriber, onValue: { .send($0) }, onEnd: { .complete($0.mapError(transform)) })
        }
    }

    /// Replaces a failure with a last value, then finishes, as Apple's `replaceError(with:)`.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// It cannot fail.
        public typealias Failure = Never
        /// The publisher followed.
        public let upstream: Upstream
        /// The value sent in place of a failure.
        public let output: Upstream.Output

        /// A publisher of `upstream`'s values, `output` in place of its failure.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let output = self.output
            upstream.relay(
                to: subscriber, onValue: { .send($0) },
                onEnd: { completion in
                    if case .failure = completion { return .sendAndFinish(output) }
                    return .complete(.finished)
                })
        }
    }

    /// Gives a publisher that cannot fail a failure type, as Apple's `setFailureType(to:)`.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The publisher followed.
        public let upstream: Upstream

        /// `upstream`, typed as failing with `Failure`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.relay(to: subscriber, onValue: { .send($0) }, onEnd: { _ in .complete(.finished) })
        }

        /// This publisher with another failure type.
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType(upstream: upstream)
        }
    }

    /// Drops every value and passes the completion, as Apple's `ignoreOutput()`.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        /// No value is ever sent.
        public typealias Output = Never
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream

        /// A publisher of `upstream`'s completion only.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
            upstream.relay(to: subscriber, unlimitedUpstream: true) { _ in .skip }
        }
    }

    /// Sends a value when upstream finishes without any, as Apple's `replaceEmpty(with:)`.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// The value sent for an empty stream.
        public let output: Upstream.Output

        /// A publisher of `upstream`'s values, or `output` if it has none.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let output = self.output
            var empty = true
            upstream.relay(
                to: subscriber,
                onValue: { value in
                    empty = false
                    return .send(value)
                },
                onEnd: { completion in
                    if case .finished = completion, empty { return .sendAndFinish(output) }
                    return .complete(completion)
                })
        }
    }
}

extension Publisher {
    /// Transforms the failure with `transform`.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform: transform)
    }

    /// Sends `output` in place of a failure, then finishes.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }

    /// Drops every value; passes the completion.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }

    /// Sends `output` if upstream finishes without a value.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publisher where Failure == Never {
    /// This publisher, typed as failing with `failureType` (it still never fails).
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}
