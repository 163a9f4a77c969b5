public import Foundation
public import FoundationNetworking

/// WebSockets, which the simulated phone does not carry: `webSocketTask(with:)` compiles, and the task
/// fails once resumed, as a connection that cannot be made.
///
/// The task is FoundationNetworking's own `URLSessionWebSocketTask` (its sends, receives and pings are
/// not open to a subclass), made by a session of its own whose one protocol refuses every request: once
/// resumed, the task ends with `URLError(.unsupportedURL)`, and each send, receive and ping hears that
/// error, on that session's queue. Nothing reaches any network, the phone's or the machine's: a load test
/// must not open thousands of sockets to a production relay. The session's delegate hears nothing of the
/// task. Extension code that opens a WebSocket (usually code shared with the app, rarely on an
/// extension's path) then takes its failure path, and the run says so (`not faithful:`).
extension SimulatedURLSession {
    /// A WebSocket task to `url`, as `URLSession.webSocketTask(with:)`: not simulated; it fails once resumed.
    public func webSocketTask(with url: URL) -> URLSessionWebSocketTask {
        WebSocketRefusal.session.webSocketTask(with: url)
    }

    /// A WebSocket task to `url` offering `protocols`: not simulated; it fails once resumed.
    public func webSocketTask(with url: URL, protocols: [String]) -> URLSessionWebSocketTask {
        WebSocketRefusal.session.webSocketTask(with: url, protocols: protocols)
    }

    /// A WebSocket task for `request`: not simulated; it fails once resumed.
    public func webSocketTask(with request: URLRequest) -> URLSessionWebSocketTask {
        WebSocketRefusal.session.webSocketTask(with: request)
    }
}

/// The FoundationNetworking session that makes extensions' WebSocket tasks, refusing them all.
enum WebSocketRefusal {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [RefusingURLProtocol.self]
        return URLSession(configuration: configuration)
    }()
}

/// A URL protocol that takes every request and fails it with `URLError(.unsupportedURL)` at once.
final class RefusingURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canInit(with task: URLSessionTask) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
    }

    override func stopLoading() {}
}
