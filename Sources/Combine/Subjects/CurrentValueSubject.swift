/// A subject with a current value, as Apple's: a new subscriber receives the current value first, and
/// setting `value` sends it. Thread-safe.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let core = SubjectCore<Output, Failure>()
    private let current: Locked<Output>

    /// The current value; setting it sends the new value.
    public var value: Output {
        get { current.withLock { $0 } }
        set { send(newValue) }
    }

    /// A subject whose current value is `value`.
    public init(_ value: Output) {
        current = Locked(value)
    }

    deinit {
        core.cancelUpstreams()
    }

    /// Attaches `subscriber`: it receives the current value when it asks for one.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber) { [current] in current.withLock { $0 } }
    }

    /// Makes `input` the current value and sends it to each subscriber (one without demand receives the
    /// latest value when it asks). Ignored after completion.
    public func send(_ input: Output) {
        core.send(input) { [current] in current.withLock { $0 = input } }
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
