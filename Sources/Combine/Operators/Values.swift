/// A publisher's values as an async sequence, as Apple's (`for await value in publisher.values`): one value
/// requested per `next()`; the sequence ends when the publisher finishes.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    /// The publisher's values.
    public typealias Element = P.Output

    private let publisher: P

    /// The values of `publisher`.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    /// Iterates the values; subscribes to the publisher.
    /// Leaving the loop (break, return, a throw) cancels the subscription, as Apple's.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let owner: AsyncOwner<P.Output, Never>

        /// The next value, or nil once the publisher has finished (or the task is cancelled).
        public mutating func next() async -> P.Output? {
            try? await owner.inner.next()
        }
    }

    /// Subscribes and returns the iterator.
    public func makeAsyncIterator() -> Iterator {
        let inner = AsyncInner<P.Output, Never>()
        publisher.subscribe(inner)
        return Iterator(owner: AsyncOwner(inner))
    }
}

/// A failing publisher's values as an async sequence, as Apple's: the publisher's failure is thrown.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    /// The publisher's values.
    public typealias Element = P.Output

    private let publisher: P

    /// The values of `publisher`.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    /// Iterates the values; subscribes to the publisher.
    /// Leaving the loop (break, return, a throw) cancels the subscription, as Apple's.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let owner: AsyncOwner<P.Output, P.Failure>

        /// The next value, nil once the publisher has finished; throws its failure.
        public mutating func next() async throws -> P.Output? {
            try await owner.inner.next()
        }
    }

    /// Subscribes and returns the iterator.
    public func makeAsyncIterator() -> Iterator {
        let inner = AsyncInner<P.Output, P.Failure>()
        publisher.subscribe(inner)
        return Iterator(owner: AsyncOwner(inner))
    }
}

extension Publisher where Failure == Never {
    /// The values as an async sequence.
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher {
    /// The values as an async sequence that throws the failure.
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// What an iterator (and its copies) holds: cancels the subscription once the last copy is gone, so leaving
/// a `for await` loop early detaches the subscriber.
// @unchecked: `inner` is a constant, and `AsyncInner` is itself thread-safe.
private final class AsyncOwner<Output, Failure: Error>: @unchecked Sendable {
    let inner: AsyncInner<Output, Failure>

    init(_ inner: AsyncInner<Output, Failure>) {
        self.inner = inner
    }

    deinit {
        inner.cancel()
    }
}

/// The subscriber behind an async iterator: one value per `next()`.
// @unchecked: all state is behind `state`'s lock; values cross to the waiting task once each.
private final class AsyncInner<Output, Failure: Error>: Subscriber, @unchecked Sendable {
    typealias Input = Output
    private typealias Waiter = CheckedContinuation<Unchecked<Output?>, any Error>

    private struct State {
        var subscription: (any Subscription)?
        var waiter: Waiter?
        var pendingRequest = false
        var end: Subscribers.Completion<Failure>?
        var ended = false
    }

    private enum Step {
        case resume(Result<Unchecked<Output?>, any Error>)
        case request((any Subscription)?)
    }

    private let state = Locked(State())

    func receive(subscription: any Subscription) {
        let request = state.withLock { state -> Bool in
            guard state.subscription == nil, !state.ended else { return false }
            state.subscription = subscription
            return state.pendingRequest
        }
        if request {
            subscription.request(.max(1))
        } else if state.withLock({ $0.subscription == nil }) {
            subscription.cancel()
        }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        let waiter = state.withLock { state -> Waiter? in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: Unchecked(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let waiter = state.withLock { state -> Waiter? in
            state.end = completion
            state.subscription = nil
            state.ended = state.waiter != nil
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: Self.outcome(completion))
    }

    func next() async throws -> Output? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                let step = state.withLock { state -> Step in
                    if state.ended { return .resume(.success(Unchecked(nil))) }
                    if let end = state.end {
                        state.ended = true
                        return .resume(Self.outcome(end))
                    }
                    state.waiter = waiter
                    if state.subscription == nil { state.pendingRequest = true }
                    return .request(state.subscription)
                }
                switch step {
                case .resume(let outcome): waiter.resume(with: outcome)
                case .request(let subscription): subscription?.request(.max(1))
                }
            }
        } onCancel: {
            cancel()
        }.value
    }

    /// Cancels the subscription and ends the sequence; a waiting `next()` returns nil.
    func cancel() {
        let (subscription, waiter) = state.withLock { state -> ((any Subscription)?, Waiter?) in
            defer {
                state.subscription = nil
                state.waiter = nil
                state.end = .finished
                state.ended = state.waiter != nil
            }
            return (state.subscription, state.waiter)
        }
        subscription?.cancel()
        waiter?.resume(returning: Unchecked(nil))
    }

    private static func outcome(_ completion: Subscribers.Completion<Failure>) -> Result<Unchecked<Output?>, any Error>
    {
        switch completion {
        case .finished: return .success(Unchecked(nil))
        case .failure(let error): return .failure(error)
        }
    }
}
