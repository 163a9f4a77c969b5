extension Result {
    /// A publisher of the result: its value then finished, or its failure, as Apple's.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// The publisher of a `Result`.
    public struct Publisher: Combine.Publisher {
        /// The success value.
        public typealias Output = Success

        /// The result published.
        public let result: Result<Success, Failure>

        /// A publisher of `result`.
        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        /// A publisher of `output`.
        public init(_ output: Success) {
            self.init(.success(output))
        }

        /// A publisher failing with `failure`.
        public init(_ failure: Failure) {
            self.init(.failure(failure))
        }

        /// Sends the value and finishes, or fails.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let value):
                subscriber.receiveOneShot(value, then: .finished)
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }
}

extension Optional {
    /// A publisher of the wrapped value then finished, or of nothing, as Apple's.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// The publisher of an `Optional`.
    public struct Publisher: Combine.Publisher {
        /// The wrapped value.
        public typealias Output = Wrapped
        /// It cannot fail.
        public typealias Failure = Never

        /// The value published, if any.
        public let output: Wrapped?

        /// A publisher of `output`, if any.
        public init(_ output: Wrapped?) {
            self.output = output
        }

        /// Sends the value (if any) and finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            if let output {
                subscriber.receiveOneShot(output, then: .finished)
            } else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
            }
        }
    }
}
