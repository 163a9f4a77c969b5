extension Publishers {
    /// Ends the stream once its upstream has sent nothing for `interval`, as Apple's `Timeout`: the timer
    /// starts at subscription and starts over with each value; when it runs out, upstream is cancelled and
    /// the stream finishes, or fails with `customError()` if given. Values and the completion are delivered on
    /// the scheduler. Not faithful: the interval is waited in real time on the scheduler (`--time-scale` does
    /// not shorten it), as `debounce`'s and `delay`'s.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// How long upstream may send nothing.
        public let interval: Context.SchedulerTimeType.Stride
        /// Where the timer runs and events are delivered.
        public let scheduler: Context
        /// The scheduler's options.
        public let options: Context.SchedulerOptions?
        /// The error to fail with on timeout; without it, the stream finishes.
        public let customError: (() -> Upstream.Failure)?

        /// A publisher of `upstream`'s events that ends once `upstream` has sent nothing for `interval`.
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?, customError: (() -> Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let (scheduler, interval, options, customError) = (
                self.scheduler, self.interval, self.options, self.customError
            )
            // Which timer counts: each value (and the completion) starts a new one, or stops them all.
            let generation = Locked(0)
            let arm = { (current: Int) in
                scheduler.schedule(
                    after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance,
                    options: options
                ) {
                    guard generation.withLock({ $0 == current }) else { return }
                    joint.complete(customError.map { .failure($0()) } ?? .finished)
                }
            }
            joint.start()
            arm(0)
            _ = joint.attach(
                upstream,
                onValue: { value in
                    let current = generation.withLock {
                        $0 += 1
                        return $0
                    }
                    scheduler.schedule(options: options) { joint.send(value) }
                    arm(current)
                },
                onCompletion: { completion in
                    generation.withLock { $0 += 1 }
                    scheduler.schedule(options: options) { joint.complete(completion) }
                })
        }
    }
}

extension Publisher {
    /// Ends the stream once this publisher has sent nothing for `interval` (timed on `scheduler`, starting
    /// over with each value): it finishes, or fails with `customError()` if given.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(
            upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}
