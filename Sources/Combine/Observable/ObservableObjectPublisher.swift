/// The publisher of an `ObservableObject`'s `objectWillChange`, as Apple's: sends `()` before each change.
public final class ObservableObjectPublisher: Publisher {
    /// `Void`: only the fact of the change.
    public typealias Output = Void
    /// It cannot fail.
    public typealias Failure = Never

    private let subject = PassthroughSubject<Void, Never>()

    /// A publisher with no subscribers.
    public init() {}

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subject.receive(subscriber: subscriber)
    }

    /// Tells the subscribers the object is about to change.
    public func send() {
        subject.send()
    }
}
