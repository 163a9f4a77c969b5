/// A publisher that plays back a recorded series of values and a completion to each subscriber, as Apple's
/// `Record`: values as the subscriber demands them, then the completion, without waiting for more demand.
public struct Record<Output, Failure: Error>: Publisher {
    /// The values and completion played back.
    public let recording: Recording

    /// A record made by `record`, which receives values and a completion into an empty recording (it
    /// finishes if `record` gives no completion).
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// A record of `recording`.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// A record of `output`, then `completion`.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        recording = Recording(output: output, completion: completion)
    }

    /// Plays the recording back to `subscriber`: at once the completion, if there are no values.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        guard !recording.output.isEmpty else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: recording.completion)
            return
        }
        subscriber.receive(subscription: Playback(subscriber, recording.output, then: recording.completion))
    }

    /// A series of values and a completion, as Apple's `Record.Recording`.
    public struct Recording {
        /// What the recording receives.
        public typealias Input = Output

        /// The values, in order.
        public private(set) var output: [Output]
        /// The completion (`.finished` until another is received).
        public private(set) var completion: Subscribers.Completion<Failure>
        private var completed: Bool

        /// An empty recording, ready for values.
        public init() {
            output = []
            completion = .finished
            completed = false
        }

        /// A complete recording of `output`, then `completion`.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            completed = true
        }

        /// Adds a value. Traps if the recording is complete, as Apple's.
        public mutating func receive(_ input: Input) {
            precondition(!completed, "Record.Recording: a value after the completion")
            output.append(input)
        }

        /// Completes the recording. Traps if it is already complete, as Apple's.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!completed, "Record.Recording: a second completion")
            self.completion = completion
            completed = true
        }
    }
}

/// Plays recorded values back as downstream demands them, then the completion as soon as the last value is
/// delivered.
private final class Playback<Downstream: Subscriber>: Subscription {
    private struct State {
        var downstream: Downstream?
        var next = 0
        var demand = Subscribers.Demand.none
        var emitting = false
        var cancelled = false
    }

    private enum Step {
        case value(Downstream, Downstream.Input, last: Bool)
        case stop
    }

    private let values: [Downstream.Input]
    private let completion: Subscribers.Completion<Downstream.Failure>
    private let state: Locked<State>

    init(
        _ downstream: Downstream, _ values: [Downstream.Input],
        then completion: Subscribers.Completion<Downstream.Failure>
    ) {
        self.values = values
        self.completion = completion
        state = Locked(State(downstream: downstream))
    }

    func request(_ demand: Subscribers.Demand) {
        let start = state.withLock { state -> Bool in
            state.demand += demand
            guard !state.emitting, state.downstream != nil else { return false }
            state.emitting = true
            return true
        }
        guard start else { return }
        while true {
            let step = state.withLock { state -> Step in
                guard let downstream = state.downstream, state.demand > 0, state.next < values.count else {
                    state.emitting = false
                    return .stop
                }
                state.demand -= 1
                defer { state.next += 1 }
                let last = state.next == values.count - 1
                if last { state.downstream = nil }
                return .value(downstream, values[state.next], last: last)
            }
            guard case .value(let downstream, let value, let last) = step else { return }
            let more = downstream.receive(value)
            if last {
                if !state.withLock({ $0.cancelled }) { downstream.receive(completion: completion) }
                return
            }
            state.withLock { $0.demand += more }
        }
    }

    func cancel() {
        state.withLock { state in
            state.downstream = nil
            state.cancelled = true
        }
    }
}
