/// A publisher that starts only when connected, as Apple's.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts publishing; cancel the result to stop.
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// Connects with the first subscriber, and disconnects when the last one cancels, as Apple's.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

extension Publishers {
    /// A connectable publisher that connects with its first subscriber, as Apple's `autoconnect()`.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure

        /// The publisher connected.
        public final let upstream: Upstream
        // The connection, and how many subscribers share it.
        private let connection = Locked<(cancellable: (any Cancellable)?, subscribers: Int)>((nil, 0))

        /// A publisher connecting `upstream` on demand.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`, connecting if it is the first.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.relay(
                to: subscriber, hooks: RelayHooks(subscription: nil, request: nil, cancel: { [self] in disconnect() }),
                onValue: { .send($0) },
                onEnd: { [self] completion in
                    disconnect()
                    return .complete(completion)
                })
            let first = connection.withLock { state -> Bool in
                state.subscribers += 1
                return state.cancellable == nil
            }
            if first {
                let cancellable = upstream.connect()
                connection.withLock { $0.cancellable = cancellable }
            }
        }

        private func disconnect() {
            let cancellable = connection.withLock { state -> (any Cancellable)? in
                state.subscribers -= 1
                guard state.subscribers <= 0 else { return nil }
                defer { state = (nil, 0) }
                return state.cancellable
            }
            cancellable?.cancel()
        }
    }
}
