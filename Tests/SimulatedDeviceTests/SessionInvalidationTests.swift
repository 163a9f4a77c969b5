import Foundation
import FoundationNetworking
import Synchronization
import Testing

@testable import SimulatedDevice

/// A session's tasks that have not ended, as `getAllTasks` lists them, and its invalidation:
/// `invalidateAndCancel` cancels them, `finishTasksAndInvalidate` lets them end, and the delegate hears
/// `didBecomeInvalidWithError` after the last of them.
@Suite("Simulated URLSession: its tasks and its invalidation", .timeLimit(.minutes(1)))
struct SessionInvalidationTests {
    static let url = URL(string: "http://127.0.0.1:8080/media/1KB.jpg")!

    /// A network whose transfers wait until released (then answer "done"), or end cancelled.
    final class HeldNetwork: Sendable {
        /// Whether transfers may answer.
        final class Gate: Sendable {
            let open = Atomic<Bool>(false)
        }

        let gate = Gate()
        let network: ScriptedNetwork

        init() {
            let gate = self.gate
            network = ScriptedNetwork { _ in
                // Bounded: a transfer left neither released nor cancelled (a failing test) stops after 60 s.
                for _ in 0..<12_000 where !gate.open.load(ordering: .relaxed) {
                    do {
                        try await Task.sleep(for: .milliseconds(5))
                    } catch {
                        return PhoneResponse(status: 0, failure: .cancelled)
                    }
                }
                return ScriptedNetwork.body("done")
            }
        }

        func release() { gate.open.store(true, ordering: .relaxed) }

        /// Waits until `count` requests reached the network.
        func sent(_ count: Int) async throws {
            for _ in 0..<500 where network.requests.withLock({ $0.count }) < count {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(network.requests.withLock { $0.count } == count, "\(count) transfers started")
        }
    }

    /// A delegate writing down, in order, what it heard, with whether each came on its queue: a task
    /// delegate only (neither a data nor a download delegate), which URLSession tells of every task's end.
    final class EventLog: NSObject, SimulatedURLSessionTaskDelegate, @unchecked Sendable {
        let events = Mutex<[String]>([])
        let queue = OperationQueue()

        func note(_ event: String) {
            let onQueue = OperationQueue.current === queue
            events.withLock { $0.append(onQueue ? event : "\(event) (off its queue)") }
        }

        func urlSession(_ session: SimulatedURLSession, didBecomeInvalidWithError error: (any Error)?) {
            note("invalid")
        }

        func urlSession(
            _ session: SimulatedURLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
        ) {
            note("task \(task.taskIdentifier) " + ((error as? URLError).map { "\($0.code.rawValue)" } ?? "ok"))
        }

        /// The events once `count` have come, within 5 s.
        func wait(for count: Int) async throws -> [String] {
            for _ in 0..<500 where events.withLock({ $0.count }) < count {
                try await Task.sleep(for: .milliseconds(10))
            }
            return events.withLock { $0 }
        }
    }

    static func session(_ held: HeldNetwork, delegate: EventLog) -> (SimulatedPhone, SimulatedURLSession) {
        let phone = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let session = SimulatedPhone.$current.withValue(phone) {
            SimulatedURLSession(configuration: .default, delegate: delegate, delegateQueue: delegate.queue)
        }
        return (phone, session)
    }

    static let cancelled = URLError.Code.cancelled.rawValue

    @Test("invalidateAndCancel cancels every task not ended, resumed or not, and only then is the session invalid")
    func invalidateAndCancel() async throws {
        let held = HeldNetwork()
        let log = EventLog()
        let (phone, session) = Self.session(held, delegate: log)
        let (running, waiting) = SimulatedPhone.$current.withValue(phone) {
            (session.dataTask(with: Self.url), session.downloadTask(with: Self.url))
        }
        running.resume()
        try await held.sent(1)
        session.invalidateAndCancel()
        let events = try await log.wait(for: 3)
        #expect(
            Set(events.prefix(2))
                == [
                    "task \(running.taskIdentifier) \(Self.cancelled)",
                    "task \(waiting.taskIdentifier) \(Self.cancelled)",
                ])
        #expect(events.last == "invalid")
        #expect(running.state == .completed && waiting.state == .completed)
        #expect(held.network.requests.withLock { $0.count } == 1, "the task never resumed sent nothing")

        session.invalidateAndCancel()
        session.finishTasksAndInvalidate()
        try await Task.sleep(for: .milliseconds(50))
        #expect(log.events.withLock { $0.count } == 3, "a second invalidation tells nothing more")
    }

    @Test("finishTasksAndInvalidate lets a running task end well, then tells the delegate; with none, at once")
    func finishTasksAndInvalidate() async throws {
        let held = HeldNetwork()
        let log = EventLog()
        let (phone, session) = Self.session(held, delegate: log)
        let task = SimulatedPhone.$current.withValue(phone) { session.dataTask(with: Self.url) }
        task.resume()
        try await held.sent(1)
        session.finishTasksAndInvalidate()
        try await Task.sleep(for: .milliseconds(50))
        #expect(log.events.withLock { $0 }.isEmpty, "invalid before its task ended")
        held.release()
        #expect(try await log.wait(for: 2) == ["task \(task.taskIdentifier) ok", "invalid"])

        let idle = EventLog()
        let (_, empty) = Self.session(HeldNetwork(), delegate: idle)
        empty.finishTasksAndInvalidate()
        #expect(try await idle.wait(for: 1) == ["invalid"])
    }

    @Test("getAllTasks lists the tasks not ended, on the delegate queue; getTasks sorts them by kind")
    func listsTasks() async throws {
        let held = HeldNetwork()
        let log = EventLog()
        let (phone, session) = Self.session(held, delegate: log)
        let (data, upload, download, finished) = SimulatedPhone.$current.withValue(phone) {
            (
                session.dataTask(with: Self.url),
                session.uploadTask(with: URLRequest(url: Self.url), from: Data("a".utf8)),
                session.downloadTask(with: Self.url), session.dataTask(with: Self.url)
            )
        }
        finished.cancel()
        #expect(try await log.wait(for: 1) == ["task \(finished.taskIdentifier) \(Self.cancelled)"])
        let unresumed = Callback<[Int]>()
        session.getAllTasks { tasks in unresumed.record(tasks.map(\.taskIdentifier), queue: log.queue) }
        #expect(try await unresumed.wait().0 == [], "a task never resumed is not listed, as on iOS")
        for task in [data, upload, download] { task.resume() }
        try await held.sent(3)

        let listed = Callback<[Int]>()
        session.getAllTasks { tasks in listed.record(tasks.map(\.taskIdentifier), queue: log.queue) }
        let (identifiers, onQueue) = try await listed.wait()
        #expect(identifiers == [data, upload, download].map(\.taskIdentifier))
        #expect(onQueue)

        let sorted = Callback<[[Int]]>()
        session.getTasksWithCompletionHandler { data, uploads, downloads in
            let identifiers = [
                data.map(\.taskIdentifier), uploads.map(\.taskIdentifier), downloads.map(\.taskIdentifier),
            ]
            sorted.record(identifiers, queue: log.queue)
        }
        #expect(
            try await sorted.wait().0 == [[data.taskIdentifier], [upload.taskIdentifier], [download.taskIdentifier]])
        #expect(await session.allTasks.map(\.taskIdentifier) == identifiers)
        let (dataTasks, uploads, downloads) = await session.tasks
        #expect(dataTasks.count == 1 && uploads.count == 1 && downloads.count == 1)
        session.invalidateAndCancel()
    }

    /// A data delegate that answers `didReceive response` only after the call returned, from another thread
    /// (it keeps the handlers for the test to call); or that drops the handler unanswered; or that cancels its
    /// task inside that call and notes when the call returns.
    final class LateAnswer: NSObject, SimulatedURLSessionDataDelegate, @unchecked Sendable {
        enum Conduct { case keepsHandler, dropsHandler, cancelsInside }

        let log = EventLog()
        let answers = Mutex<[@Sendable (URLSession.ResponseDisposition) -> Void]>([])
        let conduct: Conduct

        init(_ conduct: Conduct = .keepsHandler) {
            self.conduct = conduct
            log.queue.maxConcurrentOperationCount = 1
        }

        func urlSession(_ session: SimulatedURLSession, didBecomeInvalidWithError error: (any Error)?) {
            log.note("invalid")
        }

        func urlSession(
            _ session: SimulatedURLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
        ) {
            log.note("task " + ((error as? URLError).map { "\($0.code.rawValue)" } ?? "ok"))
        }

        func urlSession(
            _ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            log.note("response")
            switch conduct {
            case .keepsHandler: answers.withLock { $0.append(completionHandler) }
            case .dropsHandler: break
            case .cancelsInside:
                dataTask.cancel()
                log.note("returned")
            }
        }

        func urlSession(_ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            log.note("data")
        }
    }

    /// A phone on a network that answers at once, a session on it whose delegate is `delegate`, and a data
    /// task of that session, made and not resumed.
    static func delegated(_ delegate: LateAnswer) -> (SimulatedPhone, SimulatedURLSession, URLSessionDataTask) {
        let held = HeldNetwork()
        held.release()
        let phone = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let session = SimulatedPhone.$current.withValue(phone) {
            SimulatedURLSession(configuration: .default, delegate: delegate, delegateQueue: delegate.log.queue)
        }
        return (phone, session, SimulatedPhone.$current.withValue(phone) { session.dataTask(with: Self.url) })
    }

    @Test("a data delegate's later answer: the task is listed until its completion, and invalid comes after it")
    func lateDispositionEndsTheTask() async throws {
        let delegate = LateAnswer()
        let (_, session, task) = Self.delegated(delegate)
        task.resume()
        #expect(try await delegate.log.wait(for: 1) == ["response"])
        session.finishTasksAndInvalidate()
        // Nothing more can come before the answer: a barrier on the (serial) delegate queue.
        let barrier = Callback<Bool>()
        delegate.log.queue.addOperation { barrier.record(true, queue: delegate.log.queue) }
        _ = try await barrier.wait()
        #expect(delegate.log.events.withLock { $0 } == ["response"], "invalid before the task's completion")
        let answer = try #require(delegate.answers.withLock { $0.first })
        answer(.allow)
        #expect(try await delegate.log.wait(for: 4) == ["response", "data", "task ok", "invalid"])
    }

    @Test("a data delegate that has not answered: the task runs, invalidateAndCancel ends it cancelled, then invalid")
    func unansweredDispositionIsCancelled() async throws {
        let delegate = LateAnswer()
        let (phone, session, task) = Self.delegated(delegate)
        task.resume()
        #expect(try await delegate.log.wait(for: 1) == ["response"])
        #expect(task.state == .running, "waiting for the delegate's answer, as on iOS")
        let listed = await SimulatedPhone.$current.withValue(phone) { await session.allTasks }
        #expect(listed.map(\.taskIdentifier) == [task.taskIdentifier])
        SimulatedPhone.$current.withValue(phone) { session.invalidateAndCancel() }
        #expect(try await delegate.log.wait(for: 3) == ["response", "task \(Self.cancelled)", "invalid"])
        #expect(task.state == .completed)
        // The delegate's answer, come too late, changes nothing.
        let answer = try #require(delegate.answers.withLock { $0.first })
        answer(.allow)
        let barrier = Callback<Bool>()
        delegate.log.queue.addOperation { barrier.record(true, queue: delegate.log.queue) }
        _ = try await barrier.wait()
        #expect(delegate.log.events.withLock { $0.count } == 3)
    }

    @Test("a data delegate that drops its handler unanswered keeps nothing alive: task, session and phone go")
    func droppedAnswerKeepsNothing() async throws {
        let delegate = LateAnswer(.dropsHandler)
        weak var weakTask: URLSessionDataTask?
        weak var weakSession: SimulatedURLSession?
        weak var weakPhone: SimulatedPhone?
        do {
            let (phone, session, task) = Self.delegated(delegate)
            (weakTask, weakSession, weakPhone) = (task, session, phone)
            task.resume()
            #expect(try await delegate.log.wait(for: 1) == ["response"])
        }
        for _ in 0..<300 where weakTask != nil || weakSession != nil || weakPhone != nil {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(weakTask == nil && weakSession == nil && weakPhone == nil)
    }

    @Test("a cancel inside didReceive response ends the task after that call returned, on the delegate queue")
    func cancelInsideTheResponseCall() async throws {
        let delegate = LateAnswer(.cancelsInside)
        Self.delegated(delegate).2.resume()
        #expect(try await delegate.log.wait(for: 3) == ["response", "returned", "task \(Self.cancelled)"])
    }

    @Test("a cancel while the response waits on the delegate queue ends the task, the delegate not asked")
    func cancelBeforeTheResponseIsHandedOver() async throws {
        let delegate = LateAnswer()
        delegate.log.queue.isSuspended = true
        let (phone, session, task) = Self.delegated(delegate)
        task.resume()
        let driver = try #require((task as? SimulatedDataTask)?.driver)
        for _ in 0..<500 where driver.completion == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(driver.completion != nil, "the transfer ended; its response waits on the suspended queue")
        #expect(task.state == .running)
        SimulatedPhone.$current.withValue(phone) { session.invalidateAndCancel() }
        delegate.log.queue.isSuspended = false
        #expect(try await delegate.log.wait(for: 2) == ["task \(Self.cancelled)", "invalid"])
        #expect(task.state == .completed)
    }

    @Test("a static session another phone invalidated: this phone's invalidateAndCancel still cancels its tasks")
    func secondPhoneCancelsItsOwn() async throws {
        let held = HeldNetwork()
        let log = EventLog()
        log.queue.maxConcurrentOperationCount = 1
        let first = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let second = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let session = SimulatedURLSession(configuration: .default, delegate: log, delegateQueue: log.queue)
        SimulatedPhone.$current.withValue(first) { session.invalidateAndCancel() }
        #expect(try await log.wait(for: 1) == ["invalid"])
        // The delegate was let go once it heard the session was invalid: the second phone's task reports to
        // its completion handler.
        let ended = Callback<Int>()
        let theirs = SimulatedPhone.$current.withValue(second) {
            session.dataTask(with: Self.url) { _, _, error in
                ended.record((error as? URLError)?.code.rawValue ?? 0, queue: log.queue)
            }
        }
        theirs.resume()
        try await held.sent(1)
        SimulatedPhone.$current.withValue(second) { session.invalidateAndCancel() }
        #expect(try await ended.wait().0 == Self.cancelled)
        #expect(log.events.withLock { $0 } == ["invalid"], "told once")
    }

    @Test("invalidateAndCancel after finishTasksAndInvalidate cancels what is still running; invalid is told once")
    func cancelAfterFinish() async throws {
        let held = HeldNetwork()
        let log = EventLog()
        log.queue.maxConcurrentOperationCount = 1
        let (phone, session) = Self.session(held, delegate: log)
        let task = SimulatedPhone.$current.withValue(phone) { session.dataTask(with: Self.url) }
        task.resume()
        try await held.sent(1)
        session.finishTasksAndInvalidate()
        session.invalidateAndCancel()
        #expect(try await log.wait(for: 2) == ["task \(task.taskIdentifier) \(Self.cancelled)", "invalid"])
        session.invalidateAndCancel()
        let barrier = Callback<Bool>()
        session.getAllTasks { _ in barrier.record(true, queue: log.queue) }
        _ = try await barrier.wait()
        #expect(log.events.withLock { $0.count } == 2)
    }

    /// A session kept in a static is one per phone on iOS (each phone's process has its own): here phones
    /// share it, so what one phone lists or cancels is its own tasks only.
    @Test("a session several phones share: each lists its own tasks, and invalidateAndCancel cancels only its own")
    func sharedStaticSessionIsEachPhones() async throws {
        let held = HeldNetwork()
        let log = EventLog()
        let first = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let second = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let session = SimulatedURLSession(configuration: .default, delegate: log, delegateQueue: log.queue)
        let mine = SimulatedPhone.$current.withValue(first) { session.dataTask(with: Self.url) }
        let theirs = SimulatedPhone.$current.withValue(second) { session.dataTask(with: Self.url) }
        mine.resume()
        theirs.resume()
        try await held.sent(2)
        let listed = await SimulatedPhone.$current.withValue(first) { await session.allTasks }
        #expect(listed.map(\.taskIdentifier) == [mine.taskIdentifier])
        SimulatedPhone.$current.withValue(first) { session.invalidateAndCancel() }
        #expect(try await log.wait(for: 1) == ["task \(mine.taskIdentifier) \(Self.cancelled)"])
        #expect(theirs.state == .running, "another phone's download went on")
        held.release()
        #expect(
            try await log.wait(for: 3) == [
                "task \(mine.taskIdentifier) \(Self.cancelled)", "task \(theirs.taskIdentifier) ok", "invalid",
            ])
    }

    /// An extension that holds its session and is its delegate.
    final class OwningDelegate: NSObject, SimulatedURLSessionTaskDelegate, @unchecked Sendable {
        var session: SimulatedURLSession?
        let invalid = Atomic<Bool>(false)

        func urlSession(_ session: SimulatedURLSession, didBecomeInvalidWithError error: (any Error)?) {
            invalid.store(true, ordering: .relaxed)
        }
    }

    @Test("once invalid, the session lets its delegate go: a delegate holding its session is not kept, nor its phone")
    func invalidSessionReleasesItsDelegate() async throws {
        weak var delegate: OwningDelegate?
        weak var phone: SimulatedPhone?
        do {
            let held = HeldNetwork()
            let madePhone = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
            let owner = OwningDelegate()
            owner.session = SimulatedPhone.$current.withValue(madePhone) {
                SimulatedURLSession(configuration: .default, delegate: owner, delegateQueue: nil)
            }
            (delegate, phone) = (owner, madePhone)
            owner.session?.finishTasksAndInvalidate()
            for _ in 0..<500 where !owner.invalid.load(ordering: .relaxed) {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        for _ in 0..<500 where delegate != nil || phone != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(delegate == nil && phone == nil)
    }

    @Test("URLSession.shared lists only the calling phone's tasks, and invalidating it cancels nothing")
    func sharedIsEachPhones() async throws {
        let held = HeldNetwork()
        let first = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let second = SimulatedPhone(network: held.network, appGroupContainer: nil, timeScale: 1)
        let shared = SimulatedURLSession.makeShared()
        let queue = OperationQueue()
        let outcome = Callback<String>()
        let mine = SimulatedPhone.$current.withValue(first) {
            shared.dataTask(with: Self.url) { data, _, error in
                outcome.record(error.map { "\($0)" } ?? String(decoding: data ?? Data(), as: UTF8.self), queue: queue)
            }
        }
        let theirs = SimulatedPhone.$current.withValue(second) { shared.downloadTask(with: Self.url) }
        mine.resume()
        theirs.resume()
        try await held.sent(2)
        let firstTasks = await SimulatedPhone.$current.withValue(first) { await shared.allTasks }
        let secondTasks = await SimulatedPhone.$current.withValue(second) { await shared.allTasks }
        #expect(firstTasks.map(\.taskIdentifier) == [mine.taskIdentifier])
        #expect(secondTasks.map(\.taskIdentifier) == [theirs.taskIdentifier])
        #expect(await shared.allTasks.isEmpty, "no phone, no tasks")

        SimulatedPhone.$current.withValue(first) { shared.invalidateAndCancel() }
        held.release()
        #expect(try await outcome.wait().0 == "done", "the shared session's task ran on")
        #expect(await SimulatedPhone.$current.withValue(first) { await shared.allTasks }.isEmpty)
    }

    @Test("an async download is one of the session's tasks, and invalidateAndCancel ends it cancelled")
    func asyncDownloadIsCancelled() async throws {
        let held = HeldNetwork()
        let log = EventLog()
        let (phone, session) = Self.session(held, delegate: log)
        let outcome = Mutex<String?>(nil)
        Task {
            do {
                _ = try await SimulatedPhone.$current.withValue(phone) { try await session.download(from: Self.url) }
                outcome.withLock { $0 = "finished" }
            } catch {
                outcome.withLock { $0 = (error as? URLError)?.code == .cancelled ? "cancelled" : "\(error)" }
            }
        }
        try await held.sent(1)
        let listed = await session.allTasks
        #expect(listed.count == 1 && listed.first is URLSessionDownloadTask)
        #expect(listed.first?.taskIdentifier != 0, "an identifier of its own")
        session.invalidateAndCancel()
        #expect(try await log.wait(for: 1) == ["invalid"])
        for _ in 0..<500 where outcome.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(outcome.withLock { $0 } == "cancelled")
    }

    @Test("a delegate that is a task delegate only hears each task's end: data, upload and download")
    func taskDelegateHearsEveryEnd() async throws {
        let held = HeldNetwork()
        held.release()
        let log = EventLog()
        let (phone, session) = Self.session(held, delegate: log)
        let tasks = SimulatedPhone.$current.withValue(phone) {
            [
                session.dataTask(with: Self.url),
                session.uploadTask(with: URLRequest(url: Self.url), from: Data("a".utf8)),
                session.downloadTask(with: Self.url),
            ]
        }
        for task in tasks { task.resume() }
        let events = try await log.wait(for: 3)
        #expect(Set(events) == Set(tasks.map { "task \($0.taskIdentifier) ok" }))
    }

    /// iOS raises an exception for a task made in a session once invalidation was asked for (a crash, shown
    /// end to end in `ExtensionProcessTests`); a session kept in a static stays valid for the phones that did
    /// not ask, each phone's own process having its own copy of it.
    @Test("a session refuses tasks to the phone that asked for its invalidation, and only to it, from the asking on")
    func refusesTasksAfterInvalidation() {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("done") }
        let first = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let second = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let registry = SessionTaskRegistry()
        #expect(!registry.refusesTasks(from: first) && !registry.refusesTasks(from: nil), "valid: refuses none")
        // Invalidating, with no task outstanding: invalid at once.
        #expect(registry.invalidate(by: first)?.invalidNow == true)
        #expect(registry.refusesTasks(from: first))
        #expect(!registry.refusesTasks(from: second), "another phone's copy is valid")
        #expect(!registry.refusesTasks(from: nil))
        // The second phone's own call: now its copy is invalid too.
        // Its first asking: the tasks outstanding are handed back for it to cancel its own; then nothing more.
        #expect(registry.invalidate(by: second)?.invalidNow == false)
        #expect(registry.invalidate(by: second) == nil)
        #expect(registry.refusesTasks(from: second))

        let ofNoPhone = SessionTaskRegistry()
        let running = SimulatedPhone.$current.withValue(first) { SimulatedURLSession.shared.dataTask(with: Self.url) }
        ofNoPhone.add(running)
        #expect(ofNoPhone.invalidate(by: nil)?.invalidNow == false, "a task outstanding: invalidating")
        #expect(ofNoPhone.refusesTasks(from: nil), "refused while its tasks end, as iOS does")
        #expect(!ofNoPhone.refusesTasks(from: first))
    }
}
