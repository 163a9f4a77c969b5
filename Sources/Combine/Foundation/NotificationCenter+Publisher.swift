public import Foundation

extension NotificationCenter {
    /// A publisher of a notification center's notifications, as Apple's.
    public struct Publisher: Combine.Publisher {
        /// The notifications.
        public typealias Output = Notification
        /// It cannot fail.
        public typealias Failure = Never

        /// The center observed.
        public let center: NotificationCenter
        /// The notification's name.
        public let name: Notification.Name
        /// The sender observed; nil for any.
        public let object: AnyObject?

        /// A publisher of `center`'s `name` notifications from `object` (any sender when nil).
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        /// Attaches `subscriber`: notifications posted while it has demand are sent to it (others are
        /// dropped, as Apple's), on the posting thread.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subscription = NotificationSubscription(subscriber)
            subscriber.receive(subscription: subscription)
            subscription.observe(center, name: name, object: object)
        }
    }

    /// A publisher of this center's `name` notifications from `object` (any sender when nil).
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher(center: self, name: name, object: object)
    }
}

/// One subscriber's observation of a notification center.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription
where Downstream.Input == Notification, Downstream.Failure == Never {
    private struct State {
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var center: NotificationCenter?
        var observer: (any NSObjectProtocol)?
    }

    private let state: Locked<State>

    init(_ downstream: Downstream) {
        state = Locked(State(downstream: downstream))
    }

    func observe(_ center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
        guard state.withLock({ $0.downstream != nil }) else { return }
        let deliver: (Notification) -> Void = { [weak self] in self?.deliver($0) }
        let handler = Unchecked(deliver)
        let observer = center.addObserver(forName: name, object: object, queue: nil) { notification in
            handler.value(notification)
        }
        let stale = state.withLock { state -> Bool in
            guard state.downstream != nil else { return true }
            state.center = center
            state.observer = observer
            return false
        }
        if stale { center.removeObserver(observer) }
    }

    private func deliver(_ notification: Notification) {
        let downstream = state.withLock { state -> Downstream? in
            guard state.demand > 0 else { return nil }
            state.demand -= 1
            return state.downstream
        }
        guard let downstream else { return }
        let more = downstream.receive(notification)
        state.withLock { $0.demand += more }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
    }

    func cancel() {
        let (center, observer) = state.withLock { state -> (NotificationCenter?, (any NSObjectProtocol)?) in
            defer { state = State() }
            return (state.center, state.observer)
        }
        if let center, let observer { center.removeObserver(observer) }
    }
}
