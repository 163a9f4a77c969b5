/// A publisher of one value, then finished, as Apple's.
public struct Just<Output>: Publisher {
    /// It cannot fail.
    public typealias Failure = Never

    /// The value it publishes.
    public let output: Output

    /// A publisher of `output`.
    public init(_ output: Output) {
        self.output = output
    }

    /// Sends the value when asked, then finishes.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receiveOneShot(output, then: .finished)
    }
}

extension Just: Equatable where Output: Equatable {}
