extension Publishers {
    /// Sends a value only once no newer one has come for `dueTime`, as Apple's `debounce`: values are
    /// delivered on the scheduler. A value still waiting when upstream completes is dropped.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// How long a value must stand.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// Where values are delivered.
        public let scheduler: Context
        /// The scheduler's options.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s values that stood for `dueTime`.
        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let (scheduler, options, dueTime) = (self.scheduler, self.options, self.dueTime)
            let generation = Locked(0)
            joint.start()
            _ = joint.attach(
                upstream,
                onValue: { value in
                    let current = generation.withLock {
                        $0 += 1
                        return $0
                    }
                    scheduler.schedule(
                        after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance,
                        options: options
                    ) {
                        if generation.withLock({ $0 == current }) { joint.send(value) }
                    }
                },
                onCompletion: { completion in
                    generation.withLock { $0 += 1 }
                    scheduler.schedule(options: options) { joint.complete(completion) }
                })
        }
    }

    /// Sends at most one value per interval, as Apple's `throttle`: the first value at once, then, at the
    /// end of each interval, the latest (or first) value that came during it. Delivered on the scheduler.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// The interval.
        public let interval: Context.SchedulerTimeType.Stride
        /// Where values are delivered.
        public let scheduler: Context
        /// Whether an interval sends its latest value (else its first).
        public let latest: Bool

        /// A publisher of at most one of `upstream`'s values per `interval`.
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let (scheduler, interval, latest) = (self.scheduler, self.interval, self.latest)
            // Whether an interval is running, and the value kept for its end.
            let state = Locked<(open: Bool, held: Output?)>((false, nil))
            func closeWindow() {
                scheduler.schedule(after: scheduler.now.advanced(by: interval)) {
                    let held = state.withLock { state -> Output? in
                        defer { state.held = nil }
                        state.open = state.held != nil
                        return state.held
                    }
                    if let held {
                        joint.send(held)
                        closeWindow()
                    }
                }
            }
            joint.start()
            _ = joint.attach(
                upstream,
                onValue: { value in
                    let first = state.withLock { state -> Bool in
                        if state.open {
                            if latest || state.held == nil { state.held = value }
                            return false
                        }
                        state.open = true
                        return true
                    }
                    guard first else { return }
                    scheduler.schedule { joint.send(value) }
                    closeWindow()
                },
                onCompletion: { completion in
                    scheduler.schedule { joint.complete(completion) }
                })
        }
    }

    /// Delivers each event after a delay, on a scheduler, as Apple's `delay(for:tolerance:scheduler:)`.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's error.
        public typealias Failure = Upstream.Failure
        /// The publisher followed.
        public let upstream: Upstream
        /// The delay.
        public let interval: Context.SchedulerTimeType.Stride
        /// The tolerance allowed.
        public let tolerance: Context.SchedulerTimeType.Stride
        /// Where events are delivered.
        public let scheduler: Context
        /// The scheduler's options.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s events, each `interval` later.
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let joint = Joint(subscriber)
            let (scheduler, interval, tolerance, options) = (
                self.scheduler, self.interval, self.tolerance, self.options
            )
            let later = { (action: @escaping () -> Void) in
                scheduler.schedule(
                    after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
            }
            joint.start()
            _ = joint.attach(
                upstream, onValue: { value in later { joint.send(value) } },
                onCompletion: { completion in later { joint.complete(completion) } })
        }
    }
}

extension Publisher {
    /// Sends a value only once no newer one has come for `dueTime`, on `scheduler`.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }

    /// Sends at most one value per `interval`, on `scheduler`: the latest of each interval, or the first.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }

    /// Delivers each event `interval` later, on `scheduler`.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler, options: options)
    }
}
