import Foundation

extension Publishers {
    /// Resubscribes to upstream when it fails, as Apple's `retry(_:)`: up to `retries` times (without limit
    /// when nil), then passes the failure on. Downstream's demand carries over to each new subscription.
    public struct Retry<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error, once the retries are spent.
        public typealias Failure = Upstream.Failure
        /// The publisher retried.
        public let upstream: Upstream
        /// How many times to resubscribe after a failure; nil for no limit.
        public let retries: Int?

        /// A publisher that resubscribes to `upstream` up to `retries` times after a failure.
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = RetryInner(upstream: upstream, downstream: subscriber, retries: retries)
            subscriber.receive(subscription: inner)
            inner.attempt()
        }
    }

    /// Passes values and completion on, and stops the process on a failure, as Apple's
    /// `assertNoFailure(_:file:line:)` does ("<prefix> <file>:<line>: <error>"): the user's code asked for the
    /// trap, and an extension that fails there crashes on a phone. In a worker process it is that
    /// invocation's crash (`crashed`), never the run's.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// It does not fail.
        public typealias Failure = Never
        /// The publisher checked.
        public let upstream: Upstream
        /// Text put before the report.
        public let prefix: String
        /// The file named in the report.
        public let file: StaticString
        /// The line named in the report.
        public let line: UInt

        /// A publisher of `upstream`'s values that reports a failure.
        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let report = prefix.isEmpty ? "\(file):\(line)" : "\(prefix) \(file):\(line)"
            upstream.relay(
                to: subscriber, onValue: { .send($0) },
                onEnd: { completion in
                    if case .failure(let error) = completion {
                        // Apple's traps here; so does this, for the code that asked it to.
                        preconditionFailure("\(report): \(error)")
                    }
                    return .complete(.finished)
                })
        }
    }
}

extension Publisher {
    /// Resubscribes to this publisher up to `retries` times when it fails.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }

    /// Passes values on and stops the process on a failure, as Apple's.
    public func assertNoFailure(_ prefix: String = "", file: StaticString = #file, line: UInt = #line)
        -> Publishers.AssertNoFailure<Self>
    {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

/// The subscription of `retry`: one upstream subscription at a time, downstream's demand kept across them.
private final class RetryInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
        var subscription: (any Subscription)?
        // Whether a subscription to upstream is awaited (an attempt is under way).
        var awaiting = false
        var demand = Subscribers.Demand.none
        var retriesLeft: Int?
        var done = false
    }

    private let upstream: Upstream
    private let downstream: Downstream
    private let state: Locked<State>

    init(upstream: Upstream, downstream: Downstream, retries: Int?) {
        self.upstream = upstream
        self.downstream = downstream
        state = Locked(State(retriesLeft: retries))
    }

    /// Subscribes to upstream (again).
    func attempt() {
        let go = state.withLock { state -> Bool in
            guard !state.done else { return false }
            state.awaiting = true
            state.subscription = nil
            return true
        }
        if go { upstream.subscribe(self) }
    }

    func receive(subscription: any Subscription) {
        let demand = state.withLock { state -> Subscribers.Demand? in
            guard state.awaiting, !state.done else { return nil }
            state.awaiting = false
            state.subscription = subscription
            return state.demand
        }
        guard let demand else {
            subscription.cancel()
            return
        }
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard
            state.withLock({ state -> Bool in
                guard !state.done else { return false }
                state.demand -= 1
                return true
            })
        else { return .none }
        let more = downstream.receive(input)
        state.withLock { $0.demand += more }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let retry = state.withLock { state -> Bool? in
            guard !state.done else { return nil }
            if case .failure = completion, state.retriesLeft.map({ $0 > 0 }) ?? true {
                state.retriesLeft = state.retriesLeft.map { $0 - 1 }
                return true
            }
            state.done = true
            state.subscription = nil
            return false
        }
        switch retry {
        case true?: attempt()
        case false?: downstream.receive(completion: completion)
        case nil: break
        }
    }

    func request(_ demand: Subscribers.Demand) {
        let subscription = state.withLock { state -> (any Subscription)? in
            state.demand += demand
            return state.subscription
        }
        subscription?.request(demand)
    }

    func cancel() {
        let subscription = state.withLock { state -> (any Subscription)? in
            defer {
                state.done = true
                state.subscription = nil
            }
            return state.subscription
        }
        subscription?.cancel()
    }
}
