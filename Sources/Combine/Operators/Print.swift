extension Publishers {
    /// Logs each event, as Apple's `print(_:to:)`: lines such as "receive subscription: (...)", "request
    /// unlimited", "request max: (1)", "receive value: (1)", "receive finished", "receive error: (...)" and
    /// "receive cancel", each after "prefix: " when there is a prefix, to standard output or `stream`.
    public struct Print<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher logged.
        public let upstream: Upstream
        /// Text put before each line.
        public let prefix: String
        /// Where the lines go; standard output when nil.
        public let stream: (any TextOutputStream)?

        /// A publisher of `upstream`'s events, logged.
        public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let log = PrintLog(prefix: prefix, stream: stream)
            upstream.relay(
                to: subscriber,
                hooks: RelayHooks(
                    subscription: { log.write("receive subscription: (\($0))") },
                    request: { demand in
                        if let max = demand.max {
                            log.write("request max: (\(max))")
                        } else {
                            log.write("request unlimited")
                        }
                    },
                    cancel: { log.write("receive cancel") }),
                onValue: { value in
                    log.write("receive value: (\(value))")
                    return .send(value)
                },
                onEnd: { completion in
                    switch completion {
                    case .finished: log.write("receive finished")
                    case .failure(let error): log.write("receive error: (\(error))")
                    }
                    return .complete(completion)
                })
        }
    }
}

extension Publisher {
    /// Logs each event to standard output, or to `stream`, each line after "prefix: " when there is a prefix.
    public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

/// Where one subscription's log lines go; the stream is written under a lock, one line at a time.
private final class PrintLog {
    private let prefix: String
    private let stream: Locked<(any TextOutputStream)?>

    init(prefix: String, stream: (any TextOutputStream)?) {
        self.prefix = prefix.isEmpty ? "" : "\(prefix): "
        self.stream = Locked(stream)
    }

    func write(_ line: String) {
        let text = prefix + line
        let written = stream.withLock { stream -> Bool in
            guard stream != nil else { return false }
            stream?.write(text + "\n")
            return true
        }
        if !written { Swift.print(text) }
    }
}
