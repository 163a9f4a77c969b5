public import Foundation

extension Timer {
    /// A publisher of the current date every `interval` on `runLoop` in `mode`, as Apple's: it fires only
    /// while the run loop runs, from `connect()` (or `autoconnect()`) on.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A connectable publisher of a repeating timer's dates, as Apple's.
    public final class TimerPublisher: ConnectablePublisher {
        /// The date of each firing.
        public typealias Output = Date
        /// It cannot fail.
        public typealias Failure = Never

        /// The interval between firings.
        public let interval: TimeInterval
        /// The tolerance allowed.
        public let tolerance: TimeInterval?
        /// The run loop the timer is on.
        public let runLoop: RunLoop
        /// The run loop mode.
        public let mode: RunLoop.Mode
        /// The options (none).
        public let options: RunLoop.SchedulerOptions?

        private let subject = PassthroughSubject<Date, Never>()
        private let timer = Locked<Timer?>(nil)

        /// A timer publisher; it fires once connected.
        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        /// Attaches `subscriber`: it receives the dates of firings while it has demand.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }

        /// Starts the timer; cancel the result to stop it.
        public func connect() -> any Cancellable {
            let subject = Unchecked(self.subject)
            if MainRunLoop.isMain(runLoop) {
                // The main run loop's timers fire on the main queue here (``MainRunLoop``).
                return MainRunLoop.repeating(
                    from: Date(timeIntervalSinceNow: interval), every: interval, tolerance: tolerance ?? 0
                ) { subject.value.send(Date()) }
            }
            let timer = Timer(timeInterval: interval, repeats: true) { _ in subject.value.send(Date()) }
            if let tolerance { timer.tolerance = tolerance }
            runLoop.add(timer, forMode: mode)
            self.timer.withLock { $0 = timer }
            let handle = Unchecked(timer)
            return AnyCancellable { handle.value.invalidate() }
        }
    }
}
