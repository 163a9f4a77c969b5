public import Foundation
public import FoundationNetworking
import Synchronization

extension SimulatedURLSession {
    /// `data(from:delegate:)`: the body and response, or the `URLError` the transfer failed with.
    public func data(
        from url: URL, delegate: (any SimulatedURLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url), delegate: delegate)
    }

    /// `data(for:delegate:)`: the body and response, or the `URLError` the transfer failed with.
    public func data(
        for request: URLRequest, delegate: (any SimulatedURLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        let task = CancellableTaskSlot<URLSessionDataTask>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let made = dataTask(with: request, taskDelegate: delegate) { data, response, error in
                    if let error { return continuation.resume(throwing: error) }
                    guard let response else { return continuation.resume(throwing: URLError(.badServerResponse)) }
                    continuation.resume(returning: (data ?? Data(), response))
                }
                let cancelledAlready = task.keep(made)
                made.resume()
                if cancelledAlready { made.cancel() }
            }
        } onCancel: {
            task.cancel()?.cancel()
        }
    }

    /// `upload(for:from:delegate:)`: sends `bodyData` (the request's `httpBody` is ignored) and
    /// returns the response's body and the response, or the `URLError` the transfer failed with.
    public func upload(
        for request: URLRequest, from bodyData: Data, delegate: (any SimulatedURLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        try await upload(for: request, body: .success(bodyData), delegate: delegate)
    }

    /// `upload(for:fromFile:delegate:)`: sends the file at `fileURL` and returns the response's body
    /// and the response, or the `URLError` the transfer failed with.
    public func upload(
        for request: URLRequest, fromFile fileURL: URL, delegate: (any SimulatedURLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        try await upload(for: request, body: Self.contents(of: fileURL), delegate: delegate)
    }

    private func upload(
        for request: URLRequest, body: Result<Data, PhoneNetworkFailure>,
        delegate: (any SimulatedURLSessionTaskDelegate)?
    ) async throws -> (Data, URLResponse) {
        let task = CancellableTaskSlot<SimulatedUploadTask>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let made = uploadTask(with: request, body: body, taskDelegate: delegate) { data, response, error in
                    if let error { return continuation.resume(throwing: error) }
                    guard let response else { return continuation.resume(throwing: URLError(.badServerResponse)) }
                    continuation.resume(returning: (data ?? Data(), response))
                }
                let cancelledAlready = task.keep(made)
                made.resume()
                if cancelledAlready { made.cancel() }
            }
        } onCancel: {
            task.cancel()?.cancel()
        }
    }

    /// `download(from:delegate:)`: the temporary file and response; the file is the caller's to move
    /// (the host removes it when the invocation ends).
    public func download(
        from url: URL, delegate: (any SimulatedURLSessionTaskDelegate)? = nil
    ) async throws -> (URL, URLResponse) {
        try await download(for: URLRequest(url: url), delegate: delegate)
    }

    /// `download(for:delegate:)`: the temporary file and response; the file is the caller's to move
    /// (the host removes it when the invocation ends).
    public func download(
        for request: URLRequest, delegate: (any SimulatedURLSessionTaskDelegate)? = nil
    ) async throws -> (URL, URLResponse) {
        let task = CancellableTaskSlot<SimulatedDownloadTask>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let driver = driver(for: request, taskDelegate: delegate)
                let made = SimulatedDownloadTask(driver: driver, identifier: Self.taskIdentifier()) {
                    [self] made, completion in
                    defer { ended(made, driver: driver) }
                    if let error = completion.error { return continuation.resume(throwing: error) }
                    guard let file = completion.fileURL, let response = completion.response else {
                        return continuation.resume(throwing: URLError(.badServerResponse))
                    }
                    continuation.resume(returning: (file, response))
                }
                register(made, driver: driver)
                let cancelledAlready = task.keep(made)
                made.driverResumeKeepingFile()
                if cancelledAlready { made.cancel() }
            }
        } onCancel: {
            task.cancel()?.cancel()
        }
    }
}

/// The task made inside a continuation, for its cancellation handler, which may run before the task is made
/// (a caller cancelled already, or cancelled while the continuation's body ran): then the body cancels the
/// task itself once made. Behind a `Mutex`.
private final class CancellableTaskSlot<Value: AnyObject & Sendable>: Sendable {
    private let stored = Mutex<(value: Value?, cancelled: Bool)>((nil, false))

    /// Keeps `value`; whether the cancellation handler ran before it (the caller then cancels it).
    func keep(_ value: Value) -> Bool {
        stored.withLock { state in
            state.value = value
            return state.cancelled
        }
    }

    /// Marks the task cancelled; the task to cancel, once made.
    func cancel() -> Value? {
        stored.withLock { state in
            state.cancelled = true
            return state.value
        }
    }
}
