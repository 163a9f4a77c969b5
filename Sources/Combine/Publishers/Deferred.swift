/// A publisher that makes its publisher when subscribed to, a new one for each subscriber, as Apple's.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    /// The deferred publisher's values.
    public typealias Output = DeferredPublisher.Output
    /// The deferred publisher's error.
    public typealias Failure = DeferredPublisher.Failure

    /// Makes the publisher.
    public let createPublisher: () -> DeferredPublisher

    /// A publisher calling `createPublisher` for each subscriber.
    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    /// Makes a publisher and attaches `subscriber` to it.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().receive(subscriber: subscriber)
    }
}
