import Foundation
import NSEBenchCore
import NSEBenchSystem
import SimulatedDevice

/// The network of one invocation's simulated phone (``SimulatedDevice/PhoneNetwork``): each request of
/// the extension's `URLSession` is a download through the run's transport into a temporary file of the
/// invocation, recorded like a built-in extension's download (bytes, status, connect, first byte, body),
/// and runs as the extension's tracked work.
struct InvocationNetwork: PhoneTransferTracking {
    let context: InvocationContext

    func load(_ request: PhoneRequest) async -> PhoneResponse {
        if let refusal = request.refusal {
            recordRefusal(refusal, of: request)
            return PhoneResponse(status: 0, failure: refusal)
        }
        if context.isOnConstrainedNetwork, !request.allowsConstrainedNetworkAccess {
            // iOS fails it at once: nothing is sent, and the session reports the reason.
            let reason =
                "Low Data Mode: the phone is on a constrained network and the session's "
                + "allowsConstrainedNetworkAccess is false (\(request.url.absoluteString) is not sent)"
            recordRefusal(.constrainedNetwork(reason), of: request)
            return PhoneResponse(status: 0, failure: .constrainedNetwork(reason))
        }
        if context.isOnCellularNetwork, let refusal = Self.cellularRefusal(of: request) {
            // iOS fails it at once too, naming which setting refused the phone's only network.
            recordRefusal(refusal, of: request)
            return PhoneResponse(status: 0, failure: refusal)
        }
        let destination: String
        do {
            destination = try context.makeTemporaryFilePath()
        } catch {
            context.recordError(.download, error.description)
            return PhoneResponse(status: 0, failure: .cannotWriteToFile(error.description))
        }
        let start = context.now()
        var download = MediaDownload(
            url: request.url, destinationPath: destination, timeout: request.resourceTimeout,
            idleTimeout: request.idleTimeout)
        download.method = request.method
        download.body = request.body.map { Array($0) }
        download.keepsHeaderFields = true
        download.headerLines = request.headerLines
        download.redirectedFrom = request.redirectedFrom
        let result = await context.downloader.download(download)
        // Said to be a file: without the hint, Foundation's URL stats the path to find out (4 µs an
        // invocation in perf, issue #11).
        let file = result.filePath.map { URL(fileURLWithPath: $0, isDirectory: false) }
        var response = PhoneResponse(
            status: result.status, contentType: result.contentType, bytes: result.bytes, fileURL: file,
            failure: result.error.map(Self.failure))
        response.headerFields = result.headerFields?.dictionary
        response.harnessWait = result.timings.harnessWait ?? 0
        // A side call (a receipt, a delivered metric) is not the media: the record keeps the media's. A
        // redirect is a hop of the request, not its failure: the session follows it.
        if SideEndpoint(url: request.redirectedFrom ?? request.url) == nil {
            context.recordDownload(result, start: start, failed: response.redirect(from: request) == nil)
        }
        return response
    }

    /// A request refused before anything was sent: the stage's error, and for a hop of a redirect chain
    /// also the download's, which the redirect before it would otherwise stand for. A refusal by the
    /// phone's networks is the download's failure too, failed at once as iOS fails the task, so that the
    /// miss is blamed `network_unavailable` rather than on the extension's choice (`enrichment_skipped`);
    /// not a side call's (a receipt is not the media), nor a request the harness does not simulate (a
    /// `file:` URL works on iOS: no failure of the target's).
    private func recordRefusal(_ refusal: PhoneNetworkFailure, of request: PhoneRequest) {
        let kind = Self.kind(of: refusal)
        if request.redirectedFrom != nil {
            taskFailed(refusal, after: request)
        } else if kind == .networkUnavailable, SideEndpoint(url: request.url) == nil {
            context.recordUnsentDownload(MediaDownloadError(kind, refusal.description))
        } else {
            context.recordError(.download, refusal.description)
        }
    }

    /// The task failed between requests (too many redirects, its resource timeout between hops): the
    /// download's failure in the record, in the transport's terms, unless the chain is a side call's.
    func taskFailed(_ failure: PhoneNetworkFailure, after request: PhoneRequest) {
        guard SideEndpoint(url: request.redirectedFrom ?? request.url) == nil else { return }
        context.recordDownloadFailure(MediaDownloadError(Self.kind(of: failure), failure.description))
    }

    /// The transport's kind for a failure decided on the phone, between or before requests.
    static func kind(of failure: PhoneNetworkFailure) -> MediaDownloadError.Kind {
        switch failure {
        case .timedOut: .timedOut
        case .cannotConnectToHost: .connectFailed
        case .networkConnectionLost: .connectionLost
        case .secureConnectionFailed: .tls
        case .cannotWriteToFile, .fileDoesNotExist: .file
        case .cancelled: .cancelled
        case .constrainedNetwork, .cellularNetwork, .expensiveNetwork: .networkUnavailable
        // Before a request, "too large" is only a refusal (a GET given a body): no body was too large.
        case .dataLengthExceedsMaximum, .tooManyRedirects, .unsupported, .other: .other
        }
    }

    /// Why a phone on cellular does not send `request`: its `allowsCellularAccess` or, cellular being
    /// expensive, its `allowsExpensiveNetworkAccess` is false; nil when it may go.
    static func cellularRefusal(of request: PhoneRequest) -> PhoneNetworkFailure? {
        let url = request.url.absoluteString
        if !request.allowsCellularAccess {
            return .cellularNetwork(
                "the phone is on a cellular network and the request's allowsCellularAccess is false (\(url) is not sent)"
            )
        }
        if !request.allowsExpensiveNetworkAccess {
            return .expensiveNetwork(
                "the phone is on a cellular network, which is expensive, and the session's allowsExpensiveNetworkAccess "
                    + "is false (\(url) is not sent)")
        }
        return nil
    }

    func track(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        context.run(work)
    }

    func now() -> UInt64 { context.now() }

    func trackTransfer(_ transfer: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        context.runPhoneWork(transfer)
    }

    /// The extension moved a file: a download's body is no longer looked for under its old name, and is
    /// removed under the new one when the invocation ends if it stayed in the temporary directory
    /// (``InvocationContext/temporaryFileMovedByExtension(from:to:)``).
    func fileMoved(from source: String, to destination: String) {
        context.temporaryFileMovedByExtension(from: source, to: destination)
    }

    /// One `unlink`, which finding nothing (the handler moved the file away) is no error; either way
    /// nothing is left there for the invocation's end to remove. None for a body the extension's
    /// `FileManager` moved away, the usual case: the `unlink` that found nothing cost 3.5 µs an invocation
    /// of `Examples/MediaDownload` (perf, issue #11).
    func removeBody(_ file: URL) {
        let path = file.path
        guard context.holdsTemporaryFile(path) else { return }
        do {
            try Posix.removeFile(path)
        } catch {
            return  // left for the invocation's end, which tries again and leaves it to the run's directory
        }
        context.temporaryFileTaken(path)
    }

    /// The `URLError` family of a transport failure.
    static func failure(_ error: MediaDownloadError) -> PhoneNetworkFailure {
        switch error.kind {
        case .timedOut, .idleTimedOut: .timedOut(error.description)
        case .connectFailed: .cannotConnectToHost(error.description)
        case .connectionLost: .networkConnectionLost(error.description)
        case .tooLarge: .dataLengthExceedsMaximum(error.description)
        case .tls: .secureConnectionFailed(error.description)
        case .file: .cannotWriteToFile(error.description)
        case .cancelled: .cancelled
        // The phone's own refusal, never the transport's: named here only for the switch to be whole.
        case .networkUnavailable, .other: .other(error.description)
        }
    }
}
