import Foundation
public import FoundationNetworking

/// A download task of ``SimulatedURLSession``: a `URLSessionDownloadTask` whose body goes to a temporary
/// file through the simulated phone's network. As on iOS, the file is removed when the completion
/// handler (or `didFinishDownloadingTo`) returns: move it before then.
///
/// `@unchecked Sendable`: its mutable state lives in the ``TransferDriver``'s `Mutex`; the rest is
/// immutable after init.
public final class SimulatedDownloadTask: URLSessionDownloadTask, @unchecked Sendable {
    let driver: TransferDriver
    let identifier: Int
    private let onComplete: @Sendable (SimulatedDownloadTask, TransferDriver.Completion) -> Void

    init(
        driver: TransferDriver, identifier: Int,
        onComplete: @escaping @Sendable (SimulatedDownloadTask, TransferDriver.Completion) -> Void
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

    public override func resume() {
        driver.resume(self) { [self] completion in
            onComplete(self, completion)
            if let file = completion.fileURL { driver.removeBody(file) }
        }
    }

    public override func cancel() {
        driver.cancel { [self] completion in onComplete(self, completion) }
    }

    /// Simulated transfers are not paused; `resume` after `suspend` carries on.
    public override func suspend() {}

    /// Resumes without removing the file afterwards: the async `download(for:)` hands it to its caller.
    func driverResumeKeepingFile() {
        driver.resume(self) { [self] completion in onComplete(self, completion) }
    }
}
