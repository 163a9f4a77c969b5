public import Foundation
public import FoundationNetworking
import Synchronization

/// `URLSession` for the code of a user's extension: the generated file of every compiled extension
/// aliases `URLSession` to this type, so `URLSession.shared`, `URLSession(configuration:)` (default or
/// ephemeral, with or without a delegate) and their data, upload and download tasks run on the
/// simulated phone of the invocation that made them.
///
/// Faithful to iOS where it decides outcomes:
/// - every request has a connection of its own phone: no per-host connection limit and no cookies or
///   cache shared between simulated phones (FoundationNetworking's one process-wide `URLSession.shared`
///   would put 500 phones behind 6 sockets);
/// - the configuration's `timeoutIntervalForRequest` (or the request's own `timeoutInterval`) and
///   `timeoutIntervalForResource` apply, multiplied by the run's time scale;
/// - completion handlers and delegate methods run on the session's delegate queue (a serial
///   `OperationQueue` unless one is given), never on the caller's thread;
/// - a download's temporary file is removed when its completion handler returns.
///
/// Its phases (connect, first byte, body) are recorded in the invocation's record like a built-in
/// extension's download. Any method over `http` and `https` is sent (`URLRequest.httpMethod`), with
/// `httpBody` or an upload task's data or file as its body, framed by `Content-Length`; the upload is
/// part of the request's time. A `GET` or `HEAD` with a body fails with
/// `URLError(.dataLengthExceedsMaximum)`, as on iOS; another scheme, with `URLError(.unsupportedURL)`.
/// The request's own header fields are sent (``PhoneRequest/headerLines``); a streamed body
/// (`httpBodyStream`) is not. Redirects are followed as on iOS (``HTTPRedirect``), a task delegate asked
/// first (`willPerformHTTPRedirection`; its default implementation follows).
///
/// `invalidateAndCancel()` cancels the session's tasks that have not ended, `finishTasksAndInvalidate()`
/// lets them end, and the delegate hears `didBecomeInvalidWithError` once the last of them has; both do
/// nothing to `URLSession.shared`, as on iOS. A task made in the session after the calling phone's code
/// asked for its invalidation ends the extension's process, as iOS's exception does
/// (``UncaughtException``): the invocation is `crashed`.
///
/// `@unchecked Sendable`: its stored properties are immutable after init; its tasks and invalidation are
/// behind the ``SessionTaskRegistry``'s `Mutex`, and its delegate, let go once invalid, behind a `Mutex`.
public final class SimulatedURLSession: NSObject, @unchecked Sendable {
    /// `URLSession.ResponseDisposition`, for delegates written against `URLSession`.
    public typealias ResponseDisposition = URLSession.ResponseDisposition
    /// `URLSession.AuthChallengeDisposition`, for delegates' challenge handlers written against `URLSession`
    /// (the simulated network makes no challenge: they are never called).
    public typealias AuthChallengeDisposition = URLSession.AuthChallengeDisposition

    /// Requests made where no simulated phone could be told; each failed with `URLError(.unsupportedURL)`.
    public static var unattributedRequestCount: Int { unattributedRequests.load(ordering: .relaxed) }
    static let unattributedRequests = Atomic<Int>(0)
    private static let nextTaskIdentifier = Atomic<Int>(1)

    /// The process's shared session, as `URLSession.shared`: each request belongs to the phone whose code
    /// made it.
    public static let shared = makeShared()

    /// The session of synchronous reads (`Data(contentsOf:)` of an http(s) URL, an AVAsset's file):
    /// belonging to no phone, as ``shared``, but with a concurrent queue of its own, so a read made inside a
    /// phone's callback (a `URLSession.shared` completion handler, which runs on that phone's serial queue)
    /// does not wait for a callback queued behind itself. On iOS such reads are not the app's session's.
    static let synchronousReads: SimulatedURLSession = {
        let queue = OperationQueue()
        queue.name = "nse-bench.synchronous-reads"
        return SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue, queuePerPhone: true)
    }()

    /// A session as ``shared`` is: per-phone queues, and no phone of its own whichever phone's code
    /// first touched it.
    static func makeShared() -> SimulatedURLSession {
        SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: nil, queuePerPhone: true)
    }

    /// A copy of the configuration the session was made with, a new one each time, as iOS gives it:
    /// changing it changes nothing of the session's (nor, for ``shared``, of every phone's).
    public var configuration: URLSessionConfiguration {
        settings.copy() as? URLSessionConfiguration ?? settings
    }
    /// The session's own copy of its configuration, which no caller holds.
    private let settings: URLSessionConfiguration
    /// The configuration's `allowsConstrainedNetworkAccess` when the session was made (the copy does
    /// not carry it: FoundationNetworking has no such property).
    let allowsConstrainedNetworkAccess: Bool
    /// The configuration's `allowsExpensiveNetworkAccess` when the session was made (the copy does not
    /// carry it either).
    let allowsExpensiveNetworkAccess: Bool
    /// The delegate, held until it has heard `didBecomeInvalidWithError`, as iOS holds it: an extension
    /// that holds its session and is its delegate is not kept alive, with its phone, by the cycle.
    public var delegate: (any SimulatedURLSessionDelegate)? { heldDelegate?.value }
    /// Nil for a session made without a delegate (``shared``, which every phone's every request reads):
    /// no lock to take.
    private let heldDelegate: HeldDelegate?
    /// The delegate, behind a `Mutex`: let go once it heard `didBecomeInvalidWithError`.
    private final class HeldDelegate: Sendable {
        /// `@unchecked Sendable`: the delegate is called on the delegate queue only.
        private struct Reference: @unchecked Sendable {
            var delegate: (any SimulatedURLSessionDelegate)?
        }
        private let held: Mutex<Reference>

        init(_ delegate: any SimulatedURLSessionDelegate) { held = Mutex(Reference(delegate: delegate)) }

        var value: (any SimulatedURLSessionDelegate)? { held.withLock { $0 }.delegate }

        func release() { held.withLock { $0.delegate = nil } }
    }
    /// The queue given at creation; for a session made without one, an `OperationQueue` standing for
    /// its serial queue (callbacks then run on a serial queue of the session, or for ``shared`` of the
    /// phone, so `OperationQueue.current` is nil in them).
    public let delegateQueue: OperationQueue
    private let callbacks: CallbackQueue
    /// Whether each phone has a queue of its own: ``shared``, which stands for each phone's own process's.
    private let queuePerPhone: Bool
    /// Whether callbacks go to the phone's queue: ``shared``'s, but not ``synchronousReads``', which has a
    /// queue of its own.
    private let callsBackOnPhoneQueue: Bool
    /// The phone whose code created the session: requests made through it where no phone is current
    /// belong to it.
    let creator: SimulatedPhone?
    /// The tasks that have not ended and the session's invalidation; nil for ``shared``, whose tasks each
    /// phone holds (``SimulatedPhone/sharedSessionTasks``), and for ``synchronousReads``, which has none
    /// to show.
    private let ownTasks: SessionTaskRegistry?

    /// A session with `configuration`, as `URLSession(configuration:)`.
    public convenience init(configuration: URLSessionConfiguration) {
        self.init(configuration: configuration, delegate: nil, delegateQueue: nil)
    }

    /// A session with a delegate, as `URLSession(configuration:delegate:delegateQueue:)`.
    public convenience init(
        configuration: URLSessionConfiguration, delegate: (any SimulatedURLSessionDelegate)?,
        delegateQueue queue: OperationQueue?
    ) {
        self.init(configuration: configuration, delegate: delegate, delegateQueue: queue, queuePerPhone: false)
    }

    private init(
        configuration: URLSessionConfiguration, delegate: (any SimulatedURLSessionDelegate)?,
        delegateQueue queue: OperationQueue?, queuePerPhone: Bool
    ) {
        self.queuePerPhone = queuePerPhone
        self.callsBackOnPhoneQueue = queuePerPhone && queue == nil
        self.settings = configuration.copy() as? URLSessionConfiguration ?? configuration
        self.allowsConstrainedNetworkAccess = configuration.allowsConstrainedNetworkAccess
        self.allowsExpensiveNetworkAccess = configuration.allowsExpensiveNetworkAccess
        self.heldDelegate = delegate.map(HeldDelegate.init)
        if let queue {
            self.delegateQueue = queue
            self.callbacks = .operations(queue)
        } else {
            let serial = OperationQueue()
            serial.maxConcurrentOperationCount = 1
            self.delegateQueue = serial
            // ``shared``'s callbacks go to each phone's own queue instead: its own is for no phone's.
            let threads = queuePerPhone ? nil : SimulatedPhone.current?.callbackThreads
            self.callbacks = .serial(on: threads, label: "nse-bench.session")
        }
        // ``shared`` belongs to no phone: it is made on first use, inside whichever phone's call came
        // first, and a request through it from a queue of the extension's own must not be taken for that
        // phone's.
        self.creator = queuePerPhone ? nil : SimulatedPhone.current
        self.ownTasks = queuePerPhone ? nil : SessionTaskRegistry()
        super.init()
    }

    // MARK: Data tasks

    /// A data task whose result goes to the delegate.
    public func dataTask(with url: URL) -> URLSessionDataTask { dataTask(with: URLRequest(url: url), handler: nil) }

    /// A data task whose result goes to the delegate.
    public func dataTask(with request: URLRequest) -> URLSessionDataTask { dataTask(with: request, handler: nil) }

    /// A data task whose result goes to `completionHandler`, on the delegate queue.
    public func dataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        dataTask(with: URLRequest(url: url), handler: completionHandler)
    }

    /// A data task whose result goes to `completionHandler`, on the delegate queue.
    public func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        dataTask(with: request, handler: completionHandler)
    }

    // MARK: Download tasks

    /// A download task whose result goes to the delegate.
    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url), handler: nil)
    }

    /// A download task whose result goes to the delegate.
    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        downloadTask(with: request, handler: nil)
    }

    /// A download task whose result goes to `completionHandler`, on the delegate queue; the file is
    /// removed when the handler returns.
    public func downloadTask(
        with url: URL, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url), handler: completionHandler)
    }

    /// A download task whose result goes to `completionHandler`, on the delegate queue; the file is
    /// removed when the handler returns.
    public func downloadTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        downloadTask(with: request, handler: completionHandler)
    }

    // MARK: Upload tasks

    /// An upload task sending `bodyData` (the request's `httpBody` is ignored), whose result goes to the
    /// delegate.
    public func uploadTask(with request: URLRequest, from bodyData: Data) -> URLSessionUploadTask {
        uploadTask(with: request, body: .success(bodyData), handler: nil)
    }

    /// An upload task sending the file at `fileURL`, whose result goes to the delegate.
    public func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> URLSessionUploadTask {
        uploadTask(with: request, body: Self.contents(of: fileURL), handler: nil)
    }

    /// An upload task sending `bodyData` (the request's `httpBody` when nil), whose result (the
    /// response's body and the response) goes to `completionHandler`, on the delegate queue.
    public func uploadTask(
        with request: URLRequest, from bodyData: Data?,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionUploadTask {
        uploadTask(with: request, body: .success(bodyData ?? request.httpBody ?? Data()), handler: completionHandler)
    }

    /// An upload task sending the file at `fileURL`, whose result goes to `completionHandler`, on the
    /// delegate queue.
    public func uploadTask(
        with request: URLRequest, fromFile fileURL: URL,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionUploadTask {
        uploadTask(with: request, body: Self.contents(of: fileURL), handler: completionHandler)
    }

    /// The file's bytes, read when the task is made; a file that cannot be read fails the task with
    /// `URLError(.fileDoesNotExist)`, and nothing is sent.
    static func contents(of fileURL: URL) -> Result<Data, PhoneNetworkFailure> {
        guard let data = FileManager.default.contents(atPath: fileURL.path) else {
            return .failure(.fileDoesNotExist("cannot read the upload's file \(fileURL.path)"))
        }
        return .success(data)
    }

    // MARK: Invalidation

    /// Lets the tasks that have not ended run to their end, then tells the delegate the session is invalid
    /// (at once when none is left). Does nothing to ``shared``, as on iOS, nor a second time.
    public func finishTasksAndInvalidate() {
        let caller = SimulatedPhone.current ?? creator
        guard let invalidation = ownTasks?.invalidate(by: caller) else { return }
        if invalidation.invalidNow { reportInvalid(on: caller) }
    }

    /// Cancels every task that has not ended (each hears `URLError(.cancelled)`, as from its own
    /// `cancel()`), then tells the delegate the session is invalid. Does nothing to ``shared``, as on
    /// iOS, nor once the session is invalid. Of a session several phones use (one kept in a static, which
    /// each phone's own process would have its own copy of), only the calling phone's tasks are cancelled.
    public func invalidateAndCancel() {
        let caller = SimulatedPhone.current
        guard let invalidation = ownTasks?.invalidate(by: caller ?? creator) else { return }
        for task in invalidation.outstanding where Self.task(task, isOf: caller) { task.cancel() }
        if invalidation.invalidNow { reportInvalid(on: caller ?? creator) }
    }

    /// Tells the delegate, on its queue, that the session is invalid.
    private func reportInvalid(on phone: SimulatedPhone?) {
        guard let delegate else { return }
        nonisolated(unsafe) let unsafeDelegate = delegate
        callback(on: phone) { [self] in
            unsafeDelegate.urlSession(self, didBecomeInvalidWithError: nil)
            heldDelegate?.release()
        }
    }

    /// Runs `work`, a call into the extension's code, on the delegate queue with `phone` bound.
    func callback(on phone: SimulatedPhone?, _ work: @escaping @Sendable () -> Void) {
        callbacks(for: phone).run {
            if let phone { phone.bind(work) } else { work() }
        }
    }

    /// Where `phone`'s tasks of this session are held: the session's own, or for ``shared`` the
    /// phone's; nil for ``synchronousReads`` and for a request no phone can be found for.
    func taskRegistry(for phone: SimulatedPhone?) -> SessionTaskRegistry? {
        if let ownTasks { return ownTasks }
        return callsBackOnPhoneQueue ? phone?.sharedSessionTasks : nil
    }

    /// Holds `task`, just made by this session, until it ends.
    func register(_ task: some URLSessionTask & Sendable, driver: TransferDriver) {
        taskRegistry(for: driver.phone)?.add(task)
    }

    /// `task`'s last callback has returned: it leaves the session's tasks, and when it was the last of a
    /// session being invalidated, the delegate hears the session is invalid.
    func ended(_ task: URLSessionTask, driver: TransferDriver) {
        guard let registry = taskRegistry(for: driver.phone), registry.ended(task.taskIdentifier) else { return }
        reportInvalid(on: driver.phone)
    }

    // MARK: Building tasks

    /// A data task; `taskDelegate`, the async `data(for:delegate:)`'s, is asked about redirects before
    /// the session's delegate.
    func dataTask(
        with request: URLRequest, taskDelegate: (any SimulatedURLSessionTaskDelegate)? = nil,
        handler: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
    ) -> URLSessionDataTask {
        nonisolated(unsafe) let delegate = self.delegate as? any SimulatedURLSessionTaskDelegate
        let driver = driver(
            for: request, taskDelegate: taskDelegate,
            asksForDisposition: handler == nil && delegate is any SimulatedURLSessionDataDelegate)
        let task = SimulatedDataTask(driver: driver, identifier: Self.taskIdentifier()) {
            [self] task, data, completion in
            // The task ends with its last callback: for a data delegate that answers its response later,
            // after that answer's `didCompleteWithError`, not when this returns.
            let end: @Sendable () -> Void = { [self] in ended(task, driver: driver) }
            if let handler {
                handler(data, completion.response, completion.error)
                return end()
            }
            guard let delegate else { return end() }
            respond(to: delegate, task: task, data: data, completion: completion, then: end)
        }
        register(task, driver: driver)
        return task
    }

    func uploadTask(
        with request: URLRequest, body: Result<Data, PhoneNetworkFailure>,
        taskDelegate: (any SimulatedURLSessionTaskDelegate)? = nil,
        handler: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
    ) -> SimulatedUploadTask {
        nonisolated(unsafe) let delegate = self.delegate as? any SimulatedURLSessionTaskDelegate
        let driver = driver(
            for: request, uploading: body, taskDelegate: taskDelegate,
            asksForDisposition: handler == nil && delegate is any SimulatedURLSessionDataDelegate)
        let task = SimulatedUploadTask(driver: driver, identifier: Self.taskIdentifier()) {
            [self] task, data, completion in
            let end: @Sendable () -> Void = { [self] in ended(task, driver: driver) }
            if let handler {
                handler(data, completion.response, completion.error)
                return end()
            }
            guard let delegate else { return end() }
            if completion.error == nil, case .success(let sent) = body, !sent.isEmpty {
                let bytes = Int64(sent.count)
                delegate.urlSession(
                    self, task: task, didSendBodyData: bytes, totalBytesSent: bytes,
                    totalBytesExpectedToSend: bytes)
            }
            respond(to: delegate, task: task, data: data, completion: completion, then: end)
        }
        register(task, driver: driver)
        return task
    }

    /// Tells the delegate how `task` ended, as URLSession does. A data delegate hears the response first
    /// (`didReceive response`), then, once it allows it, the body and the completion. A disposition of
    /// `.cancel` ends the task with `URLError(.cancelled)` and the body is not handed over;
    /// `.becomeDownload` and `.becomeStream` are taken as `.allow` (not simulated). A delegate that
    /// answers later, from another thread, is heard on the delegate queue; one that never answers hears
    /// no more of the task, as on iOS, unless the task is cancelled meanwhile (it then ends as with
    /// `.cancel`). A task delegate that is not a data delegate hears the completion only.
    private func respond(
        to taskDelegate: any SimulatedURLSessionTaskDelegate, task: URLSessionDataTask, data: Data?,
        completion: TransferDriver.Completion, then end: @escaping @Sendable () -> Void
    ) {
        let driver = (task as? any DrivenTask)?.driver
        guard let delegate = taskDelegate as? any SimulatedURLSessionDataDelegate, let response = completion.response,
            completion.error == nil
        else {
            // Nothing to ask: the task ends here.
            driver?.answerCame()
            taskDelegate.urlSession(self, task: task, didCompleteWithError: completion.error)
            return end()
        }
        // Called on the delegate queue only, as every delegate method.
        nonisolated(unsafe) let unsafeDelegate = delegate
        let finish: @Sendable (URLSession.ResponseDisposition) -> Void = { [self] disposition in
            defer { end() }
            guard disposition != .cancel else {
                let url = response.url ?? task.currentRequest?.url ?? URL(fileURLWithPath: "/")
                let error = PhoneNetworkFailure.cancelled.urlError(for: url)
                unsafeDelegate.urlSession(self, task: task, didCompleteWithError: error)
                return
            }
            if let data, !data.isEmpty { unsafeDelegate.urlSession(self, dataTask: task, didReceive: data) }
            unsafeDelegate.urlSession(self, task: task, didCompleteWithError: nil)
        }
        let answer = DispositionAnswer()
        let phone = SimulatedPhone.current
        let later: @Sendable (URLSession.ResponseDisposition) -> Void = { [self] disposition in
            callbacks(for: phone).run {
                if let phone { phone.bind { finish(disposition) } } else { finish(disposition) }
            }
        }
        // The task runs until the delegate answers: `cancel()` meanwhile (`invalidateAndCancel()` on expiry)
        // ends it as a `.cancel` answer would, through the queue (never inside the delegate's own call), and
        // a later answer is ignored.
        let pending = PendingAnswer {
            guard answer.give() != .ignored else { return }
            driver?.answerCame()
            later(.cancel)
        }
        // Cancelled after the transfer ended, before its response was handed over: ended, the delegate not asked.
        if let driver, !driver.awaitAnswer(pending) { return finish(.cancel) }
        delegate.urlSession(self, dataTask: task, didReceive: response) { disposition in
            // The pending answer lives as long as this handler: the driver holds it weakly.
            withExtendedLifetime(pending) {}
            switch answer.give() {
            case .now:
                driver?.answerCame()
                finish(disposition)
            case .later:
                driver?.answerCame()
                later(disposition)
            case .ignored: break
            }
        }
        answer.returned()
    }

    /// Where this session calls back for `phone`: its own queue, or for ``shared`` the phone's.
    private func callbacks(for phone: SimulatedPhone?) -> CallbackQueue {
        callsBackOnPhoneQueue ? phone?.sharedSessionCallbacks ?? callbacks : callbacks
    }

    private func downloadTask(
        with request: URLRequest, handler: (@Sendable (URL?, URLResponse?, (any Error)?) -> Void)?
    ) -> URLSessionDownloadTask {
        nonisolated(unsafe) let delegate = self.delegate as? any SimulatedURLSessionTaskDelegate
        let driver = driver(for: request)
        let task = SimulatedDownloadTask(driver: driver, identifier: Self.taskIdentifier()) {
            [self] task, completion in
            defer { ended(task, driver: driver) }
            let location = completion.error == nil ? completion.fileURL : nil
            if let handler {
                handler(location, completion.response, completion.error)
                return
            }
            if let delegate {
                if let location, let delegate = delegate as? any SimulatedURLSessionDownloadDelegate {
                    let bytes = Int64(completion.bytes)
                    delegate.urlSession(
                        self, downloadTask: task, didWriteData: bytes, totalBytesWritten: bytes,
                        totalBytesExpectedToWrite: completion.expectedBytes)
                    delegate.urlSession(self, downloadTask: task, didFinishDownloadingTo: location)
                }
                delegate.urlSession(self, task: task, didCompleteWithError: completion.error)
            }
        }
        register(task, driver: driver)
        return task
    }

    /// The driver of a task for `request`; an upload's body, when given, replaces `httpBody` (a file
    /// that could not be read fails the task without sending it). `asksForDisposition`: a data delegate is
    /// to be asked `didReceive response` (``TransferDriver/asksForDisposition``).
    func driver(
        for request: URLRequest, uploading upload: Result<Data, PhoneNetworkFailure>? = nil,
        taskDelegate: (any SimulatedURLSessionTaskDelegate)? = nil, asksForDisposition: Bool = false
    ) -> TransferDriver {
        let phone = SimulatedPhone.current ?? creator
        if let ownTasks, ownTasks.refusesTasks(from: phone) {
            UncaughtException.raise("NSGenericException", reason: Self.invalidatedReason)
        }
        let queue = callbacks(for: phone)
        var sent = phoneRequest(for: request, on: phone)
        var failure: PhoneNetworkFailure?
        switch upload {
        case .success(let body): sent.body = body
        case .failure(let error): failure = error
        case nil: break
        }
        return TransferDriver(
            request: request, phoneRequest: sent, phone: phone, callbacks: queue, failure: failure,
            redirects: redirectPolicy(on: phone, taskDelegate: taskDelegate), asksForDisposition: asksForDisposition)
    }

    /// How this session's tasks follow redirects: asking the task's own delegate (an async method's),
    /// else the session's when it is a task delegate, and making a request it rewrote with this session's
    /// limits and fields.
    private func redirectPolicy(
        on phone: SimulatedPhone?, taskDelegate: (any SimulatedURLSessionTaskDelegate)?
    ) -> TransferDriver.RedirectPolicy {
        var question: TransferDriver.RedirectQuestion?
        if let delegate = taskDelegate ?? delegate as? any SimulatedURLSessionTaskDelegate {
            // Called on the delegate queue only, as every other delegate method.
            nonisolated(unsafe) let taskDelegate = delegate
            question = { [self] task, response, proposed, answer in
                taskDelegate.urlSession(
                    self, task: task, willPerformHTTPRedirection: response, newRequest: proposed,
                    completionHandler: answer)
            }
        }
        return TransferDriver.RedirectPolicy(question: question) { [self] in phoneRequest(for: $0, on: phone) }
    }

    /// The request with the limits iOS would apply: the request's own `timeoutInterval` when it differs
    /// from `URLRequest`'s 60 s default, else the configuration's; both multiplied by the time scale.
    func phoneRequest(for request: URLRequest, on phone: SimulatedPhone?) -> PhoneRequest {
        let scale = phone?.timeScale ?? 1
        let scaled = { (seconds: TimeInterval) in SimulatedPhone.scaledNanoseconds(seconds, timeScale: scale) }
        let requestTimeout =
            request.timeoutInterval != 60 ? request.timeoutInterval : settings.timeoutIntervalForRequest
        let idle = scaled(requestTimeout) ?? UInt64((60 * 1e9 * scale).rounded())
        var sent = PhoneRequest(
            url: request.url ?? URL(fileURLWithPath: "/"), method: request.httpMethod ?? "GET", body: request.httpBody,
            idleTimeout: idle,
            resourceTimeout: scaled(settings.timeoutIntervalForResource),
            allowsConstrainedNetworkAccess: allowsConstrainedNetworkAccess,
            headerFields: headerFields(of: request))
        // Both must allow it, as on iOS: the session's and the request's own.
        sent.allowsCellularAccess = settings.allowsCellularAccess && request.allowsCellularAccess
        sent.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        return sent
    }

    /// The request's own header fields over the configuration's `httpAdditionalHeaders`, as URLSession
    /// merges them: a name the request sets (in any case) replaces the configuration's. Of the
    /// configuration's, a `String` value is sent, and a number as its `stringValue` (as on iOS); any
    /// other value is left out.
    private func headerFields(of request: URLRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in settings.httpAdditionalHeaders ?? [:] {
            guard let name = key as? String else { continue }
            if let text = value as? String {
                fields[name] = text
            } else if let number = value as? NSNumber {
                fields[name] = number.stringValue
            }
        }
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if let replaced = fields.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                fields[replaced] = nil
            }
            fields[name] = value
        }
        return fields
    }

    static func taskIdentifier() -> Int { nextTaskIdentifier.add(1, ordering: .relaxed).oldValue }

    /// iOS's reason for the exception a task made in an invalidated session raises.
    static let invalidatedReason = "Task created in a session that has been invalidated"
}
