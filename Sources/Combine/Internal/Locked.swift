import Foundation

/// A value behind a lock. Combine's types are not `Sendable` (as Apple's), but their state is reached from
/// whichever thread sends or requests, so it is kept here.
// @unchecked: `value` is only read or written inside `withLock`, behind `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock. `body` must not call out to subscribers.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A value handed to a queue or task whose API asks for `Sendable`: Combine's contract (one delivery at a
/// time per subscriber, as Apple's) keeps it from being used concurrently.
// @unchecked: the wrapped value is only used by the one closure or continuation it is handed to.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
