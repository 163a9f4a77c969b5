import Synchronization

@testable import NSERuntime

/// A clock and its timers that move only when the test says so: ``advance(to:)`` fires every timer due, in
/// deadline order, with the clock set to each one's deadline as it fires, so events are stamped exactly.
/// Timer actions run on the advancing thread, outside the clock's lock.
final class ManualClock: InvocationClock, InvocationTimers {
    private struct Pending {
        let deadline: UInt64
        let action: @Sendable () -> Void
    }

    private struct State {
        var now: UInt64
        var nextID = 0
        var pending: [Int: Pending] = [:]
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    init(now: UInt64 = 0) {
        state = Mutex(State(now: now))
    }

    func now() -> UInt64 { state.withLock { $0.now } }

    func schedule(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> any InvocationTimer {
        let (id, ready) = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
            let id = state.nextID
            state.nextID += 1
            state.pending[id] = Pending(deadline: deadline, action: action)
            return (id, Self.takeSatisfiedWaiters(&state))
        }
        for continuation in ready { continuation.resume() }
        return ManualTimer(clock: self, id: id)
    }

    /// The deadlines of the timers not yet fired or cancelled, earliest first.
    var pendingDeadlines: [UInt64] { state.withLock { $0.pending.values.map(\.deadline).sorted() } }

    /// Moves the clock to `target`, firing every timer due on the way (timers scheduled by those actions
    /// included), earliest first and, for equal deadlines, in the order they were scheduled.
    func advance(to target: UInt64) {
        while true {
            let due = state.withLock { state -> Pending? in
                let next = state.pending.filter { $0.value.deadline <= target }
                    .min { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
                guard let next else { return nil }
                state.pending[next.key] = nil
                state.now = max(state.now, next.value.deadline)
                return next.value
            }
            guard let due else { break }
            due.action()
        }
        state.withLock { $0.now = max($0.now, target) }
    }

    /// Moves the clock `nanoseconds` ahead.
    func advance(by nanoseconds: UInt64) {
        advance(to: now() + nanoseconds)
    }

    /// Returns once at least `count` timers are pending.
    func waitForPendingTimers(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                guard state.pending.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    fileprivate func cancel(_ id: Int) -> Bool {
        state.withLock { $0.pending.removeValue(forKey: id) != nil }
    }

    private static func takeSatisfiedWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.pending.count
        let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
        state.waiters.removeAll { $0.count <= count }
        return ready
    }
}

private struct ManualTimer: InvocationTimer {
    let clock: ManualClock
    let id: Int

    @discardableResult
    func cancel() -> Bool { clock.cancel(id) }
}
