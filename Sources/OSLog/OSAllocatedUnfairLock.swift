import Foundation

/// A lock that owns the state it protects, as `os`'s `OSAllocatedUnfairLock` (iOS 16), which Swift 6
/// extension code uses where older code used `os_unfair_lock`.
///
/// ## Sendability
/// `@unchecked Sendable`, as Apple's: the state is read and written only inside `withLock` (or between
/// `lock()` and `unlock()`), under the `NSLock` every copy of the lock shares.
public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    private final class Storage {
        let lock = NSLock()
        var state: State

        init(_ state: State) {
            self.state = state
        }
    }

    private let storage: Storage

    /// A lock protecting `initialState`.
    public init(initialState: State) {
        storage = Storage(initialState)
    }

    /// A lock protecting `initialState`, which need not be `Sendable`.
    public init(uncheckedState initialState: State) {
        storage = Storage(initialState)
    }

    /// Runs `body` on the state, holding the lock.
    public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.state)
    }

    /// Runs `body` on the state, holding the lock (no `Sendable` checks, as Apple's).
    public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try withLock(body)
    }

    /// Runs `body` on the state if the lock is free now; nil when it is held.
    public func withLockIfAvailable<R>(_ body: (inout State) throws -> R) rethrows -> R? {
        guard storage.lock.try() else { return nil }
        defer { storage.lock.unlock() }
        return try body(&storage.state)
    }

    /// Runs `body` on the state if the lock is free now (no `Sendable` checks); nil when it is held.
    public func withLockIfAvailableUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R? {
        try withLockIfAvailable(body)
    }

    /// Takes the lock.
    public func lock() { storage.lock.lock() }

    /// Releases the lock.
    public func unlock() { storage.lock.unlock() }

    /// Takes the lock if it is free now.
    public func lockIfAvailable() -> Bool { storage.lock.try() }

    /// Ownership checks: not checked here.
    public enum Ownership: Sendable {
        case owner
        case notOwner
    }

    /// Checks who holds the lock: accepted, not checked.
    public func precondition(_ condition: Ownership) {
        _ = condition
    }
}

extension OSAllocatedUnfairLock where State == Void {
    /// A lock protecting nothing but the code it is held around.
    public init() {
        self.init(initialState: ())
    }

    /// Runs `body` holding the lock.
    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        try withLock { (_: inout Void) in try body() }
    }

    /// Runs `body` holding the lock (no `Sendable` checks, as Apple's).
    public func withLockUnchecked<R>(_ body: () throws -> R) rethrows -> R {
        try withLock { (_: inout Void) in try body() }
    }

    /// Runs `body` if the lock is free now; nil when it is held.
    public func withLockIfAvailable<R>(_ body: () throws -> R) rethrows -> R? {
        try withLockIfAvailable { (_: inout Void) in try body() }
    }

    /// Runs `body` if the lock is free now (no `Sendable` checks); nil when it is held.
    public func withLockIfAvailableUnchecked<R>(_ body: () throws -> R) rethrows -> R? {
        try withLockIfAvailable { (_: inout Void) in try body() }
    }
}
