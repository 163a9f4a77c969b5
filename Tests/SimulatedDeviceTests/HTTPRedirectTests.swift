import Foundation
import FoundationNetworking
import Synchronization
import Testing

@testable import SimulatedDevice

@Suite("HTTP redirects, as URLSession follows them")
struct HTTPRedirectTests {
    static let url = URL(string: "https://cdn.example.com/a/b/pic.jpg?sig=1#top")!

    @Test("statuses: 301, 302, 303, 307 and 308 redirect; 300, 304, 305 and the rest do not")
    func statuses() {
        for status in [301, 302, 303, 307, 308] {
            #expect(HTTPRedirect(status: status, location: "/x", from: Self.url, method: "GET") != nil, "\(status)")
        }
        for status in [200, 204, 300, 304, 305, 306, 309, 400, 500] {
            #expect(HTTPRedirect(status: status, location: "/x", from: Self.url, method: "GET") == nil, "\(status)")
        }
    }

    @Test("methods: 303 and a POST's 301/302 become a GET without a body; 307, 308 and the rest keep both")
    func methods() {
        func next(_ status: Int, _ method: String) -> String {
            let redirect = HTTPRedirect(status: status, location: "/x", from: Self.url, method: method)
            return redirect.map { "\($0.method) \($0.keepsBody)" } ?? "none"
        }
        #expect(next(303, "POST") == "GET false")
        #expect(next(303, "PUT") == "GET false")
        #expect(next(303, "HEAD") == "HEAD true")
        #expect(next(301, "POST") == "GET false")
        #expect(next(302, "POST") == "GET false")
        #expect(next(302, "PUT") == "PUT true")
        #expect(next(301, "GET") == "GET true")
        #expect(next(307, "POST") == "POST true")
        #expect(next(308, "PATCH") == "PATCH true")
    }

    @Test("Location is resolved against the request's URL, and keeps its fragment when it has none")
    func locations() {
        func target(_ location: String?) -> String? {
            HTTPRedirect(status: 302, location: location, from: Self.url, method: "GET")?.url.absoluteString
        }
        #expect(target("https://other.example.org/p.png") == "https://other.example.org/p.png#top")
        #expect(target("/c/d.png?x=2") == "https://cdn.example.com/c/d.png?x=2#top")
        #expect(target("e.png") == "https://cdn.example.com/a/b/e.png#top")
        #expect(target("../f.png#mid") == "https://cdn.example.com/a/f.png#mid")
        #expect(target("//edge.example.net:8443/g") == "https://edge.example.net:8443/g#top")
        #expect(target("  /h  ") == "https://cdn.example.com/h#top")
        #expect(target(nil) == nil, "no Location: the 3xx is the task's response")
        #expect(target("") == nil)
        #expect(target("http://[bad") == nil, "a Location that makes no URL is no redirect")
        #expect(HTTPRedirect.location(in: ["location": "/l"]) == "/l", "found in any case")
        #expect(HTTPRedirect.location(in: ["Content-Type": "x"]) == nil)
        #expect(HTTPRedirect.location(in: nil) == nil)
    }

    @Test("the next request keeps the header fields and limits, and drops the body only where the method changes")
    func nextRequests() throws {
        var request = URLRequest(url: Self.url)
        request.httpMethod = "POST"
        request.httpBody = Data("form".utf8)
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        let phoneRequest = PhoneRequest(
            url: Self.url, method: "POST", body: Data("form".utf8), idleTimeout: 5, resourceTimeout: 9,
            headerFields: ["Authorization": "Bearer t"])
        let seeOther = try #require(HTTPRedirect(status: 303, location: "/done", from: Self.url, method: "POST"))
        #expect(seeOther.request(from: request).httpMethod == "GET")
        #expect(seeOther.request(from: request).httpBody == nil)
        #expect(seeOther.request(from: request).value(forHTTPHeaderField: "Authorization") == "Bearer t")
        let sent = seeOther.request(from: phoneRequest)
        #expect(sent.method == "GET" && sent.body == nil && sent.idleTimeout == 5 && sent.resourceTimeout == 9)
        #expect(sent.headerFields == ["Authorization": "Bearer t"])
        let temporary = try #require(HTTPRedirect(status: 307, location: "/again", from: Self.url, method: "POST"))
        #expect(temporary.request(from: phoneRequest).body == Data("form".utf8))
        #expect(temporary.request(from: request).url?.absoluteString == "https://cdn.example.com/again#top")
    }
}

/// A session's tasks over a network that answers each URL's path from a table.
@Suite("Simulated URLSession: redirects", .timeLimit(.minutes(1)))
struct SimulatedRedirectTests {
    static let start = URL(string: "http://127.0.0.1:8080/go")!

    /// A network answering `/go` and the paths in `redirects` with a redirect to the path given, and
    /// any other path with `final: <path>`.
    static func network(
        _ redirects: [String: (status: Int, location: String)], advancingClockBy step: UInt64 = 0
    ) -> ScriptedNetwork {
        let holder = Mutex<ScriptedNetwork?>(nil)
        let network = ScriptedNetwork { request in
            if step > 0 { holder.withLock { $0 }?.clock.add(step, ordering: .relaxed) }
            guard let redirect = redirects[request.url.path] else {
                return ScriptedNetwork.body("final: \(request.url.path)")
            }
            var response = ScriptedNetwork.body("moved")
            response.status = redirect.status
            response.headerFields = ["Location": redirect.location, "Content-Length": "5"]
            return response
        }
        holder.withLock { $0 = network }
        return network
    }

    /// Runs a data task for `request` on a session with `delegate`; returns its outcome as text and the task.
    static func run(
        _ request: URLRequest, on network: ScriptedNetwork, delegate: (any SimulatedURLSessionDelegate)? = nil,
        configuration: URLSessionConfiguration = .default
    ) async throws -> (String, URLSessionDataTask) {
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let session = SimulatedURLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        let callback = Callback<String>()
        let task = SimulatedPhone.$current.withValue(phone) {
            session.dataTask(with: request) { data, response, error in
                let http = response as? HTTPURLResponse
                let text =
                    if let error = error as? URLError {
                        "error \(error.code.rawValue)"
                    } else {
                        "\(http?.statusCode ?? 0) \(http?.url?.path ?? "-") \(String(decoding: data ?? Data(), as: UTF8.self))"
                    }
                callback.record(text, queue: queue)
            }
        }
        task.resume()
        return (try await callback.wait().0, task)
    }

    @Test("a redirect is followed to its target: the task's response, body and current request are the target's")
    func followed() async throws {
        let network = Self.network(["/go": (302, "/cdn/pic.jpg")])
        var request = URLRequest(url: Self.start)
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        let (outcome, task) = try await Self.run(request, on: network)
        #expect(outcome == "200 /cdn/pic.jpg final: /cdn/pic.jpg")
        let sent = network.requests.withLock { $0 }
        #expect(sent.map(\.url.path) == ["/go", "/cdn/pic.jpg"])
        #expect(sent.last?.headerFields == ["Authorization": "Bearer t"], "its header fields go with it")
        #expect(task.originalRequest?.url == Self.start)
        #expect(task.currentRequest?.url?.path == "/cdn/pic.jpg")
        #expect((task.response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("a chain is followed hop by hop; a redirect's body file is removed")
    func chain() async throws {
        let bodies = Mutex<[URL]>([])
        let network = ScriptedNetwork { request in
            let hops = ["/go": "/one", "/one": "https://127.0.0.1:8443/two", "/two": "/three"]
            guard let location = hops[request.url.path] else { return ScriptedNetwork.body("done") }
            var response = ScriptedNetwork.body("moved")
            bodies.withLock { $0.append(response.fileURL!) }
            response.status = 301
            response.headerFields = ["location": location]
            return response
        }
        let (outcome, _) = try await Self.run(URLRequest(url: Self.start), on: network)
        #expect(outcome == "200 /three done")
        #expect(network.requests.withLock { $0.map(\.url.absoluteString) }.last == "https://127.0.0.1:8443/three")
        for file in bodies.withLock({ $0 }) { #expect(!FileManager.default.fileExists(atPath: file.path)) }
        #expect(bodies.withLock { $0.count } == 3)
    }

    @Test("more than 16 redirects (Apple's documented limit) fail the task with URLError(.httpTooManyRedirects)")
    func tooMany() async throws {
        #expect(HTTPRedirect.limit == 16)
        let bodies = Mutex<[URL]>([])
        let network = ScriptedNetwork { _ in
            var response = ScriptedNetwork.body("moved")
            bodies.withLock { $0.append(response.fileURL!) }
            response.status = 307
            response.headerFields = ["Location": "/go"]
            return response
        }
        let (outcome, task) = try await Self.run(URLRequest(url: Self.start), on: network)
        #expect(outcome == "error \(URLError.Code.httpTooManyRedirects.rawValue)")
        #expect(network.requests.withLock { $0.count } == HTTPRedirect.limit + 1)
        #expect((task.error as? URLError)?.localizedDescription.contains("too many HTTP redirects") == true)
        #expect(network.taskFailures.withLock { $0 } == ["\(URLError.Code.httpTooManyRedirects.rawValue) /go"])
        for file in bodies.withLock({ $0 }) { #expect(!FileManager.default.fileExists(atPath: file.path)) }
        #expect(network.requests.withLock { $0.dropFirst().allSatisfy { $0.redirectedFrom == Self.start } })
    }

    @Test("a 3xx without a Location that makes a URL, or a 304, is the task's response")
    func notRedirects() async throws {
        for (status, location) in [(302, ""), (302, "http://[bad"), (304, "/elsewhere"), (300, "/elsewhere")] {
            let network = Self.network(["/go": (status, location)])
            let (outcome, _) = try await Self.run(URLRequest(url: Self.start), on: network)
            #expect(outcome == "\(status) /go moved")
            #expect(network.requests.withLock { $0.count } == 1)
        }
    }

    @Test("the resource timeout covers the whole chain; each hop is sent with what is left of it")
    func resourceTimeout() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = 1
        // Each request takes 0.4 s of the phone's clock: the third hop is sent with 0.2 s, the fourth never.
        let network = Self.network(
            ["/go": (302, "/a"), "/a": (302, "/b"), "/b": (302, "/c")], advancingClockBy: 400_000_000)
        let (outcome, _) = try await Self.run(URLRequest(url: Self.start), on: network, configuration: configuration)
        #expect(outcome == "error \(URLError.Code.timedOut.rawValue)")
        let limits = network.requests.withLock { $0.map(\.resourceTimeout) }
        #expect(limits == [1_000_000_000, 600_000_000, 200_000_000])
        #expect(network.taskFailures.withLock { $0 } == ["\(URLError.Code.timedOut.rawValue) /b"])
    }

    @Test("time a hop waited inside the harness does not count against the chain's resource timeout")
    func harnessWaitIsNotThePhones() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = 1
        // Each hop takes 0.4 s, 0.3 s of it queued in the harness: 0.1 s of the phone's time a hop.
        let holder = Mutex<ScriptedNetwork?>(nil)
        let network = ScriptedNetwork { request in
            holder.withLock { $0 }?.clock.add(400_000_000, ordering: .relaxed)
            let hops = ["/go": "/a", "/a": "/b", "/b": "/c"]
            var response = ScriptedNetwork.body(hops[request.url.path] == nil ? "done" : "moved")
            response.harnessWait = 300_000_000
            if let location = hops[request.url.path] {
                response.status = 302
                response.headerFields = ["Location": location]
            }
            return response
        }
        holder.withLock { $0 = network }
        let (outcome, _) = try await Self.run(URLRequest(url: Self.start), on: network, configuration: configuration)
        #expect(outcome == "200 /c done")
        let limits = network.requests.withLock { $0.map(\.resourceTimeout) }
        #expect(limits == [1_000_000_000, 900_000_000, 800_000_000, 700_000_000])
    }

    @Test("POST: a 303 goes on as a GET without the body, a 307 sends the body again")
    func methods() async throws {
        var request = URLRequest(url: Self.start)
        request.httpMethod = "POST"
        request.httpBody = Data("form".utf8)
        let seeOther = Self.network(["/go": (303, "/result")])
        _ = try await Self.run(request, on: seeOther)
        #expect(seeOther.requests.withLock { $0.map { "\($0.method) \($0.body?.count ?? 0)" } } == ["POST 4", "GET 0"])
        let temporary = Self.network(["/go": (307, "/retry")])
        _ = try await Self.run(request, on: temporary)
        #expect(
            temporary.requests.withLock { $0.map { "\($0.method) \($0.body?.count ?? 0)" } } == ["POST 4", "POST 4"])
    }

    /// A delegate that answers each redirect with `answer` of the proposed request, on the queue it records.
    final class RedirectDelegate: SimulatedURLSessionTaskDelegate, Sendable {
        let answer: @Sendable (URLRequest) -> URLRequest?
        let asked = Mutex<[String]>([])

        init(answer: @escaping @Sendable (URLRequest) -> URLRequest?) { self.answer = answer }

        func urlSession(
            _ session: SimulatedURLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            let onQueue = OperationQueue.current === session.delegateQueue
            let phoneBound = SimulatedPhone.current != nil
            asked.withLock {
                $0.append("\(response.statusCode) \(request.url?.path ?? "-") \(onQueue) \(phoneBound)")
            }
            completionHandler(answer(request))
        }
    }

    @Test("the delegate is asked on its queue, with the phone bound, and may rewrite the next request")
    func delegateRewrites() async throws {
        let delegate = RedirectDelegate { proposed in
            var rewritten = proposed
            rewritten.setValue("1", forHTTPHeaderField: "X-Followed")
            return rewritten
        }
        let network = Self.network(["/go": (302, "/cdn")])
        let (outcome, task) = try await Self.run(URLRequest(url: Self.start), on: network, delegate: delegate)
        #expect(outcome == "200 /cdn final: /cdn")
        #expect(delegate.asked.withLock { $0 } == ["302 /cdn true true"])
        #expect(network.requests.withLock { $0.last?.headerFields } == ["X-Followed": "1"])
        #expect(task.currentRequest?.value(forHTTPHeaderField: "X-Followed") == "1")
    }

    @Test("the async methods' own delegate is asked instead of the session's")
    func asyncTaskDelegate() async throws {
        let network = Self.network(["/go": (302, "/cdn")])
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let sessionDelegate = RedirectDelegate { $0 }
        let session = SimulatedURLSession(configuration: .default, delegate: sessionDelegate, delegateQueue: nil)
        let declining = RedirectDelegate { _ in nil }
        let (data, response) = try await SimulatedPhone.$current.withValue(phone) {
            try await session.data(from: Self.start, delegate: declining)
        }
        #expect((response as? HTTPURLResponse)?.statusCode == 302)
        #expect(String(decoding: data, as: UTF8.self) == "moved")
        #expect(declining.asked.withLock { $0.count } == 1)
        #expect(sessionDelegate.asked.withLock { $0.isEmpty })
        let (file, downloaded) = try await SimulatedPhone.$current.withValue(phone) {
            try await session.download(from: Self.start, delegate: RedirectDelegate { $0 })
        }
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(downloaded.url?.path == "/cdn")
        #expect(try String(contentsOf: file, encoding: .utf8) == "final: /cdn")
    }

    @Test("a delegate that answers nil keeps the redirect: its status and body are the task's")
    func delegateDeclines() async throws {
        let delegate = RedirectDelegate { _ in nil }
        let network = Self.network(["/go": (302, "/cdn")])
        let (outcome, task) = try await Self.run(URLRequest(url: Self.start), on: network, delegate: delegate)
        #expect(outcome == "302 /go moved")
        #expect(network.requests.withLock { $0.count } == 1)
        #expect(task.currentRequest?.url == Self.start)
    }

    @Test("a task cancelled while its delegate has not answered ends as cancelled, and the late answer is ignored")
    func cancelledWhileAsked() async throws {
        /// Keeps the completion handler without calling it.
        final class Silent: SimulatedURLSessionTaskDelegate, Sendable {
            let handler = Mutex<(@Sendable (URLRequest?) -> Void)?>(nil)
            func urlSession(
                _ session: SimulatedURLSession, task: URLSessionTask,
                willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
                completionHandler: @escaping (URLRequest?) -> Void
            ) {
                nonisolated(unsafe) let later = completionHandler
                let kept: @Sendable (URLRequest?) -> Void = { later($0) }
                handler.withLock { $0 = kept }
            }
        }
        let network = Self.network(["/go": (302, "/cdn")])
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let silent = Silent()
        let session = SimulatedURLSession(configuration: .default, delegate: silent, delegateQueue: queue)
        let callback = Callback<String>()
        let task = SimulatedPhone.$current.withValue(phone) {
            session.dataTask(with: Self.start) { _, _, error in
                callback.record("\((error as? URLError)?.code.rawValue ?? 0)", queue: queue)
            }
        }
        task.resume()
        for _ in 0..<500 where silent.handler.withLock({ $0 == nil }) { try await Task.sleep(for: .milliseconds(10)) }
        let answer = try #require(silent.handler.withLock { $0 })
        task.cancel()
        #expect(try await callback.wait().0 == "\(URLError.Code.cancelled.rawValue)")
        answer(URLRequest(url: Self.start))  // late: ignored, not a crash
        try await Task.sleep(for: .milliseconds(50))
        #expect(network.requests.withLock { $0.count } == 1, "the late answer sends nothing")
    }

    @Test("the host ending the work while the delegate is asked ends the task as cancelled, not with the 302")
    func hostCancelsWhileAsked() async throws {
        let network = Self.network(["/go": (302, "/cdn")])
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let queue = OperationQueue()
        let asked = Mutex(false)
        let delegate = RedirectDelegate { _ in
            asked.withLock { $0 = true }
            return nil
        }
        // The delegate queue is held until the work was cancelled: the question comes too late to be asked.
        queue.isSuspended = true
        let session = SimulatedURLSession(configuration: .default, delegate: delegate, delegateQueue: queue)
        let callback = Callback<String>()
        SimulatedPhone.$current.withValue(phone) {
            session.dataTask(with: Self.start) { _, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                callback.record("\(status) \((error as? URLError)?.code.rawValue ?? 0)", queue: queue)
            }.resume()
        }
        for _ in 0..<500 where queue.operationCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        for task in network.trackedTasks.withLock({ $0 }) { task.cancel() }
        try await Task.sleep(for: .milliseconds(20))
        queue.isSuspended = false
        #expect(try await callback.wait().0 == "0 \(URLError.Code.cancelled.rawValue)")
        #expect(!asked.withLock { $0 }, "a question after the cancel is not put to the delegate")
        #expect(network.taskFailures.withLock { $0 } == ["\(URLError.Code.cancelled.rawValue) /go"], "for the record")
    }
}
