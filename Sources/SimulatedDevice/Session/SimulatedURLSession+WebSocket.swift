public import Foundation
public import FoundationNetworking

/// WebSockets, which the simulated phone does not carry: `webSocketTask(with:)` compiles, and the task
/// fails once resumed, as a connection that cannot be made.
///
/// The task is FoundationNetworking's own `URLSessionWebSocketTask` (its sends, receives and pings are
/// not open to a subclass), made by a session of its own whose one protocol refuses every request. Once
/// resumed the task fails, and each send, receive and ping hears a `URLError`: sends and receives
/// `.unsupportedURL` where FoundationNetworking's libcurl has no WebSockets (Debian's, and so here: the task
/// fails before any protocol is asked), else the refusing protocol closes it, `.networkConnectionLost`;
/// pings `.networkConnectionLost`. Nothing reaches any
/// network, the phone's or the machine's: a load test must not open thousands of sockets to a production
/// relay. Completion handlers run on that session's queue, a concurrent one (a handler that blocks holds
/// up no other phone's), not the session's delegate queue: unlike iOS's serial queue, two handlers of one
/// task may run at once; the session's delegate
/// (``SimulatedURLSessionWebSocketDelegate``) hears nothing of the task. Extension code that opens a
/// WebSocket (usually code shared with the app, rarely on an extension's path) then takes its failure
/// path, and the run says so (`not faithful:`).
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
        // Concurrent: one phone's handler that blocks holds up no other phone's.
        let queue = OperationQueue()
        queue.name = "nse-bench.websocket-refusals"
        return URLSession(configuration: configuration, delegate: nil, delegateQueue: queue)
    }()
}

/// A URL protocol that takes every request and fails it with `URLError(.unsupportedURL)` at once. A
/// WebSocket task it fails is closed first: FoundationNetworking marks such a task completed without its
/// error, and its sends and receives would otherwise wait forever.
final class RefusingURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canInit(with task: URLSessionTask) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        (task as? URLSessionWebSocketTask)?.cancel(with: .abnormalClosure, reason: nil)
        client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
    }

    override func stopLoading() {}
}
