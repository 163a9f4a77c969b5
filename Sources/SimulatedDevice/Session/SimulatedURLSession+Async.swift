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
        let task = Box<URLSessionDataTask>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let made = dataTask(with: request, taskDelegate: delegate) { data, response, error in
                    if let error { return continuation.resume(throwing: error) }
                    guard let response else { return continuation.resume(throwing: URLError(.badServerResponse)) }
                    continuation.resume(returning: (data ?? Data(), response))
                }
                task.value = made
                made.resume()
            }
        } onCancel: {
            task.value?.cancel()
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
        let task = Box<SimulatedUploadTask>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let made = uploadTask(with: request, body: body, taskDelegate: delegate) { data, response, error in
                    if let error { return continuation.resume(throwing: error) }
                    guard let response else { return continuation.resume(throwing: URLError(.badServerResponse)) }
                    continuation.resume(returning: (data ?? Data(), response))
                }
                task.value = made
                made.resume()
            }
        } onCancel: {
            task.value?.cancel()
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
        let task = Box<SimulatedDownloadTask>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let driver = driver(for: request, taskDelegate: delegate)
                let made = SimulatedDownloadTask(driver: driver, identifier: 0) { _, completion in
                    if let error = completion.error { return continuation.resume(throwing: error) }
                    guard let file = completion.fileURL, let response = completion.response else {
                        return continuation.resume(throwing: URLError(.badServerResponse))
                    }
                    continuation.resume(returning: (file, response))
                }
                task.value = made
                made.driverResumeKeepingFile()
            }
        } onCancel: {
            task.value?.cancel()
        }
    }
}

/// A value set once from inside a continuation and read by its cancellation handler, behind a `Mutex`.
private final class Box<Value: AnyObject & Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    var value: Value? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
