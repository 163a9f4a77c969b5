import Foundation
import FoundationNetworking
import Synchronization
import Testing

@testable import SimulatedDevice

/// A phone network that answers every request from a script, counting what it saw and tracking work.
final class ScriptedNetwork: PhoneNetwork {
    let requests = Mutex<[PhoneRequest]>([])
    let trackedWork = Atomic<Int>(0)
    let reply: @Sendable (PhoneRequest) async -> PhoneResponse

    init(reply: @escaping @Sendable (PhoneRequest) async -> PhoneResponse) { self.reply = reply }

    func load(_ request: PhoneRequest) async -> PhoneResponse {
        requests.withLock { $0.append(request) }
        return await reply(request)
    }

    /// Run inside `track`, after the work's task started and before it is returned.
    let whileTracking = Mutex<(@Sendable () -> Void)?>(nil)
    /// Whether `track` starts nothing, as a host whose extension process is gone.
    let processGone = Atomic<Bool>(false)

    func track(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        guard !processGone.load(ordering: .relaxed) else { return nil }
        trackedWork.add(1, ordering: .relaxed)
        let task = Task { await work() }
        trackedTasks.withLock { $0.append(task) }
        whileTracking.withLock { $0 }?()
        return task
    }

    /// The phone's clock, in nanoseconds: still unless a test moves it.
    let clock = Atomic<UInt64>(0)

    func now() -> UInt64 { clock.load(ordering: .relaxed) }

    /// The task failures the phone told of, with the URL of the last request each sent.
    let taskFailures = Mutex<[String]>([])

    func taskFailed(_ failure: PhoneNetworkFailure, after request: PhoneRequest) {
        taskFailures.withLock { $0.append("\(failure.urlError(for: request.url).code.rawValue) \(request.url.path)") }
    }

    /// The tracked work's tasks, as the host holds them (it cancels them when the process is gone).
    let trackedTasks = Mutex<[Task<Void, Never>]>([])

    /// The moves the phone's `FileManager` told of, as (from, to) paths.
    let moves = Mutex<[String]>([])

    func fileMoved(from source: String, to destination: String) {
        moves.withLock { $0.append("\(source) -> \(destination)") }
    }

    /// A response whose body is `text`, in a temporary file.
    static func body(_ text: String, status: Int = 200) -> PhoneResponse {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString).tmp")
        FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8))
        return PhoneResponse(status: status, contentType: "text/plain", bytes: text.utf8.count, fileURL: file)
    }
}

struct CallbackTimeout: Error {}

/// Collects one callback's values across threads.
final class Callback<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)
    private let onQueue = Mutex<Bool?>(nil)

    func record(_ value: Value, queue: OperationQueue) {
        stored.withLock { $0 = value }
        onQueue.withLock { $0 = OperationQueue.current === queue }
    }

    /// The value and whether it came on the expected queue; fails the test after 5 s without one.
    func wait() async throws -> (Value, Bool) {
        for _ in 0..<500 {
            if let value = stored.withLock({ $0 }) { return (value, onQueue.withLock { $0 } ?? false) }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CallbackTimeout()
    }
}

@Suite("Simulated URLSession", .timeLimit(.minutes(1)))
struct SimulatedURLSessionTests {
    static let url = URL(string: "http://127.0.0.1:8080/media/1KB.jpg")!

    @Test("a data task runs on the phone it was made on and calls back on the delegate queue it was given")
    func dataTask() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("hello") }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let session = SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue)
        let callback = Callback<String>()
        SimulatedPhone.$current.withValue(phone) {
            session.dataTask(with: Self.url) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                let phoneBound = SimulatedPhone.current === phone
                callback.record(
                    "\(String(decoding: data ?? Data(), as: UTF8.self)) \(status) \(error == nil) \(phoneBound)",
                    queue: queue)
            }.resume()
        }
        let (value, onQueue) = try await callback.wait()
        #expect(value == "hello 200 true true")
        #expect(onQueue)
        #expect(network.trackedWork.load(ordering: .relaxed) == 1)
    }

    @Test("a response holds the server's header fields: its length, type and suggested name come from them")
    func responseHeaderFields() async throws {
        let network = ScriptedNetwork { _ in
            var response = ScriptedNetwork.body("hello")
            response.headerFields = [
                "Content-Type": "image/png", "Content-Length": "5", "ETag": "\"v1\"",
                "Content-Disposition": #"attachment; filename="sale.png""#, "x-cdn": "edge-3",
            ]
            return response
        }
        let unkept = ScriptedNetwork { _ in ScriptedNetwork.body("hello") }
        /// The task's response, and what the task then says it expected to receive.
        func response(from network: ScriptedNetwork) async throws -> HTTPURLResponse {
            let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
            let queue = OperationQueue()
            let session = SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue)
            let callback = Callback<HTTPURLResponse?>()
            let task = SimulatedPhone.$current.withValue(phone) {
                session.dataTask(with: Self.url) { _, response, _ in
                    callback.record(response as? HTTPURLResponse, queue: queue)
                }
            }
            task.resume()
            let http = try #require(try await callback.wait().0)
            #expect(task.countOfBytesExpectedToReceive == http.expectedContentLength)
            return http
        }
        let http = try await response(from: network)
        let chunked = try await response(
            from: ScriptedNetwork { _ in
                var response = ScriptedNetwork.body("hello")
                response.headerFields = ["Transfer-Encoding": "chunked", "Content-Type": "image/png"]
                return response
            })
        #expect(chunked.expectedContentLength == -1, "announced none, as iOS reports it")
        #expect(http.value(forHTTPHeaderField: "etag") == "\"v1\"")
        #expect(http.allHeaderFields["x-cdn"] as? String == "edge-3")
        #expect(http.allHeaderFields.count == 5)
        #expect(http.mimeType == "image/png")
        #expect(http.expectedContentLength == 5)
        #expect(http.suggestedFilename == "sale.png", "Content-Disposition names it, as on iOS")
        // A network that kept no fields: the type it read and the body's length, and a name from the URL.
        let plain = try await response(from: unkept)
        #expect(plain.allHeaderFields.count == 2)
        #expect(plain.mimeType == "text/plain")
        #expect(plain.suggestedFilename == "1KB.jpg")
    }

    @Test("a request's own header fields go out over the session's additional ones, those URLSession writes left out")
    func requestHeaderFields() {
        let phone = SimulatedPhone(
            network: ScriptedNetwork { _ in PhoneResponse(status: 200) }, appGroupContainer: nil, timeScale: 1)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = [
            "x-app": "1", "User-Agent": "App/2", "Accept-Language": "fr", "X-Build": 42, "X-Null": NSNull(),
        ]
        let session = SimulatedURLSession(configuration: configuration)
        var request = URLRequest(url: Self.url)
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("2", forHTTPHeaderField: "X-App")
        request.setValue("9", forHTTPHeaderField: "Content-Length")
        request.setValue("keep-alive", forHTTPHeaderField: "Connection")
        request.setValue("100-continue", forHTTPHeaderField: "Expect")
        request.setValue(" \t", forHTTPHeaderField: "X-Blank")
        let sent = session.phoneRequest(for: request, on: phone)
        #expect(
            sent.headerLines == [
                "Accept-Language: fr", "Authorization: Bearer t", "User-Agent: App/2", "X-App: 2", "X-Build: 42",
            ])
        #expect(sent.refusal == nil)
        #expect(SimulatedURLSession.shared.phoneRequest(for: URLRequest(url: Self.url), on: phone).headerLines.isEmpty)
    }

    @Test("a field that cannot be written on one line is refused before anything is sent, naming it")
    func unwritableHeaderFields() {
        for (name, value) in [("X-A", "1\r\nHost: elsewhere"), ("Bad Name", "1"), ("", "1"), ("X-B", "a\u{0}b")] {
            let request = PhoneRequest(url: Self.url, idleTimeout: 1, headerFields: [name: value])
            guard case .unsupported(let why) = request.refusal else {
                Issue.record("\(name.debugDescription): \(value.debugDescription) was not refused")
                continue
            }
            #expect(why.contains(name.isEmpty || name.contains(" ") ? name.debugDescription : name))
            #expect(!why.contains("elsewhere"), "a value is not quoted: it may be a secret")
        }
        #expect(PhoneRequest(url: Self.url, idleTimeout: 1, headerFields: ["X-T": "a\tb é"]).refusal == nil)
    }

    @Test("timeouts: the request's own, the configuration's, both scaled; a day or more is no limit")
    func timeouts() {
        let phone = SimulatedPhone(
            network: ScriptedNetwork { _ in PhoneResponse(status: 200) }, appGroupContainer: nil, timeScale: 0.1)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        configuration.timeoutIntervalForResource = 30
        let session = SimulatedURLSession(configuration: configuration)
        let plain = session.phoneRequest(for: URLRequest(url: Self.url), on: phone)
        #expect(plain.idleTimeout == 1_500_000_000)
        #expect(plain.resourceTimeout == 3_000_000_000)
        let own = session.phoneRequest(for: URLRequest(url: Self.url, timeoutInterval: 5), on: phone)
        #expect(own.idleTimeout == 500_000_000)
        let defaults = SimulatedURLSession.shared.phoneRequest(for: URLRequest(url: Self.url), on: phone)
        #expect(defaults.idleTimeout == 6_000_000_000)
        #expect(defaults.resourceTimeout == nil)
    }

    @Test("a failure arrives as the URLError iOS reports; cancel before resume never reaches the network")
    func failures() async throws {
        let network = ScriptedNetwork { _ in PhoneResponse(status: 0, failure: .timedOut("idle for 60 s")) }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let session = SimulatedPhone.$current.withValue(phone) {
            SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue)
        }
        let timedOut = Callback<URLError.Code?>()
        session.downloadTask(with: Self.url) { location, _, error in
            timedOut.record((error as? URLError)?.code, queue: queue)
            #expect(location == nil)
        }.resume()
        #expect(
            try await timedOut.wait().0 == .timedOut, "made off the phone's threads, attributed to the session's phone")

        let cancelled = Callback<URLError.Code?>()
        let task = session.dataTask(with: Self.url) { _, _, error in
            cancelled.record((error as? URLError)?.code, queue: queue)
        }
        task.cancel()
        #expect(try await cancelled.wait().0 == .cancelled)
        #expect(task.state == .completed)
        let requestCount = network.requests.withLock { $0.count }
        #expect(requestCount == 1)
    }

    @Test("cancel while the transfer runs ends it at once, and the handler hears cancelled")
    func cancelWhileRunning() async throws {
        let (network, session, queue) = Self.sessionWhoseTransfersEndOnlyWhenCancelled()
        let cancelled = Callback<URLError.Code?>()
        let task = session.downloadTask(with: Self.url) { _, _, error in
            cancelled.record((error as? URLError)?.code, queue: queue)
        }
        task.resume()
        for _ in 0..<500 where network.requests.withLock({ $0.isEmpty }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(network.requests.withLock { $0.count } == 1, "the transfer started")
        task.cancel()
        #expect(try await cancelled.wait().0 == .cancelled)
        #expect(task.state == .completed)
    }

    @Test("a cancel that comes while the transfer is being handed to the phone still stops it")
    func cancelWhileStarting() async throws {
        let (network, session, queue) = Self.sessionWhoseTransfersEndOnlyWhenCancelled()
        let cancelled = Callback<URLError.Code?>()
        let task = session.dataTask(with: Self.url) { _, _, error in
            cancelled.record((error as? URLError)?.code, queue: queue)
        }
        // Cancelled from inside `track`: the transfer is running, its task not yet known to the driver.
        network.whileTracking.withLock { $0 = { task.cancel() } }
        task.resume()
        #expect(try await cancelled.wait().0 == .cancelled)
        #expect(task.state == .completed)
    }

    /// The cancellation handler of `data(from:)` / `download(from:)` runs at once for a task already
    /// cancelled, before the session's task exists: the transfer must still end (Airship's expiry cancels its
    /// task group; a download that ran on made its work outlive the expiry).
    @Test(
        "an async request from a task already cancelled ends cancelled, not after the transfer", arguments: [0, 1, 2])
    func asyncRequestFromACancelledTask(call: Int) async throws {
        let (_, session, _) = Self.sessionWhoseTransfersEndOnlyWhenCancelled()
        let outcome = Mutex<String?>(nil)
        Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                switch call {
                case 0: _ = try await session.data(from: Self.url)
                case 1: _ = try await session.download(from: Self.url)
                default: _ = try await session.upload(for: URLRequest(url: Self.url), from: Data("a".utf8))
                }
                outcome.withLock { $0 = "finished" }
            } catch {
                outcome.withLock { $0 = (error as? URLError)?.code == .cancelled ? "cancelled" : "\(error)" }
            }
        }
        // Bounded: a transfer nothing cancelled runs its 60 s, past this test.
        for _ in 0..<2000 where outcome.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(outcome.withLock { $0 } == "cancelled")
    }

    @Test("a task resumed once its process is gone ends as cancelled, and sends nothing")
    func resumedAfterTheProcessIsGone() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("never") }
        network.processGone.store(true, ordering: .relaxed)
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let session = SimulatedPhone.$current.withValue(phone) {
            SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue)
        }
        let ended = Callback<URLError.Code?>()
        session.dataTask(with: Self.url) { _, _, error in ended.record((error as? URLError)?.code, queue: queue) }
            .resume()
        #expect(try await ended.wait().0 == .cancelled)
        #expect(network.requests.withLock { $0.isEmpty })
    }

    @Test("a download's file is gone once its handler returns; one the handler moved away stays where it went")
    func downloadFileRemovedAfterHandler() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("kept or not") }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let session = SimulatedPhone.$current.withValue(phone) {
            SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue)
        }
        let left = Callback<String>()
        session.downloadTask(with: Self.url) { location, _, _ in
            left.record(location?.path ?? "", queue: queue)
        }.resume()
        let leftPath = try await left.wait().0
        #expect(!leftPath.isEmpty)
        #expect(try await Self.eventually { !FileManager.default.fileExists(atPath: leftPath) }, "removed after")

        let moved = Callback<String>()
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moved-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: destination) }
        session.downloadTask(with: Self.url) { location, _, _ in
            guard let location else { return moved.record("no file", queue: queue) }
            do {
                try FileManager.default.moveItem(at: location, to: destination)
                moved.record(location.path, queue: queue)
            } catch {
                moved.record("move failed: \(error)", queue: queue)
            }
        }.resume()
        let movedFrom = try await moved.wait().0
        #expect(movedFrom.hasPrefix("/"), "\(movedFrom)")
        try await Task.sleep(for: .milliseconds(50))  // past the removal that follows the handler
        #expect(try String(contentsOf: destination, encoding: .utf8) == "kept or not")
        #expect(!FileManager.default.fileExists(atPath: movedFrom))
    }

    /// A session of a phone whose transfers end only when cancelled (or after a minute, well past any
    /// test's wait), with its network and delegate queue.
    static func sessionWhoseTransfersEndOnlyWhenCancelled() -> (ScriptedNetwork, SimulatedURLSession, OperationQueue) {
        let network = ScriptedNetwork { _ in
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                return PhoneResponse(status: 0, failure: .cancelled)
            }
            return PhoneResponse(status: 200)
        }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let session = SimulatedPhone.$current.withValue(phone) {
            SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue)
        }
        return (network, session, queue)
    }

    /// Whether `condition` holds within a second, checked every 10 ms.
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<100 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test("a request no phone can be found for fails instead of being timed against another phone")
    func unattributed() async throws {
        let queue = OperationQueue()
        let session = SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: queue)
        let before = SimulatedURLSession.unattributedRequestCount
        let callback = Callback<URLError.Code?>()
        session.dataTask(with: Self.url) { _, _, error in callback.record((error as? URLError)?.code, queue: queue) }
            .resume()
        #expect(try await callback.wait().0 == .unsupportedURL)
        // At least this one: other suites running alongside make unattributed requests too.
        #expect(SimulatedURLSession.unattributedRequestCount >= before + 1)
    }

    @Test("URLSession.shared belongs to no phone, whichever phone's code first touched it")
    func sharedHasNoCreator() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("first") }
        let first = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        // `shared` is made lazily, inside the first call that uses it: often a phone's didReceive.
        let shared = SimulatedPhone.$current.withValue(first) { SimulatedURLSession.makeShared() }
        #expect(shared.creator == nil)
        let session = SimulatedPhone.$current.withValue(first) {
            SimulatedURLSession(configuration: .default, delegate: nil, delegateQueue: nil)
        }
        #expect(session.creator === first, "a session the code made keeps its phone")
        // A request through it from a queue of the extension's own is no phone's, not the first one's.
        let queue = OperationQueue()
        let callback = Callback<URLError.Code?>()
        shared.dataTask(with: Self.url) { _, _, error in callback.record((error as? URLError)?.code, queue: queue) }
            .resume()
        #expect(try await callback.wait().0 == .unsupportedURL)
        #expect(network.requests.withLock { $0.isEmpty })
    }

    @Test("async data(from:) and a download delegate both see the body")
    func asyncAndDelegate() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("abc") }
        let phone = SimulatedPhone(
            network: network, appGroupContainer: URL(fileURLWithPath: "/tmp/group"), timeScale: 1)
        let (data, response) = try await SimulatedPhone.$current.withValue(phone) {
            try await SimulatedURLSession.shared.data(from: Self.url)
        }
        #expect(data == Data("abc".utf8))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)

        final class Delegate: NSObject, SimulatedURLSessionDownloadDelegate, @unchecked Sendable {
            let callback = Callback<String>()
            let queue: OperationQueue
            init(queue: OperationQueue) { self.queue = queue }
            func urlSession(
                _ session: SimulatedURLSession, downloadTask: URLSessionDownloadTask,
                didFinishDownloadingTo location: URL
            ) {
                let text = (try? String(contentsOf: location, encoding: .utf8)) ?? "unreadable"
                callback.record(
                    text + " "
                        + (FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")?.path
                            ?? "none"),
                    queue: queue)
            }
        }
        let queue = OperationQueue()
        let delegate = Delegate(queue: queue)
        let session = SimulatedPhone.$current.withValue(phone) {
            SimulatedURLSession(configuration: .default, delegate: delegate, delegateQueue: queue)
        }
        session.downloadTask(with: Self.url).resume()
        #expect(try await delegate.callback.wait() == ("abc /tmp/group", true))
    }

    @Test("URLSession.shared calls back on each phone's own serial queue, as each phone's own process would")
    func sharedQueuePerPhone() {
        let network = ScriptedNetwork { _ in PhoneResponse(status: 200) }
        let first = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let second = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let session = SimulatedURLSession.shared
        let one = SimulatedPhone.$current.withValue(first) { session.driver(for: URLRequest(url: Self.url)) }
        let other = SimulatedPhone.$current.withValue(second) { session.driver(for: URLRequest(url: Self.url)) }
        guard case .serial(let firstQueue) = one.callbacks, case .serial(let secondQueue) = other.callbacks,
            case .serial(let firstShared) = first.sharedSessionCallbacks,
            case .serial(let secondShared) = second.sharedSessionCallbacks
        else {
            Issue.record("URLSession.shared's callbacks are not on a serial queue of the phone")
            return
        }
        #expect(firstQueue === firstShared)
        #expect(secondQueue === secondShared)
        #expect(firstQueue !== secondQueue)
    }

    @Test("with threads lent by the host, each phone's sessions call back in a lane of their own on them")
    func callbacksOnLentThreads() async throws {
        let threads = CountingThreads()
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("lent") }
        let first = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1, callbackThreads: threads)
        let second = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1, callbackThreads: threads)
        let shared = SimulatedURLSession.shared
        let one = SimulatedPhone.$current.withValue(first) { shared.driver(for: URLRequest(url: Self.url)) }
        let other = SimulatedPhone.$current.withValue(second) { shared.driver(for: URLRequest(url: Self.url)) }
        let own = SimulatedPhone.$current.withValue(first) { SimulatedURLSession(configuration: .ephemeral) }
        guard case .lane(let firstLane) = one.callbacks, case .lane(let secondLane) = other.callbacks,
            case .lane = own.driver(for: URLRequest(url: Self.url)).callbacks
        else {
            Issue.record("a phone with lent threads still calls back on a dispatch queue")
            return
        }
        #expect(firstLane !== secondLane)

        let body = Callback<String>()
        let queue = own.delegateQueue
        SimulatedPhone.$current.withValue(second) {
            shared.dataTask(with: Self.url) { data, _, _ in
                body.record(String(decoding: data ?? Data(), as: UTF8.self), queue: queue)
            }.resume()
        }
        #expect(try await body.wait().0 == "lent")
        #expect(threads.submitted == 1, "the completion handler ran on the lent threads")
    }
}

/// Threads lent for callbacks: a concurrent dispatch queue, counting what it was given.
final class CountingThreads: PhoneCallbackThreads {
    private let queue = DispatchQueue(label: "nse-bench.test.lent", attributes: .concurrent)
    private let count = Atomic<Int>(0)

    var submitted: Int { count.load(ordering: .relaxed) }

    func submit(_ work: @escaping @Sendable () -> Void) {
        count.add(1, ordering: .relaxed)
        queue.async(execute: work)
    }
}
