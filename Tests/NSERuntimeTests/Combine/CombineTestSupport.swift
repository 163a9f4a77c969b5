import Combine
import Foundation

/// A subscriber that records what it receives, asking for `initial` values at subscription and `each` more
/// per value; thread-safe, so tests can read it while another thread delivers.
final class Recorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked: every field is behind `lock`.
    private let lock = NSLock()
    private var _values: [Input] = []
    private var _completion: Subscribers.Completion<Failure>?
    private var _subscription: (any Subscription)?
    private let initial: Subscribers.Demand
    private let each: Subscribers.Demand

    init(initial: Subscribers.Demand = .unlimited, each: Subscribers.Demand = .none) {
        self.initial = initial
        self.each = each
    }

    var values: [Input] { lock.withLock { _values } }
    var completion: Subscribers.Completion<Failure>? { lock.withLock { _completion } }
    var isFinished: Bool {
        if case .finished = completion { return true }
        return false
    }
    var subscription: (any Subscription)? { lock.withLock { _subscription } }

    func receive(subscription: any Subscription) {
        lock.withLock { _subscription = subscription }
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { _values.append(input) }
        return each
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { _completion = completion }
    }
}

/// An error for tests.
struct TestError: Error, Equatable {
    var code = 1
}

/// A counter shared with closures that run on other threads.
final class Counter: @unchecked Sendable {
    // @unchecked: `count` is behind `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { add(1) }
    /// Adds `n`; the new count.
    @discardableResult
    func add(_ n: Int) -> Int {
        lock.withLock {
            count += n
            return count
        }
    }
}
