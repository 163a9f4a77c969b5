import Foundation
import FoundationNetworking
import Glibc
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import SimulatedDevice

/// `webSocketTask(with:)`, which the simulated phone does not carry: it compiles, the task fails once
/// resumed with `URLError(.unsupportedURL)`, and nothing is sent.
@Suite("Simulated URLSession: WebSocket tasks", .timeLimit(.minutes(1)))
struct WebSocketTaskTests {
    @Test(arguments: ["url", "protocols", "request"])
    func everyUseFailsAsAnUnsupportedURLAndNothingConnects(form: String) async throws {
        let (listener, port) = try OneShotHTTPServer.listeningSocket()
        defer { close(listener) }
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/relay"))
        let session = SimulatedURLSession(configuration: .ephemeral)
        let task: URLSessionWebSocketTask =
            switch form {
            case "url": session.webSocketTask(with: url)
            case "protocols": session.webSocketTask(with: url, protocols: ["relay.v1"])
            default: session.webSocketTask(with: URLRequest(url: url))
            }
        task.resume()
        let sent: (any Error)? = await withCheckedContinuation { done in
            task.send(.string("approve")) { done.resume(returning: $0) }
        }
        // .unsupportedURL where FoundationNetworking's libcurl has no WebSockets (as here), else the
        // refusing protocol's close.
        let failures: Set<URLError.Code> = [.unsupportedURL, .networkConnectionLost]
        #expect((sent as? URLError).map { failures.contains($0.code) } == true, "\(String(describing: sent))")
        let received = await withCheckedContinuation { done in task.receive { done.resume(returning: $0) } }
        guard case .failure(let error) = received else {
            Issue.record("a receive succeeded: \(received)")
            return
        }
        #expect((error as? URLError).map { failures.contains($0.code) } == true, "\(error)")
        let pinged: (any Error)? = await withCheckedContinuation { done in
            task.sendPing { done.resume(returning: $0) }
        }
        #expect(pinged != nil, "a ping hears the failure too")
        task.cancel(with: .goingAway, reason: nil)
        // Nothing reached the listener: no connection is waiting to be accepted.
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 200) == 0, "a connection reached the machine's network")
    }

    @Test func theSessionMakingThemRefusesEveryRequestItself() async throws {
        let (listener, port) = try OneShotHTTPServer.listeningSocket()
        defer { close(listener) }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/relay"))
        let failure: (any Error)? = await withCheckedContinuation { done in
            WebSocketRefusal.session.dataTask(with: url) { _, _, error in done.resume(returning: error) }.resume()
        }
        #expect((failure as? URLError)?.code == .unsupportedURL, "\(String(describing: failure))")
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 200) == 0, "a connection reached the machine's network")
    }

    @Test func aWebSocketTheProtocolRefusesIsClosedSoItsCallsDoNotWaitForever() async throws {
        let task = WebSocketRefusal.session.webSocketTask(with: try #require(URL(string: "ws://127.0.0.1:9/")))
        // As FoundationNetworking would start it where its libcurl has WebSockets (not here, where the
        // task fails before a protocol is asked), with a client that notes what it is told.
        let client = NotingClient()
        RefusingURLProtocol(task: task, cachedResponse: nil, client: client).startLoading()
        #expect((client.failure.withLock { $0 } as? URLError)?.code == .unsupportedURL)
        let sent: (any Error)? = await withCheckedContinuation { done in
            task.send(.data(Data([1]))) { done.resume(returning: $0) }
        }
        #expect((sent as? URLError)?.code == .networkConnectionLost, "\(String(describing: sent))")
        #expect(task.closeCode == .abnormalClosure)
    }

    @Test func anExtensionSeesNoICloudAccount() {
        #expect(FileManager.default.ubiquityIdentityToken == nil)
        #expect(PhoneFileManager.default.ubiquityIdentityToken == nil)
    }
}

/// A URL protocol client that notes the failure it is told of, and nothing else.
final class NotingClient: NSObject, URLProtocolClient, Sendable {
    let failure = Mutex<(any Error)?>(nil)

    func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) {
        failure.withLock { $0 = error }
    }

    func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {}
    func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {}
    func urlProtocol(
        _ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy
    ) {}
    func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) {}
    func urlProtocolDidFinishLoading(_ protocol: URLProtocol) {}
    func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) {}
    func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) {}
}
