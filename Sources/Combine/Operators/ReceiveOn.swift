extension Publishers {
    /// Delivers values and the completion on a scheduler, as Apple's `receive(on:options:)`; the subscription
    /// itself is handed downstream at once.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// Where delivery runs.
        public let scheduler: Context
        /// The scheduler's options.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`, delivered on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReceiveOnRelay(subscriber, scheduler: scheduler, options: options))
        }
    }

    /// Subscribes on a scheduler, as Apple's `subscribe(on:options:)` (requests and cancellation are not
    /// moved to the scheduler here).
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// Where subscribing runs.
        public let scheduler: Context
        /// The scheduler's options.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`, subscribed to on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber` on the scheduler.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let upstream = self.upstream
            let scheduler = self.scheduler
            let options = self.options
            scheduler.schedule(options: options) {
                upstream.subscribe(subscriber)
            }
        }
    }
}

/// `receive(on:)`'s subscriber: its events are delivered on the scheduler, one at a time and in the order
/// they came, as Combine's contract asks; demand goes straight upstream.
///
/// Events wait in a queue that one scheduled drain empties. Scheduled one block each, as before, a value and
/// the completion right after it (`first()`'s) could run at once on a concurrent queue
/// (`DispatchQueue.global()`), and the completion, ending the subscription, dropped the value: an extension
/// waiting on `$file.compactMap { $0 }.first().receive(on: DispatchQueue.global())` hung one run in three.
private final class ReceiveOnRelay<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum Event {
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private struct State {
        /// nil before the subscription and once ended.
        var upstream: (any Subscription)?
        /// Cancelled, or the completion delivered: nothing more is delivered.
        var ended = false
        /// Events not yet delivered, oldest first.
        var events: [Event] = []
        /// Whether a drain is scheduled or running.
        var draining = false
    }

    private let downstream: Downstream
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let state = Locked(State())

    init(_ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    func receive(subscription: any Subscription) {
        let accepted = state.withLock { state -> Bool in
            guard state.upstream == nil, !state.ended else { return false }
            state.upstream = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        enqueue(.value(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        enqueue(.completion(completion))
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.upstream }?.request(demand)
    }

    func cancel() {
        let upstream = state.withLock { state -> (any Subscription)? in
            defer {
                state.upstream = nil
                state.ended = true
                state.events.removeAll()
            }
            return state.upstream
        }
        upstream?.cancel()
    }

    /// Queues `event`, and schedules a drain unless one is on its way.
    private func enqueue(_ event: Event) {
        let schedule = state.withLock { state -> Bool in
            guard !state.ended else { return false }
            state.events.append(event)
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        if schedule {
            scheduler.schedule(options: options) { [self] in drain() }
        }
    }

    /// Delivers the queued events in order, on the scheduler, until none is left or the subscription ended.
    private func drain() {
        while true {
            let next = state.withLock { state -> Event? in
                guard !state.ended, !state.events.isEmpty else {
                    state.draining = false
                    return nil
                }
                let event = state.events.removeFirst()
                if case .completion = event {
                    state.ended = true
                    state.upstream = nil
                    state.events.removeAll()
                    state.draining = false
                }
                return event
            }
            switch next {
            case nil:
                return
            case .value(let input):
                let more = downstream.receive(input)
                if more > 0 { state.withLock { $0.upstream }?.request(more) }
            case .completion(let completion):
                downstream.receive(completion: completion)
                return
            }
        }
    }
}

extension Publisher {
    /// Delivers this publisher's values and completion on `scheduler`.
    public func receive<S: Scheduler>(
        on scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }

    /// Subscribes to this publisher on `scheduler`.
    public func subscribe<S: Scheduler>(
        on scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}
