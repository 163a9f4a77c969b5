import Synchronization
import UserNotifications

/// How a built-in extension delivers: the content handler as iOS gave it (``ContentHandler``), or
/// guarded so that only the first call delivers (``DeliveryGuard``).
protocol ContentDelivery: Sendable {
    /// Delivers `content`.
    func deliver(_ content: UNNotificationContent)
}

extension ContentHandler: ContentDelivery {
    func deliver(_ content: UNNotificationContent) { self(content) }
}

extension DeliveryGuard: ContentDelivery {
    func deliver(_ content: UNNotificationContent) { self(content) }
}

/// What a built-in extension keeps from `didReceive` for `serviceExtensionTimeWillExpire`: the
/// invocation's context, how it delivers and its best attempt, behind one `Mutex`, because the
/// download task and the expiry call (on another thread) both read them.
///
/// Noncopyable, so that the extension holds the `Mutex` in its own storage: as a class it was one more
/// object per invocation in flight (issue #18).
struct BestAttemptState<Delivery: ContentDelivery>: ~Copyable, Sendable {
    // Internal, not private: a private type nested in this generic noncopyable struct crashed Swift 6.3
    // while generating code ("Global is external, but doesn't have external or weak linkage").
    /// What `didReceive` kept, behind the lock.
    struct State {
        var context: InvocationContext?
        var delivery: Delivery?
        var bestAttempt: UNMutableNotificationContent?
    }

    private let state = Mutex(State())

    /// The invocation's context, set by the host before `didReceive`.
    var context: InvocationContext? {
        get { state.withLock { $0.context } }
        nonmutating set { state.withLock { $0.context = newValue } }
    }

    /// `didReceive`'s start: a mutable copy of the request's content becomes the best attempt, kept
    /// with `delivery`. Returns it and the context the host set; nil, having delivered the request's
    /// content unchanged, when the content cannot be copied.
    func begin(
        _ request: UNNotificationRequest, delivery: Delivery
    ) -> (bestAttempt: UNMutableNotificationContent, context: InvocationContext?)? {
        guard let bestAttempt = request.content.mutableCopy() as? UNMutableNotificationContent else {
            delivery.deliver(request.content)
            return nil
        }
        let context = state.withLock { state in
            state.delivery = delivery
            state.bestAttempt = bestAttempt
            return state.context
        }
        return (bestAttempt, context)
    }

    /// The expiry call: delivers the best attempt as it stands; nothing before `didReceive` began.
    func deliverBestAttempt() {
        let pending = state.withLock { state -> (Delivery, UNMutableNotificationContent)? in
            guard let delivery = state.delivery, let bestAttempt = state.bestAttempt else { return nil }
            return (delivery, bestAttempt)
        }
        if let pending {
            pending.0.deliver(pending.1)
        }
    }
}
