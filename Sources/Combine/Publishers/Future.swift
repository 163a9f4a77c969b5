/// A publisher that eventually produces one value, or fails, as Apple's: the closure runs once, at
/// initialization, and every subscriber (earlier or later) receives its result.
public final class Future<Output, Failure: Error>: Publisher {
    /// The closure that fulfils the future.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private struct State {
        var result: Result<Output, Failure>?
        var waiting: [AnySubscriber<Output, Failure>] = []
    }

    private let state = Locked(State())

    /// Runs `attemptToFulfill` at once with the promise; the first call of the promise settles the future,
    /// later calls are ignored.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in fulfil(result) }
    }

    /// Attaches `subscriber`: it receives the result, on demand, when there is one.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = FutureSubscription(AnySubscriber(subscriber))
        let result = state.withLock { state -> Result<Output, Failure>? in
            if state.result == nil {
                state.waiting.append(AnySubscriber(subscription))
            }
            return state.result
        }
        subscriber.receive(subscription: subscription)
        if let result {
            subscription.settle(result)
        }
    }

    private func fulfil(_ result: Result<Output, Failure>) {
        let waiting = state.withLock { state -> [AnySubscriber<Output, Failure>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for subscriber in waiting {
            switch result {
            case .success(let value):
                _ = subscriber.receive(value)
                subscriber.receive(completion: .finished)
            case .failure(let error):
                subscriber.receive(completion: .failure(error))
            }
        }
    }
}

/// One subscriber's wait for a future: the result is delivered once it exists and is demanded.
private final class FutureSubscription<Output, Failure: Error>: Subscription, Subscriber {
    typealias Input = Output

    private struct State {
        var downstream: AnySubscriber<Output, Failure>?
        var demanded = false
        var result: Result<Output, Failure>?
    }

    private let state: Locked<State>

    init(_ downstream: AnySubscriber<Output, Failure>) {
        state = Locked(State(downstream: downstream))
    }

    func settle(_ result: Result<Output, Failure>) {
        state.withLock { $0.result = result }
        deliverIfReady()
    }

    // The future hands the result through the Subscriber methods.
    func receive(subscription: any Subscription) {}

    func receive(_ input: Output) -> Subscribers.Demand {
        settle(.success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if case .failure(let error) = completion {
            settle(.failure(error))
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        state.withLock { $0.demanded = true }
        deliverIfReady()
    }

    func cancel() {
        state.withLock { $0.downstream = nil }
    }

    private func deliverIfReady() {
        let ready = state.withLock { state -> (AnySubscriber<Output, Failure>, Result<Output, Failure>)? in
            guard state.demanded, let result = state.result, let downstream = state.downstream else { return nil }
            state.downstream = nil
            return (downstream, result)
        }
        guard let (downstream, result) = ready else { return }
        switch result {
        case .success(let value):
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
    }
}
