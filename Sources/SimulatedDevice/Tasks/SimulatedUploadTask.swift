import Foundation
public import FoundationNetworking

/// An upload task of ``SimulatedURLSession``: a `URLSessionUploadTask` whose body (data, or a file
/// read when the task was made) and request go through the simulated phone's network, as a data
/// task's do; the response's body arrives whole, in one `didReceive data` call or in the completion
/// handler.
///
/// `@unchecked Sendable`: its mutable state lives in the ``TransferDriver``'s `Mutex`; the rest is
/// immutable after init.
public final class SimulatedUploadTask: URLSessionUploadTask, @unchecked Sendable {
    let driver: TransferDriver
    let identifier: Int
    private let onComplete: @Sendable (SimulatedUploadTask, Data?, TransferDriver.Completion) -> Void

    init(
        driver: TransferDriver, identifier: Int,
        onComplete: @escaping @Sendable (SimulatedUploadTask, Data?, TransferDriver.Completion) -> Void
    ) {
        self.driver = driver
        self.identifier = identifier
        self.onComplete = onComplete
        super.init()
    }

    public override var taskIdentifier: Int { identifier }
    public override var state: URLSessionTask.State { driver.state }
    public override var originalRequest: URLRequest? { driver.request }
    public override var currentRequest: URLRequest? { driver.currentRequest }
    public override var response: URLResponse? { driver.completion?.response }
    public override var error: (any Error)? { driver.completion?.error }
    public override var countOfBytesReceived: Int64 { Int64(driver.completion?.bytes ?? 0) }
    public override var countOfBytesExpectedToReceive: Int64 { driver.completion?.expectedBytes ?? -1 }
    public override var countOfBytesSent: Int64 {
        driver.completion?.error == nil && driver.completion != nil ? countOfBytesExpectedToSend : 0
    }
    public override var countOfBytesExpectedToSend: Int64 { Int64(driver.phoneRequest.body?.count ?? 0) }

    public override func resume() {
        driver.resume(self) { [self] completion in onComplete(self, driver.body(of: completion), completion) }
    }

    public override func cancel() {
        driver.cancel { [self] completion in onComplete(self, nil, completion) }
    }

    /// Simulated transfers are not paused; `resume` after `suspend` carries on.
    public override func suspend() {}
}
