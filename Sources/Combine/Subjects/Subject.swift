/// A publisher you can send values into, as Apple's `Subject`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscribers.
    func send(_ value: Output)
    /// Sends a completion: the subscribers receive it, and later subscribers receive it at once.
    func send(completion: Subscribers.Completion<Failure>)
    /// Takes an upstream subscription (when the subject subscribes to a publisher) and asks it for values.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() {
        send(())
    }
}
