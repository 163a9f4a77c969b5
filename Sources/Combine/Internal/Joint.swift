/// A subscriber to one of a joint's upstreams: asks for values (unlimited by default) and hands events to
/// closures, which it drops once it completes or is cancelled. Demand requested before its subscription
/// arrives is kept and requested with the initial demand.
final class Feed<Input, Failure: Error>: Subscriber, Cancellable {
    private struct State {
        var onValue: ((Input) -> Void)?
        var onCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        var subscription: (any Subscription)?
        var owed = Subscribers.Demand.none
        var onRelease: (() -> Void)?
    }

    private let state: Locked<State>
    private let initialDemand: Subscribers.Demand

    init(
        demand: Subscribers.Demand = .unlimited,
        onValue: @escaping (Input) -> Void,
        onCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        initialDemand = demand
        state = Locked(State(onValue: onValue, onCompletion: onCompletion))
    }

    /// Runs `body` once, when the feed completes or is cancelled (at once if it already has).
    func onRelease(_ body: @escaping () -> Void) {
        let ended = state.withLock { state -> Bool in
            guard state.onValue != nil else { return true }
            state.onRelease = body
            return false
        }
        if ended { body() }
    }

    func receive(subscription: any Subscription) {
        let demand = state.withLock { state -> Subscribers.Demand? in
            guard state.subscription == nil, state.onValue != nil else { return nil }
            state.subscription = subscription
            defer { state.owed = .none }
            return initialDemand + state.owed
        }
        guard let demand else {
            subscription.cancel()
            return
        }
        if demand > 0 {
            subscription.request(demand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        state.withLock { $0.onValue }?(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let ended = state.withLock { state in
            defer { state = State() }
            return state
        }
        ended.onCompletion?(completion)
        ended.onRelease?()
    }

    /// Asks the upstream for more values (kept until the subscription arrives).
    func request(_ demand: Subscribers.Demand) {
        let subscription = state.withLock { state -> (any Subscription)? in
            if state.subscription == nil, state.onValue != nil { state.owed += demand }
            return state.subscription
        }
        subscription?.request(demand)
    }

    func cancel() {
        let ended = state.withLock { state in
            defer { state = State() }
            return state
        }
        ended.subscription?.cancel()
        ended.onRelease?()
    }
}

/// What operators joining several upstreams share (merge, combineLatest, zip, flatMap, switchToLatest,
/// catch, append): their live upstream feeds (each dropped once it completes or is cancelled), and delivery
/// to downstream through an `Outlet`. Completing or cancelling cancels every feed, which breaks the feeds'
/// references back to the joint.
class Joint<Downstream: Subscriber>: Subscription {
    let outlet: Outlet<Downstream>
    private let feeds = Locked<[ObjectIdentifier: any Cancellable]?>([:])

    init(_ downstream: Downstream) {
        outlet = Outlet(downstream)
    }

    /// Hands downstream this subscription; call before subscribing the feeds.
    func start() {
        outlet.start(self)
    }

    /// Subscribes a feed to `publisher`, unless the joint has ended. `prepare` receives the feed before it
    /// is subscribed (so demand requested from it during subscription is not lost).
    @discardableResult
    func attach<P: Publisher>(
        _ publisher: P,
        demand: Subscribers.Demand = .unlimited,
        prepare: (Feed<P.Output, P.Failure>) -> Void = { _ in },
        onValue: @escaping (P.Output) -> Void,
        onCompletion: @escaping (Subscribers.Completion<P.Failure>) -> Void
    ) -> Feed<P.Output, P.Failure>? {
        let feed = Feed(demand: demand, onValue: onValue, onCompletion: onCompletion)
        let key = ObjectIdentifier(feed)
        let live = feeds.withLock { feeds -> Bool in
            guard feeds != nil else { return false }
            feeds?[key] = feed
            return true
        }
        guard live else { return nil }
        feed.onRelease { [weak self] in
            self?.feeds.withLock { _ = $0?.removeValue(forKey: key) }
        }
        prepare(feed)
        publisher.subscribe(feed)
        return feed
    }

    /// Sends a value downstream (buffered until demanded).
    func send(_ value: Downstream.Input) {
        outlet.send(value)
    }

    /// Completes downstream (after the buffered values, unless failing) and cancels every feed.
    func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
        outlet.complete(completion)
        cancelFeeds()
    }

    func request(_ demand: Subscribers.Demand) {
        outlet.request(demand)
    }

    func cancel() {
        outlet.cancel()
        cancelFeeds()
    }

    private func cancelFeeds() {
        let all = feeds.withLock { feeds -> [any Cancellable] in
            defer { feeds = nil }
            return Array((feeds ?? [:]).values)
        }
        for feed in all {
            feed.cancel()
        }
    }
}
