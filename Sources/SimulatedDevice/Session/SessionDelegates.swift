public import Foundation
public import FoundationNetworking

// The delegate protocols of `URLSession`, with this module's session in their signatures, so that a
// user's delegate (written against `URLSession`, which the generated file aliases to
// ``SimulatedURLSession``) conforms unchanged. Every method has a default that does nothing, as the
// optional Objective-C methods of Apple's protocols do.

/// `URLSessionDelegate` for ``SimulatedURLSession``.
public protocol SimulatedURLSessionDelegate: AnyObject {
    /// The session was invalidated (`finishTasksAndInvalidate`, `invalidateAndCancel`).
    func urlSession(_ session: SimulatedURLSession, didBecomeInvalidWithError error: (any Error)?)
}

/// `URLSessionTaskDelegate` for ``SimulatedURLSession``.
public protocol SimulatedURLSessionTaskDelegate: SimulatedURLSessionDelegate {
    /// The task finished: `error` is nil on success (whatever the HTTP status).
    func urlSession(_ session: SimulatedURLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
    /// Body bytes went out: called once, with the whole body, before the response's, for an upload task.
    func urlSession(
        _ session: SimulatedURLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64)
    /// The task's request got a redirect (`301`, `302`, `303`, `307`, `308` with a `Location`):
    /// call `completionHandler` with the request to send next (`request`, the one URLSession proposes,
    /// or one of your own), or with nil to end the task with the redirect's own response and body.
    func urlSession(
        _ session: SimulatedURLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void)
}

/// `URLSessionDataDelegate` for ``SimulatedURLSession``.
public protocol SimulatedURLSessionDataDelegate: SimulatedURLSessionTaskDelegate {
    /// The response's head arrived; call `completionHandler(.allow)` to receive the body.
    func urlSession(
        _ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
    /// Body bytes arrived (the whole body, in one call).
    func urlSession(_ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive data: Data)
}

/// `URLSessionDownloadDelegate` for ``SimulatedURLSession``.
public protocol SimulatedURLSessionDownloadDelegate: SimulatedURLSessionTaskDelegate {
    /// The download finished into the temporary file at `location`, which is removed when this returns.
    func urlSession(
        _ session: SimulatedURLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL)
    /// Progress: called once, with the whole body.
    func urlSession(
        _ session: SimulatedURLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64)
}

/// `URLSessionWebSocketDelegate` for the code of a user's extension: WebSockets are not simulated (a
/// task fails once resumed: `SimulatedURLSession.webSocketTask(with:)`), so its methods are never called; it is there so that a delegate written for iOS compiles.
public protocol SimulatedURLSessionWebSocketDelegate: SimulatedURLSessionTaskDelegate {
    /// The WebSocket opened, with the protocol the server picked.
    func urlSession(
        _ session: SimulatedURLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?)
    /// The WebSocket closed, with the server's code and reason.
    func urlSession(
        _ session: SimulatedURLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)
}

extension SimulatedURLSessionWebSocketDelegate {
    public func urlSession(
        _ session: SimulatedURLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {}

    public func urlSession(
        _ session: SimulatedURLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {}
}

extension SimulatedURLSessionDelegate {
    public func urlSession(_ session: SimulatedURLSession, didBecomeInvalidWithError error: (any Error)?) {}
}

extension SimulatedURLSessionTaskDelegate {
    public func urlSession(
        _ session: SimulatedURLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {}

    public func urlSession(
        _ session: SimulatedURLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {}

    public func urlSession(
        _ session: SimulatedURLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(request)
    }
}

extension SimulatedURLSessionDataDelegate {
    public func urlSession(
        _ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
    }

    public func urlSession(_ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}
}

extension SimulatedURLSessionDownloadDelegate {
    public func urlSession(
        _ session: SimulatedURLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {}
}
