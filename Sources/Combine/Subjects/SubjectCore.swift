import Foundation

/// What PassthroughSubject and CurrentValueSubject share: the subscribers, each with its demand, the
/// completion, and the upstream subscriptions the subject was given.
final class SubjectCore<Output, Failure: Error> {
    private struct State {
        var conduits: [ObjectIdentifier: Conduit] = [:]
        var completion: Subscribers.Completion<Failure>?
        var upstreams: [any Subscription] = []
    }

    private let state = Locked(State())

    /// Whether the subject has completed.
    var isCompleted: Bool { state.withLock { $0.completion != nil } }

    /// Attaches `subscriber`; after completion it receives the completion at once. `replay` is the value a
    /// new subscriber receives first (CurrentValueSubject's), read under the subject's lock.
    func attach<S: Subscriber>(_ subscriber: S, replay: (() -> Output)?)
    where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(AnySubscriber(subscriber), core: self, replays: replay != nil)
        let completion = state.withLock { state -> Subscribers.Completion<Failure>? in
            if let completion = state.completion { return completion }
            conduit.pending = replay?()
            state.conduits[ObjectIdentifier(conduit)] = conduit
            return nil
        }
        if let completion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
        } else {
            subscriber.receive(subscription: conduit)
        }
    }

    /// Offers `value` to each subscriber, after `update` (run under the lock) unless completed.
    func send(_ value: Output, update: () -> Void = {}) {
        let conduits = state.withLock { state -> [Conduit] in
            guard state.completion == nil else { return [] }
            update()
            return Array(state.conduits.values)
        }
        for conduit in conduits {
            conduit.offer(value)
        }
    }

    /// Completes every subscriber, once.
    func send(completion: Subscribers.Completion<Failure>) {
        let conduits = state.withLock { state -> [Conduit] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            // A completed subject takes nothing more from its upstreams; it lets them go.
            state.upstreams.removeAll()
            defer { state.conduits.removeAll() }
            return Array(state.conduits.values)
        }
        for conduit in conduits {
            conduit.finish(completion)
        }
    }

    /// Keeps an upstream subscription and asks it for unlimited values; cancels it if the subject has
    /// completed.
    func send(subscription: any Subscription) {
        let kept = state.withLock { state -> Bool in
            guard state.completion == nil else { return false }
            state.upstreams.append(subscription)
            return true
        }
        if kept {
            subscription.request(.unlimited)
        } else {
            subscription.cancel()
        }
    }

    /// Cancels and drops the upstream subscriptions (when the subject is destroyed).
    func cancelUpstreams() {
        let upstreams = state.withLock { state -> [any Subscription] in
            defer { state.upstreams.removeAll() }
            return state.upstreams
        }
        for upstream in upstreams {
            upstream.cancel()
        }
    }

    fileprivate func remove(_ conduit: Conduit) {
        state.withLock { _ = $0.conduits.removeValue(forKey: ObjectIdentifier(conduit)) }
    }

    /// One subscriber's subscription: its demand, and (for CurrentValueSubject) the latest value it has not
    /// had demand for. Values to one subscriber are delivered one at a time.
    final class Conduit: Subscription {
        private let lock = NSLock()
        // Serialises deciding on and delivering values to `downstream` (taken before `lock`, never after);
        // recursive so a subscriber may send into the subject, or request, from its `receive`.
        private let deliveryLock = NSRecursiveLock()
        // Behind `lock`:
        private var downstream: AnySubscriber<Output, Failure>?
        private var demand = Subscribers.Demand.none
        fileprivate var pending: Output?
        private let replays: Bool
        private var core: SubjectCore?

        init(_ downstream: AnySubscriber<Output, Failure>, core: SubjectCore, replays: Bool) {
            self.downstream = downstream
            self.core = core
            self.replays = replays
        }

        /// Delivers `value` if the subscriber has demand; otherwise drops it (PassthroughSubject), or keeps
        /// it as the latest undelivered value (CurrentValueSubject). The decision is taken holding the
        /// delivery lock, so a value decided on is delivered before any value decided on later (a replayed
        /// value before a newer one sent concurrently).
        func offer(_ value: Output) {
            deliveryLock.lock()
            defer { deliveryLock.unlock() }
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return
            }
            guard demand > 0 else {
                if replays { pending = value }
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            deliver(value, to: downstream)
        }

        /// Adds demand, and delivers the waiting value (the replayed or latest one) if there is one; decided
        /// holding the delivery lock, as `offer`.
        func request(_ more: Subscribers.Demand) {
            // With no value waiting there is nothing to deliver here: the demand is only counted (an offer
            // after it sees it), without waiting for a delivery under way on another thread.
            lock.lock()
            if pending == nil {
                demand += more
                lock.unlock()
                return
            }
            lock.unlock()
            deliveryLock.lock()
            defer { deliveryLock.unlock() }
            lock.lock()
            demand += more
            guard let downstream, let value = pending, demand > 0 else {
                lock.unlock()
                return
            }
            pending = nil
            demand -= 1
            lock.unlock()
            deliver(value, to: downstream)
        }

        func cancel() {
            lock.lock()
            let core = self.core
            downstream = nil
            pending = nil
            self.core = nil
            lock.unlock()
            core?.remove(self)
        }

        fileprivate func finish(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let downstream = self.downstream
            self.downstream = nil
            pending = nil
            core = nil
            lock.unlock()
            deliveryLock.lock()
            downstream?.receive(completion: completion)
            deliveryLock.unlock()
        }

        /// Delivers `value`, then any value that came to wait meanwhile while demand lasts. The caller holds
        /// the delivery lock.
        private func deliver(_ value: Output, to downstream: AnySubscriber<Output, Failure>) {
            var next: Output? = value
            while let value = next {
                let more = downstream.receive(value)
                // A value offered while this one was delivered (by the subscriber itself, on this thread),
                // with no demand left, waits in `pending`: the demand the subscriber gives back takes it now,
                // or it would wait for a request that may never come.
                lock.lock()
                demand += more
                if demand > 0, self.downstream != nil, let waiting = pending {
                    pending = nil
                    demand -= 1
                    next = waiting
                } else {
                    next = nil
                }
                lock.unlock()
            }
        }
    }
}
