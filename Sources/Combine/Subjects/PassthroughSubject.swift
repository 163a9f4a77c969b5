/// A subject that passes values to its current subscribers, as Apple's: a subscriber without demand misses
/// the value. Thread-safe.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let core = SubjectCore<Output, Failure>()

    /// A subject with no subscribers.
    public init() {}

    deinit {
        core.cancelUpstreams()
    }

    /// Attaches `subscriber`; after completion it receives the completion at once.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber, replay: nil)
    }

    /// Sends `input` to each subscriber with demand.
    public func send(_ input: Output) {
        core.send(input)
    }

    /// Completes every subscriber; later sends are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }

    /// Asks `subscription` for unlimited values.
    public func send(subscription: any Subscription) {
        core.send(subscription: subscription)
    }
}
