/// Delivery to one downstream from several sources (merge, combineLatest, zip, flatMap, ...): one value at a
/// time, buffered until downstream demands it, the completion after the buffered values (a failure at once).
final class Outlet<Downstream: Subscriber> {
    private struct State {
        var demand = Subscribers.Demand.none
        var buffer: [Downstream.Input] = []
        var completion: Subscribers.Completion<Downstream.Failure>?
        var delivering = false
        var terminated = false
    }

    private enum Next {
        case value(Downstream.Input)
        case completion(Subscribers.Completion<Downstream.Failure>)
        case stop
    }

    private let downstream: Downstream
    private let state = Locked(State())

    init(_ downstream: Downstream) {
        self.downstream = downstream
    }

    /// Whether the stream is over: completed downstream or cancelled.
    var isTerminated: Bool { state.withLock { $0.terminated || $0.completion != nil } }

    /// The demand not yet met.
    var demand: Subscribers.Demand { state.withLock { $0.demand } }

    /// Hands downstream its subscription.
    func start(_ subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    /// Queues a value for delivery.
    func send(_ value: Downstream.Input) {
        let queued = state.withLock { state -> Bool in
            guard !state.terminated, state.completion == nil else { return false }
            state.buffer.append(value)
            return true
        }
        if queued { drain() }
    }

    /// Queues the completion; a failure drops the buffered values.
    func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
        let queued = state.withLock { state -> Bool in
            guard !state.terminated, state.completion == nil else { return false }
            if case .failure = completion { state.buffer.removeAll() }
            state.completion = completion
            return true
        }
        if queued { drain() }
    }

    /// Adds downstream's demand.
    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
        drain()
    }

    /// Stops delivery and drops the buffer.
    func cancel() {
        state.withLock { state in
            state.terminated = true
            state.buffer.removeAll()
        }
    }

    private func drain() {
        var more = Subscribers.Demand.none
        while true {
            let next = state.withLock { state -> Next in
                state.demand += more
                more = .none
                guard !state.terminated, !state.delivering else { return .stop }
                if !state.buffer.isEmpty, state.demand > 0 {
                    state.demand -= 1
                    state.delivering = true
                    return .value(state.buffer.removeFirst())
                }
                if state.buffer.isEmpty, let completion = state.completion {
                    state.terminated = true
                    return .completion(completion)
                }
                return .stop
            }
            switch next {
            case .value(let value):
                more = downstream.receive(value)
                state.withLock { $0.delivering = false }
            case .completion(let completion):
                downstream.receive(completion: completion)
                return
            case .stop:
                return
            }
        }
    }
}
