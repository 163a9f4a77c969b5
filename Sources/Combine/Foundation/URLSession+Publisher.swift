public import Foundation
public import SimulatedDevice

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// `URLSession.shared.dataTaskPublisher(for:)`, as Apple's Foundation gives it with Combine. A user's module
// compiled here names the simulated phone's session `URLSession` (a type alias nse-bench adds), so the
// publisher is that session's: its data task is a request of the phone whose code asked for it, timed and
// faulted as every other.
extension SimulatedURLSession {
    /// A publisher of the data task for `url`: its data and response, or its `URLError`.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// A publisher of the data task for `request`: its data and response, or its `URLError`.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// The publisher of a data task, as Apple's: the task starts when the subscriber first asks for a value
    /// (on that thread, so the request is that phone's), sends the data and response once and finishes, or
    /// fails with the task's `URLError`; cancelling the subscription cancels the task.
    public struct DataTaskPublisher: Publisher, Sendable {
        /// The data and the response.
        public typealias Output = (data: Data, response: URLResponse)
        /// The task's error.
        public typealias Failure = URLError

        /// The request the task makes.
        public let request: URLRequest
        /// The session that makes it.
        public let session: SimulatedURLSession
        /// The phone whose code made the publisher: the task is its request, whichever thread subscribes
        /// (`subscribe(on:)`) or first asks for the value.
        let phone: SimulatedPhone?

        /// A publisher of `request`'s data task in `session`, for the phone whose code calls this.
        public init(request: URLRequest, session: SimulatedURLSession) {
            self.request = request
            self.session = session
            phone = SimulatedPhone.current
        }

        /// Attaches `subscriber`; the task starts at its first request, as the request of the phone whose code
        /// made the publisher or subscribes (a subscription or first request on a queue of the pipeline's own,
        /// `subscribe(on:)`'s or a `flatMap` fed by `receive(on:)`, is still that phone's).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == URLError {
            subscriber.receive(
                subscription: DataTaskSubscription(
                    request: request, session: session, phone: SimulatedPhone.current ?? phone, subscriber))
        }
    }
}

/// What a data task's handler calls when the task ends.
private protocol DataTaskEnding: AnyObject {
    func finish(data: Data?, response: URLResponse?, error: (any Error)?)
}

/// One subscriber's data task: not started, running, or ended (finished or cancelled).
private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, DataTaskEnding, @unchecked Sendable
where Downstream.Input == SimulatedURLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    // @unchecked: `state` is behind its lock; `request`, `session` and `phone` are lets; the subscriber is called
    // once for the value and once for the completion, outside the lock, after the state says it may be.

    private enum State {
        case waiting(Downstream)
        case starting(Downstream)
        case running(URLSessionDataTask, Downstream)
        case ended
    }

    private let request: URLRequest
    private let session: SimulatedURLSession
    /// The phone whose code subscribed: its request, whichever thread first asks for the value.
    private let phone: SimulatedPhone?
    private let state: Locked<State>

    init(request: URLRequest, session: SimulatedURLSession, phone: SimulatedPhone?, _ subscriber: Downstream) {
        self.request = request
        self.session = session
        self.phone = phone
        state = Locked(.waiting(subscriber))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let first = state.withLock { state -> Bool in
            guard case .waiting(let subscriber) = state else { return false }
            state = .starting(subscriber)
            return true
        }
        guard first else { return }
        // Made outside the lock: the session calls back on its own queue. Through the protocol, so the
        // handler captures no generic type of the subscriber's.
        let subscription = Unchecked<any DataTaskEnding>(self)
        let task = SimulatedPhone.$current.withValue(SimulatedPhone.current ?? phone) {
            session.dataTask(with: request) { data, response, error in
                subscription.value.finish(data: data, response: response, error: error)
            }
        }
        let started = state.withLock { state -> Bool in
            guard case .starting(let subscriber) = state else { return false }  // cancelled meanwhile
            state = .running(task, subscriber)
            return true
        }
        if started { task.resume() } else { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            defer { state = .ended }
            if case .running(let task, _) = state { return task }
            return nil
        }
        task?.cancel()
    }

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        let subscriber = state.withLock { state -> Downstream? in
            defer { state = .ended }
            if case .running(_, let subscriber) = state { return subscriber }
            return nil
        }
        guard let subscriber else { return }
        if let error {
            subscriber.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
        } else if let response {
            _ = subscriber.receive((data ?? Data(), response))
            subscriber.receive(completion: .finished)
        } else {
            subscriber.receive(completion: .failure(URLError(.badServerResponse)))
        }
    }
}
