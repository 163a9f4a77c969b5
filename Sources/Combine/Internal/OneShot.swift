/// The subscription of a publisher with at most one value and a completion (Just, Result.Publisher, Future):
/// both are delivered at downstream's first positive request.
final class OneShot<Downstream: Subscriber>: Subscription {
    private let downstream: Locked<Downstream?>
    private let value: Downstream.Input?
    private let completion: Subscribers.Completion<Downstream.Failure>

    init(_ downstream: Downstream, value: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>) {
        self.downstream = Locked(downstream)
        self.value = value
        self.completion = completion
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, let downstream = take() else { return }
        if let value {
            _ = downstream.receive(value)
        }
        downstream.receive(completion: completion)
    }

    func cancel() {
        _ = take()
    }

    private func take() -> Downstream? {
        downstream.withLock { downstream in
            defer { downstream = nil }
            return downstream
        }
    }
}

extension Subscriber {
    /// Subscribes this subscriber to one value (if any) and a completion, delivered on demand.
    func receiveOneShot(_ value: Input?, then completion: Subscribers.Completion<Failure>) {
        receive(subscription: OneShot(self, value: value, completion: completion))
    }
}
