/// What a relaying operator does with one upstream value.
enum RelayStep<Output, Failure: Error> {
    /// Passes a value downstream.
    case send(Output)
    /// Drops the value (and asks upstream for another, keeping downstream's demand).
    case skip
    /// Passes a value, then finishes and cancels upstream.
    case sendAndFinish(Output)
    /// Finishes now and cancels upstream.
    case finish
    /// Fails now and cancels upstream.
    case fail(Failure)
}

/// What a relaying operator does when upstream completes.
enum RelayEnd<Output, Failure: Error> {
    /// Passes a completion downstream.
    case complete(Subscribers.Completion<Failure>)
    /// Passes a last value, then finishes.
    case sendAndFinish(Output)
}

/// Hooks for `handleEvents`: what a relay calls besides its value and completion handlers.
struct RelayHooks {
    var subscription: ((any Subscription) -> Void)?
    var request: ((Subscribers.Demand) -> Void)?
    var cancel: (() -> Void)?
}

/// The subscriber and subscription between one upstream and one downstream, for operators that decide value
/// by value (map, filter, removeDuplicates, first, ...): demand and cancellation pass straight through. The
/// relay counts downstream's demand, so a value sent at completion (replaceError, replaceEmpty, last, reduce)
/// waits for downstream to ask for it.
final class Relay<Input, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription {
    typealias Step = RelayStep<Downstream.Input, Downstream.Failure>
    typealias End = RelayEnd<Downstream.Input, Downstream.Failure>

    private enum Upstream {
        case waiting
        case subscribed(any Subscription)
        case done
    }

    private struct State {
        var upstream = Upstream.waiting
        // Downstream's demand not yet met.
        var demand = Subscribers.Demand.none
        // A last value held (with the finish after it) until downstream asks for it.
        var held: Downstream.Input?
    }

    private let downstream: Downstream
    private let onValue: (Input) -> Step
    private let onEnd: (Subscribers.Completion<Failure>) -> End
    private let unlimitedUpstream: Bool
    private let hooks: RelayHooks
    private let state = Locked(State())

    /// A relay deciding each value with `onValue` and the completion with `onEnd`. With `unlimitedUpstream`
    /// (reduce, collect, last), it asks upstream for everything at downstream's first request.
    init(
        _ downstream: Downstream,
        unlimitedUpstream: Bool = false,
        hooks: RelayHooks = RelayHooks(),
        onValue: @escaping (Input) -> Step,
        onEnd: @escaping (Subscribers.Completion<Failure>) -> End
    ) {
        self.downstream = downstream
        self.unlimitedUpstream = unlimitedUpstream
        self.hooks = hooks
        self.onValue = onValue
        self.onEnd = onEnd
    }

    func receive(subscription: any Subscription) {
        let accepted = state.withLock { state -> Bool in
            guard case .waiting = state.upstream else { return false }
            state.upstream = .subscribed(subscription)
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        hooks.subscription?(subscription)
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard case .subscribed = state.withLock({ $0.upstream }) else { return .none }
        switch onValue(input) {
        case .send(let value):
            state.withLock { $0.demand -= 1 }
            let more = downstream.receive(value)
            state.withLock { $0.demand += more }
            return unlimitedUpstream ? .none : more
        case .skip:
            return unlimitedUpstream ? .none : .max(1)
        case .sendAndFinish(let value):
            guard let subscription = end() else { return .none }
            subscription.cancel()
            finish(with: value)
        case .finish:
            guard let subscription = end() else { return .none }
            subscription.cancel()
            downstream.receive(completion: .finished)
        case .fail(let error):
            guard let subscription = end() else { return .none }
            subscription.cancel()
            downstream.receive(completion: .failure(error))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard end() != nil else { return }
        switch onEnd(completion) {
        case .complete(let completion):
            downstream.receive(completion: completion)
        case .sendAndFinish(let value):
            finish(with: value)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        hooks.request?(demand)
        let (subscription, held) = state.withLock { state -> ((any Subscription)?, Downstream.Input?) in
            state.demand += demand
            guard demand > 0, let held = state.held else {
                if case .subscribed(let subscription) = state.upstream { return (subscription, nil) }
                return (nil, nil)
            }
            state.held = nil
            return (nil, held)
        }
        if let held {
            _ = downstream.receive(held)
            downstream.receive(completion: .finished)
        }
        subscription?.request(unlimitedUpstream ? .unlimited : demand)
    }

    func cancel() {
        let subscription = end()
        state.withLock { $0.held = nil }
        guard let subscription else { return }
        hooks.cancel?()
        subscription.cancel()
    }

    /// Sends a last value and finishes, once downstream has demand; holds it until then.
    private func finish(with value: Downstream.Input) {
        let now = state.withLock { state -> Bool in
            guard state.demand == .none else { return true }
            state.held = value
            return false
        }
        guard now else { return }
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    /// Marks the relay done; the upstream subscription if it was live (once).
    private func end() -> (any Subscription)? {
        state.withLock { state -> (any Subscription)? in
            defer { state.upstream = .done }
            if case .subscribed(let subscription) = state.upstream { return subscription }
            return nil
        }
    }
}

extension Publisher {
    /// Subscribes a relay from this publisher to `subscriber`.
    func relay<S: Subscriber>(
        to subscriber: S,
        unlimitedUpstream: Bool = false,
        hooks: RelayHooks = RelayHooks(),
        onValue: @escaping (Output) -> RelayStep<S.Input, S.Failure>,
        onEnd: @escaping (Subscribers.Completion<Failure>) -> RelayEnd<S.Input, S.Failure>
    ) {
        subscribe(
            Relay<Output, Failure, S>(
                subscriber, unlimitedUpstream: unlimitedUpstream, hooks: hooks, onValue: onValue, onEnd: onEnd))
    }
}

extension Publisher {
    /// Subscribes a relay that keeps this publisher's failure type.
    func relay<S: Subscriber>(
        to subscriber: S,
        unlimitedUpstream: Bool = false,
        hooks: RelayHooks = RelayHooks(),
        onValue: @escaping (Output) -> RelayStep<S.Input, S.Failure>
    ) where S.Failure == Failure {
        relay(to: subscriber, unlimitedUpstream: unlimitedUpstream, hooks: hooks, onValue: onValue) {
            .complete($0)
        }
    }
}

extension Publisher {
    /// Subscribes a relay whose value handler may throw: a thrown error fails downstream (as `any Error`)
    /// and cancels upstream, as Apple's try-operators do.
    func relayTrying<S: Subscriber>(
        to subscriber: S,
        onValue: @escaping (Output) throws -> RelayStep<S.Input, any Error>
    ) where S.Failure == any Error {
        relay(
            to: subscriber,
            onValue: { value in
                do { return try onValue(value) } catch { return .fail(error) }
            },
            onEnd: { .complete($0.eraseError) })
    }
}
