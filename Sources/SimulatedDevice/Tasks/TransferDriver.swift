import Foundation
import FoundationNetworking
import Synchronization

/// Performs one session task over its phone's network: the I/O half of ``TransferStateMachine``,
/// shared by ``SimulatedDataTask`` and ``SimulatedDownloadTask``.
///
/// The transfer runs as the extension's tracked work (``PhoneNetwork/track(_:)``) and that work lasts
/// until the completion callback, on the session's delegate queue, has returned: an invocation whose
/// extension waits for a callback is not over while it waits.
///
/// Redirects are followed as URLSession follows them (``HTTPRedirect``): each hop is a request of its
/// own on the phone's network, the session's delegate is asked first on its queue
/// (`willPerformHTTPRedirection`), and the configuration's resource timeout covers the whole chain.
final class TransferDriver: Sendable {
    /// What the task reports when its transfer ends.
    struct Completion: Sendable {
        var response: HTTPURLResponse?
        var fileURL: URL?
        var bytes: Int
        var error: URLError?

        /// The body's length as iOS expects it (`countOfBytesExpectedToReceive`,
        /// `totalBytesExpectedToWrite`): the response's `Content-Length`, -1 when it announced none
        /// (`NSURLSessionTransferSizeUnknown`); the bytes received when no response came.
        var expectedBytes: Int64 { response?.expectedContentLength ?? Int64(bytes) }
    }

    /// Asks the session's delegate, on its queue, whether `task` follows a redirect
    /// (`willPerformHTTPRedirection`): `answer` takes the request to send, or nil to make the redirect's
    /// own response the task's.
    typealias RedirectQuestion =
        @Sendable (
            _ task: URLSessionTask, _ response: HTTPURLResponse, _ proposed: URLRequest,
            _ answer: @escaping @Sendable (URLRequest?) -> Void
        ) -> Void

    /// How the task's session takes part in its redirects.
    struct RedirectPolicy: Sendable {
        /// The delegate's say; nil when the session has no task delegate, and every redirect is followed.
        var question: RedirectQuestion?
        /// The phone's request for a request the delegate rewrote, with the session's limits and fields.
        var prepare: @Sendable (URLRequest) -> PhoneRequest
    }

    private struct Guarded {
        var machine = TransferStateMachine()
        /// The tracked work that performs the transfer; cancelling it ends the transfer.
        var transfer: Task<Void, Never>?
        var completion: Completion?
        /// The request now being sent, once a redirect was followed; nil while it is the original.
        var redirected: URLRequest?
        /// Where the data delegate's answer to `didReceive response` stands (``asksForDisposition`` only).
        var answer = DispositionState.notAsked
        /// What a cancel does while the delegate has been asked and has not answered; nil once it answered,
        /// or when it dropped the handler it was given unanswered.
        weak var pendingAnswer: PendingAnswer?
        /// Whether `cancel()` came after the transfer ended but before the delegate answered.
        var cancelRequested = false
    }

    /// A data delegate's answer to `didReceive response`, for a task whose delegate is asked.
    enum DispositionState: Sendable, Hashable {
        /// The transfer has not ended, or its response has not yet been handed to the delegate.
        case notAsked
        /// The delegate was asked and has not answered.
        case awaiting
        /// It answered, or a cancel answered `.cancel` for it.
        case answered
    }

    let request: URLRequest
    let phoneRequest: PhoneRequest
    let phone: SimulatedPhone?
    let callbacks: CallbackQueue
    /// Why the task fails before anything is sent (an upload's unreadable file); nil to send it.
    let failure: PhoneNetworkFailure?
    /// Whether a data delegate is asked `didReceive response` when the transfer ends: the task then runs
    /// until it answers, as on iOS.
    let asksForDisposition: Bool
    /// How redirects are followed; nil to follow them without asking anyone.
    let redirects: RedirectPolicy?
    private let guarded = Mutex(Guarded())

    init(
        request: URLRequest, phoneRequest: PhoneRequest, phone: SimulatedPhone?, callbacks: CallbackQueue,
        failure: PhoneNetworkFailure? = nil, redirects: RedirectPolicy? = nil, asksForDisposition: Bool = false
    ) {
        self.request = request
        self.phoneRequest = phoneRequest
        self.phone = phone
        self.callbacks = callbacks
        self.failure = failure
        self.redirects = redirects
        self.asksForDisposition = asksForDisposition
    }

    /// The request being sent (`currentRequest`): the original until a redirect was followed.
    var currentRequest: URLRequest { guarded.withLock { $0.redirected } ?? request }

    /// A redirect was followed: `request` is now the one being sent.
    func redirected(to request: URLRequest) {
        guarded.withLock { $0.redirected = request }
    }

    var state: URLSessionTask.State {
        let (state, answer, cancelRequested) = guarded.withLock { ($0.machine.state, $0.answer, $0.cancelRequested) }
        // The body is here, but the delegate has not let the task go on: running (or being cancelled), as on iOS.
        if asksForDisposition, state == .completed(cancelled: false), answer != .answered {
            return cancelRequested ? .canceling : .running
        }
        return switch state {
        case .suspended: .suspended
        case .running: .running
        case .canceling: .canceling
        case .completed: .completed
        }
    }

    var completion: Completion? { guarded.withLock { $0.completion } }

    /// Resumes `task`, this driver's; `deliver` runs on the delegate queue, with the phone bound, once it
    /// ends.
    func resume(_ task: URLSessionTask, deliver: @escaping @Sendable (Completion) -> Void) {
        guard guarded.withLock({ $0.machine.resume() }) == .start else { return }
        if let failure {
            let error = failure.urlError(for: phoneRequest.url)
            finish(Completion(bytes: 0, error: error), deliver: deliver, tracked: nil)
            return
        }
        guard let phone else {
            finish(Self.unattributed(request), deliver: deliver, tracked: nil)
            return
        }
        let request = phoneRequest
        // The transfer is the tracked work itself, not a task of its own inside it: cancelling the work
        // ends the load with `cancelled`, and what follows the load never looks at cancellation. (A task
        // of its own cost a thread wake-up at each end of every transfer.)
        let transfer = phone.network.trackSessionTransfer { [self] in
            let (response, url) = await load(request, following: task, on: phone)
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                finish(completion(from: response, url: url), deliver: deliver, tracked: continuation)
            }
        }
        guard let transfer else {
            // The process is gone: nothing was sent, and the task ends as cancelled rather than never.
            let error = PhoneNetworkFailure.cancelled.urlError(for: phoneRequest.url)
            finish(Completion(bytes: 0, error: error), deliver: deliver, tracked: nil)
            return
        }
        // A `cancel()` that came before the work's task was known found nothing to stop: stop it now.
        let stopNow = guarded.withLock { state -> Bool in
            state.transfer = transfer
            return state.machine.state == .canceling
        }
        if stopNow { transfer.cancel() }
    }

    /// Cancels the task; `deliver` reports the cancellation when the task never started. A task whose data
    /// delegate has not answered `didReceive response` ends as that delegate's `.cancel` would end it: at
    /// once when it was asked (``awaitAnswer(_:)``), and without asking it when the response had not yet
    /// been handed over.
    func cancel(deliver: @escaping @Sendable (Completion) -> Void) {
        let (action, transfer, pendingAnswer) = guarded.withLock { state in
            let action = state.machine.cancel()
            guard action == .none, asksForDisposition, state.answer != .answered else {
                return (action, state.transfer, PendingAnswer?.none)
            }
            state.cancelRequested = true
            defer { state.pendingAnswer = nil }
            return (action, state.transfer, state.pendingAnswer)
        }
        switch action {
        case .stopTransfer: transfer?.cancel()
        case .completeCancelled:
            let error = PhoneNetworkFailure.cancelled.urlError(for: phoneRequest.url)
            finish(Completion(bytes: 0, error: error), deliver: deliver, tracked: nil, alreadyFinished: true)
        case .start, .none: pendingAnswer?.cancel()
        }
    }

    /// The data delegate is about to be asked `didReceive response`: until ``answerCame()`` a `cancel()`
    /// calls `pending`'s ``PendingAnswer/cancel``. False, with the answer taken as given, when the task was
    /// cancelled before: it is to end as `.cancel` without asking the delegate.
    func awaitAnswer(_ pending: PendingAnswer) -> Bool {
        guarded.withLock { state in
            guard !state.cancelRequested else {
                state.answer = .answered
                return false
            }
            state.answer = .awaiting
            state.pendingAnswer = pending
            return true
        }
    }

    /// The data delegate answered `didReceive response` (or a cancel answered for it).
    func answerCame() {
        guarded.withLock { state in
            state.answer = .answered
            state.pendingAnswer = nil
        }
    }

    private func finish(
        _ completion: Completion, deliver: @escaping @Sendable (Completion) -> Void,
        tracked: CheckedContinuation<Void, Never>?, alreadyFinished: Bool = false
    ) {
        var completion = completion
        guarded.withLock { state in
            if !alreadyFinished, state.machine.finished(), completion.error == nil {
                completion.error = PhoneNetworkFailure.cancelled.urlError(for: phoneRequest.url)
            }
            state.completion = completion
        }
        let phone = self.phone
        let final = completion
        callbacks.run {
            if let phone { phone.bind { deliver(final) } } else { deliver(final) }
            tracked?.resume()
        }
    }

    /// A data or upload task's body, read from the transfer's file, which is then removed; nil when
    /// the transfer failed.
    func body(of completion: Completion) -> Data? {
        guard let file = completion.fileURL else { return completion.error == nil ? Data() : nil }
        defer { removeBody(file) }
        guard completion.error == nil else { return nil }
        return FileManager.default.contents(atPath: file.path) ?? Data()
    }

    /// Removes the transfer's body file once its reader is done with it (a download's completion
    /// handler has returned), through the phone's network, which knows the invocation's files.
    func removeBody(_ file: URL) {
        phone?.network.removeBody(file)
    }

    /// The task's result for `response`, the answer to the request for `url`.
    func completion(from response: PhoneResponse, url: URL) -> Completion {
        if let failure = response.failure {
            return Completion(fileURL: response.fileURL, bytes: response.bytes, error: failure.urlError(for: url))
        }
        // The server's fields as iOS hands them over; without them, what the network said.
        var headers = response.headerFields ?? ["Content-Length": String(response.bytes)]
        if response.headerFields == nil, let type = response.contentType { headers["Content-Type"] = type }
        let http = HTTPResponseCache.shared.response(url: url, status: response.status, headerFields: headers)
        return Completion(response: http, fileURL: response.fileURL, bytes: response.bytes, error: nil)
    }

    /// A request made where no invocation is known (a thread of the extension's own, reached without a
    /// session created inside an invocation): it fails rather than be timed against the wrong phone.
    private static func unattributed(_ request: URLRequest) -> Completion {
        SimulatedURLSession.unattributedRequests.add(1, ordering: .relaxed)
        let url = request.url ?? URL(fileURLWithPath: "/")
        let failure = PhoneNetworkFailure.unsupported(
            "nse-bench cannot tell which simulated phone made this request (\(url.absoluteString)): it was "
                + "started outside didReceive, serviceExtensionTimeWillExpire, a session callback or a Task "
                + "created there, on a session not created inside an invocation")
        return Completion(bytes: 0, error: failure.urlError(for: url))
    }
}

/// Where a session's callbacks run: the `OperationQueue` the caller gave, or a serial queue (the
/// session's own, or for `URLSession.shared` the phone's own), which costs far less per phone than an
/// `OperationQueue` (measured: 5,000 phones in flight, deliver p99 3.3 s with one `OperationQueue` per
/// phone against 2.1 s for the built-in): a lane on the threads the host lends
/// (``PhoneCallbackThreads``), or without them a serial dispatch queue.
enum CallbackQueue: Sendable {
    case operations(OperationQueue)
    case serial(DispatchQueue)
    case lane(SerialCallbackLane)

    /// A serial queue: a lane on `threads` when given, else a dispatch queue labelled `label`.
    static func serial(on threads: (any PhoneCallbackThreads)?, label: String) -> CallbackQueue {
        guard let threads else { return .serial(DispatchQueue(label: label)) }
        return .lane(SerialCallbackLane(on: threads))
    }

    func run(_ work: @escaping @Sendable () -> Void) {
        switch self {
        case .operations(let queue): queue.addOperation(work)
        case .serial(let queue): queue.async(execute: work)
        case .lane(let lane): lane.run(work)
        }
    }
}
