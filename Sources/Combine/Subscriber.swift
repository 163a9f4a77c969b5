/// A type that receives values from a publisher, as Apple's `Subscriber`.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The values it receives.
    associatedtype Input
    /// The error it may receive.
    associatedtype Failure: Error

    /// Called once when subscribed; request values through `subscription`.
    func receive(subscription: any Subscription)
    /// Receives a value; returns how many more values it wants (added to its demand).
    func receive(_ input: Input) -> Subscribers.Demand
    /// Receives the end of the stream: no values follow.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives a `Void` value.
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}

extension Subscribers {
    /// How a stream ended: finished, or failed with an error.
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher stopped with an error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
    /// This completion with its error (if any) mapped: for operators that change the failure type.
    func mapError<E: Error>(_ transform: (Failure) -> E) -> Subscribers.Completion<E> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(transform(error))
        }
    }

    /// This completion with its error as `any Error`.
    var eraseError: Subscribers.Completion<any Error> {
        mapError { $0 }
    }
}
