/// Cancels one download started with ``CurlTransport/start(_:completion:)``: it leaves the queue, or
/// libcurl, on its loop, and its completion is called with ``DownloadError/cancelled``. Cancelling a
/// download that has already completed does nothing.
public struct DownloadCancellation: Sendable {
    let transfer: Transfer
    let inbox: EventLoopInbox<TransportCommand>

    /// Cancels the download, unless it has completed.
    public func cancel() {
        if transfer.requestCancel() { inbox.submit(.cancel(transfer)) }
    }
}
