import CCurl
import Glibc
import NSEBenchCore

/// What a finished ``Transfer`` reports: its result, and its error when libcurl failed it.
enum TransferOutcome {
    /// The result of a transfer that has ended, for whatever reason, read from its handle and sink.
    /// Closes the sink's file; a transfer that completed without error and without a body byte gets its
    /// (empty) file here, and fails with ``DownloadError/file(path:_:)`` if it cannot. Loop thread only.
    ///
    /// - Parameter observedCompletion: when the loop saw libcurl finish the transfer; nil when the
    ///   transport ended it (cancelled, shut down), so libcurl's phase timings are not final.
    static func result(for transfer: Transfer, error: DownloadError?, observedCompletion: UInt64?) -> DownloadResult {
        var error = error
        if error == nil, let failure = transfer.sink.finish() {
            error = .file(path: transfer.sink.path ?? "", failure)
        } else {
            transfer.sink.close()
        }
        var timings = DownloadTimings(
            enqueued: transfer.enqueued, admitted: transfer.admitted, finished: MonotonicClock.now())
        if let exchange = transfer.exchange {
            if observedCompletion != nil { exchange.apply(to: &timings) }
            let head = exchange.head
            var result = DownloadResult(
                status: head?.status ?? 0, bytesReceived: transfer.sink.received, contentType: head?.contentType,
                body: transfer.sink.takeBody(), error: error, timings: timings, serverFault: head?.captured,
                announcedLength: head?.contentLength)
            if let head, transfer.request.keepsHeaderFields(ofStatus: head.status) { result.headerFields = head.fields }
            return result
        }
        let easy = transfer.easy
        if let easy, let observedCompletion {
            timings.applyCurlOffsets(easy.timings, observedCompletion: observedCompletion)
        }
        var result = DownloadResult(
            status: easy?.responseCode ?? 0, bytesReceived: transfer.sink.received, contentType: easy?.contentType,
            body: transfer.sink.takeBody(), error: error, timings: timings,
            serverFault: easy?.responseHeader(FaultPlan.faultHeaderName), announcedLength: easy?.announcedContentLength)
        if let easy, result.status != 0, transfer.request.keepsHeaderFields(ofStatus: result.status) {
            result.headerFields = easy.headerFields
        }
        return result
    }

    /// The error for a transfer libcurl finished with `code` (not CURLE_OK).
    static func error(for transfer: Transfer, easy: CurlEasyHandle, code: CURLcode) -> DownloadError {
        let offsets = easy.timings
        return error(
            for: transfer, curlError: easy.failure(code, call: "transfer"), connected: offsets.connect > 0,
            elapsed: UInt64(max(offsets.total, 0)) * 1_000)
    }

    /// The error for a transfer that failed with `curlError` (libcurl's, or the plain-HTTP client's in
    /// libcurl's terms), `elapsed` nanoseconds after its start, connected or not: the sink's own
    /// failure first, then the code read by phase (``DownloadError/classify(_:connected:reachedTotalLimit:lowSpeedDetection:limit:)``).
    static func error(for transfer: Transfer, curlError: CurlError, connected: Bool, elapsed: UInt64)
        -> DownloadError
    {
        switch transfer.sink.failure {
        case .tooLarge: return .tooLarge(limit: transfer.request.maximumBodyBytes, curlError)
        case .file(let error): return .file(path: transfer.sink.path ?? "", error)
        case nil: break
        }
        // libcurl measures its TOTAL from slightly before it starts the timeout clock; allow 1 ms.
        let reachedTotalLimit = transfer.totalLimit.map { elapsed + 1_000_000 >= $0 } ?? false
        let error = DownloadError.classify(
            curlError, connected: connected, reachedTotalLimit: reachedTotalLimit,
            lowSpeedDetection: transfer.request.lowSpeed != nil, limit: transfer.request.maximumBodyBytes)
        return withSocketErrno(error)
    }

    /// libcurl reports a socket it could not open (EMFILE, ENFILE) as CURLE_COULDNT_CONNECT with no
    /// errno (a refused or unreachable connection always carries one): that is the harness's failure,
    /// not the network's, so the error gets the errno. A probe confirms it when no descriptor can be
    /// opened as the failure is seen; by then others may have closed, so without it EMFILE is assumed.
    static func withSocketErrno(_ error: DownloadError) -> DownloadError {
        guard case .connectFailed(let curlError) = error, curlError.osErrno == 0,
            curlError.code == Int32(CURLE_COULDNT_CONNECT.rawValue)
        else { return error }
        let confirmed = ProcessResources.descriptorsExhausted()
        let code = confirmed ?? EMFILE
        let why =
            confirmed != nil
            ? "no file descriptor free: \(SystemError(call: "socket", errno: code).message)"
            : "libcurl opened no socket and gave no errno"
        return .connectFailed(
            CurlError(
                call: curlError.call, code: CURLE_COULDNT_CONNECT, detail: curlError.message + " (\(why))",
                osErrno: code))
    }
}
