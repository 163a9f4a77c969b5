import Synchronization

@testable import NSERuntime

/// Collects the host's ``InvocationEvent``s, so a test can wait until the host has reached a step.
final class EventLog: Sendable {
    private let state = Mutex(
        (
            events: [InvocationEvent](),
            waiters: [
                (match: @Sendable (InvocationEvent.Kind) -> Bool, continuation: CheckedContinuation<Void, Never>)
            ]()
        ))

    /// The trace hook for ``HostEnvironment/trace``.
    var trace: @Sendable (InvocationEvent) -> Void {
        { [self] event in record(event) }
    }

    /// The kinds seen so far, in order.
    var kinds: [InvocationEvent.Kind] { state.withLock { $0.events.map(\.kind) } }

    /// The events seen so far, in order.
    var events: [InvocationEvent] { state.withLock { $0.events } }

    /// Returns once an event of `kind` has been seen.
    func wait(for kind: InvocationEvent.Kind) async {
        await wait { $0 == kind }
    }

    /// Returns once an event matching `match` has been seen.
    func wait(_ match: @escaping @Sendable (InvocationEvent.Kind) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let seen = state.withLock { state -> Bool in
                guard !state.events.contains(where: { match($0.kind) }) else { return true }
                state.waiters.append((match, continuation))
                return false
            }
            if seen { continuation.resume() }
        }
    }

    private func record(_ event: InvocationEvent) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.events.append(event)
            let ready = state.waiters.filter { $0.match(event.kind) }.map(\.continuation)
            state.waiters.removeAll { $0.match(event.kind) }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}
