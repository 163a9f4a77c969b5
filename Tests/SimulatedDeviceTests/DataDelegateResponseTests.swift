import Foundation
import FoundationNetworking
import Synchronization
import Testing

@testable import SimulatedDevice

/// A data delegate that answers `didReceive response` with `answer`, and notes what it is told, in order,
/// with whether each call came on the session's delegate queue.
final class RespondingDelegate: SimulatedURLSessionDataDelegate, Sendable {
    /// How the delegate answers the response.
    enum Answer: Sendable {
        case now(URLSession.ResponseDisposition)
        /// From another thread, a moment after the call returned.
        case later(URLSession.ResponseDisposition)
        case twice(URLSession.ResponseDisposition, URLSession.ResponseDisposition)
        case never
    }

    let answer: Answer
    let events = Mutex<[String]>([])

    init(_ answer: Answer) { self.answer = answer }

    private func note(_ event: String, _ session: SimulatedURLSession) {
        let onQueue = OperationQueue.current === session.delegateQueue
        events.withLock { $0.append(onQueue ? event : "\(event) (off the queue)") }
    }

    func urlSession(
        _ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        note("response \((response as? HTTPURLResponse)?.statusCode ?? 0)", session)
        switch answer {
        case .now(let disposition): completionHandler(disposition)
        case .later(let disposition):
            nonisolated(unsafe) let handler = completionHandler
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { handler(disposition) }
        case .twice(let first, let second):
            completionHandler(first)
            completionHandler(second)
        case .never: break
        }
    }

    func urlSession(_ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        note("data \(String(decoding: data, as: UTF8.self))", session)
    }

    func urlSession(_ session: SimulatedURLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        note("complete \((error as? URLError)?.code.rawValue ?? 0)", session)
    }

    /// The events once `count` have come; fails the test after 5 s.
    func events(count: Int) async throws -> [String] {
        for _ in 0..<500 {
            let seen = events.withLock { $0 }
            if seen.count >= count { return seen }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CallbackTimeout()
    }
}

@Suite("Simulated URLSession: a data delegate hears the response first", .timeLimit(.minutes(1)))
struct DataDelegateResponseTests {
    static let url = URL(string: "http://127.0.0.1:8080/media/1KB.jpg")!

    /// Runs a delegate-driven data task answered by `response`; the delegate's events once `count` came.
    static func events(
        _ answer: RespondingDelegate.Answer, count: Int,
        response: @escaping @Sendable (PhoneRequest) -> PhoneResponse = { _ in ScriptedNetwork.body("hello") }
    ) async throws -> [String] {
        let network = ScriptedNetwork { response($0) }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let delegate = RespondingDelegate(answer)
        let session = SimulatedURLSession(configuration: .default, delegate: delegate, delegateQueue: OperationQueue())
        SimulatedPhone.$current.withValue(phone) { session.dataTask(with: Self.url).resume() }
        return try await delegate.events(count: count)
    }

    @Test("allowed: the response, then the body, then the completion, all on the delegate queue")
    func allowed() async throws {
        #expect(try await Self.events(.now(.allow), count: 3) == ["response 200", "data hello", "complete 0"])
    }

    @Test("cancelled: the completion says cancelled and the body is never handed over")
    func cancelled() async throws {
        let events = try await Self.events(.now(.cancel), count: 2)
        try await Task.sleep(for: .milliseconds(50))
        #expect(events == ["response 200", "complete \(URLError.Code.cancelled.rawValue)"])
    }

    @Test("an answer from another thread after the call returned goes on on the delegate queue")
    func answeredLater() async throws {
        #expect(try await Self.events(.later(.allow), count: 3) == ["response 200", "data hello", "complete 0"])
    }

    @Test("a second answer is ignored")
    func answeredTwice() async throws {
        let events = try await Self.events(.twice(.allow, .cancel), count: 3)
        try await Task.sleep(for: .milliseconds(50))
        #expect(events == ["response 200", "data hello", "complete 0"])
    }

    @Test("a delegate that never answers hears no more of the task")
    func neverAnswered() async throws {
        let events = try await Self.events(.never, count: 1)
        try await Task.sleep(for: .milliseconds(100))
        #expect(events == ["response 200"])
    }

    @Test("a transfer that failed has no response to tell: only the completion, with its error")
    func failed() async throws {
        let events = try await Self.events(.now(.allow), count: 1) { _ in
            PhoneResponse(status: 0, failure: .timedOut("no data"))
        }
        #expect(events == ["complete \(URLError.Code.timedOut.rawValue)"])
    }
}
