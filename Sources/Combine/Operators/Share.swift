extension Publishers {
    /// Shares one subscription to upstream among its subscribers, as Apple's `share()`: values go through a
    /// `PassthroughSubject` to the subscribers there are at the time; upstream is subscribed with the first
    /// subscriber and cancelled when the last one leaves. A subscriber arriving after upstream has completed
    /// receives the completion at once. A class, so copies share the one subscription.
    public final class Share<Upstream: Publisher>: Publisher, Equatable {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher shared.
        public final let upstream: Upstream

        private let shared: Autoconnect<SubjectConnection<Upstream>>

        /// A publisher sharing `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
            shared = Autoconnect(upstream: SubjectConnection(upstream))
        }

        /// Attaches `subscriber` to the shared subscription.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.receive(subscriber: subscriber)
        }

        /// Identity: two shares are equal only when they are the same object.
        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }
}

extension Publisher {
    /// Shares one subscription to this publisher among all subscribers.
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}

/// Upstream feeding a `PassthroughSubject` once connected: the connectable publisher behind `share()`.
final class SubjectConnection<Upstream: Publisher>: ConnectablePublisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    private let upstream: Upstream
    private let subject = PassthroughSubject<Output, Failure>()

    init(_ upstream: Upstream) {
        self.upstream = upstream
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subject.receive(subscriber: subscriber)
    }

    func connect() -> any Cancellable {
        upstream.subscribe(subject)
    }
}
