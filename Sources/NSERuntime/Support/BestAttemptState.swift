import Synchronization
import UserNotifications

/// What a built-in extension keeps from `didReceive` for `serviceExtensionTimeWillExpire`: the
/// invocation's context, how it delivers (a plain ``ContentHandler`` or a ``DeliveryGuard``) and its
/// best attempt, behind one `Mutex`, because the download task and the expiry call (on another
/// thread) both read them.
final class BestAttemptState<Deliver: Sendable>: Sendable {
    private struct State {
        var context: InvocationContext?
        var deliver: Deliver?
        var bestAttempt: UNMutableNotificationContent?
    }

    private let state = Mutex(State())

    /// The invocation's context, set by the host before `didReceive`.
    var context: InvocationContext? {
        get { state.withLock { $0.context } }
        set { state.withLock { $0.context = newValue } }
    }

    /// `didReceive` keeps how it delivers and its best attempt; returns the context the host set.
    func begin(deliver: Deliver, bestAttempt: UNMutableNotificationContent) -> InvocationContext? {
        state.withLock { state in
            state.deliver = deliver
            state.bestAttempt = bestAttempt
            return state.context
        }
    }

    /// What the expiry call delivers; nil before `didReceive` kept it.
    var pending: (deliver: Deliver, bestAttempt: UNMutableNotificationContent)? {
        state.withLock { state in
            guard let deliver = state.deliver, let bestAttempt = state.bestAttempt else { return nil }
            return (deliver, bestAttempt)
        }
    }
}
