import CCurl
import Glibc
public import NSEBenchCore

/// Why a download failed. Cases that come from libcurl carry its ``CurlError`` (code and message).
///
/// An HTTP error status (404, 500) is not a failure: the result reports it in
/// ``DownloadResult/status``.
public enum DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The total timeout (or the time left before the request's deadline) ran out after connecting.
    case timedOut(CurlError)
    /// The connection was not established within the connect timeout (or the total timeout ran
    /// out before it was).
    case connectTimedOut(CurlError)
    /// The transfer stayed below the low-speed limit for its duration.
    case stalled(CurlError)
    /// The connection was refused, or the host was unreachable or did not resolve.
    case connectFailed(CurlError)
    /// The connection was reset or closed before the response was complete (receive or send
    /// failure, empty reply, body shorter than announced).
    case connectionLost(CurlError)
    /// The body was larger than ``DownloadRequest/maximumBodyBytes`` (as announced, or as received).
    case tooLarge(limit: Int, CurlError)
    /// The TLS handshake or certificate verification failed.
    case tls(CurlError)
    /// Another libcurl failure (malformed URL, unsupported protocol, bad server reply, ...).
    case transfer(CurlError)
    /// A request option libcurl refused, or a handle it could not create.
    case setup(CurlError)
    /// A request option outside what the transport accepts; carries the option and its value.
    case invalidRequest(option: String, value: String)
    /// The destination file could not be created or written.
    case file(path: String, SystemError)
    /// The request's deadline passed while it waited for a transfer slot.
    case deadlineExpiredWhileQueued(deadline: UInt64)
    /// The calling task was cancelled; the transfer, if started, was removed from libcurl.
    case cancelled
    /// The transport was shut down (or its loop refused work) before the download finished.
    case shutDown

    /// libcurl's error, for the cases that have one.
    public var curlError: CurlError? {
        switch self {
        case .timedOut(let error), .connectTimedOut(let error), .stalled(let error), .connectFailed(let error),
            .connectionLost(let error), .tooLarge(_, let error), .tls(let error), .transfer(let error),
            .setup(let error):
            error
        case .invalidRequest, .file, .deadlineExpiredWhileQueued, .cancelled, .shutDown:
            nil
        }
    }

    /// The case's name (`timedOut`, `connectFailed`, ...), for counting failures by kind.
    public var kind: String {
        switch self {
        case .timedOut: "timedOut"
        case .connectTimedOut: "connectTimedOut"
        case .stalled: "stalled"
        case .connectFailed: "connectFailed"
        case .connectionLost: "connectionLost"
        case .tooLarge: "tooLarge"
        case .tls: "tls"
        case .transfer: "transfer"
        case .setup: "setup"
        case .invalidRequest: "invalidRequest"
        case .file: "file"
        case .deadlineExpiredWhileQueued: "deadlineExpiredWhileQueued"
        case .cancelled: "cancelled"
        case .shutDown: "shutDown"
        }
    }

    public var description: String {
        switch self {
        case .timedOut(let error): "timed out: \(error.message)"
        case .connectTimedOut(let error): "connect timed out: \(error.message)"
        case .stalled(let error): "stalled: \(error.message)"
        case .connectFailed(let error): "connect failed: \(error.message)"
        case .connectionLost(let error): "connection lost: \(error.message)"
        case .tooLarge(let limit, let error): "body larger than \(limit) bytes: \(error.message)"
        case .tls(let error): "TLS failed: \(error.message)"
        case .transfer(let error): "transfer failed: \(error.message) (curl code \(error.code))"
        case .setup(let error): "could not set up the transfer: \(error)"
        case .invalidRequest(let option, let value): "invalid download request: \(option) = \(value)"
        case .file(let path, let error): "cannot write \(path): \(error)"
        case .deadlineExpiredWhileQueued(let deadline): "deadline \(deadline) ns passed while queued"
        case .cancelled: "cancelled"
        case .shutDown: "the transport is shut down"
        }
    }
}

extension DownloadError {
    /// What libcurl's result code means for a download, given what the transport knows about it.
    ///
    /// libcurl reports every timeout as CURLE_OPERATION_TIMEDOUT; which one fired is told apart by
    /// phase: never connected is a connect timeout; connected and the total limit reached is a total
    /// timeout; otherwise, with low-speed detection on, a stall.
    ///
    /// - Parameters:
    ///   - connected: whether the transfer got a connection (libcurl's CONNECT time is set).
    ///   - reachedTotalLimit: whether the elapsed time reached the total timeout given to libcurl.
    ///   - lowSpeedDetection: whether the request asked for stall detection.
    ///   - limit: the request's body limit, for CURLE_FILESIZE_EXCEEDED.
    static func classify(
        _ error: CurlError, connected: Bool, reachedTotalLimit: Bool, lowSpeedDetection: Bool, limit: Int
    ) -> DownloadError {
        switch UInt32(bitPattern: error.code) {
        case CURLE_OPERATION_TIMEDOUT.rawValue:
            if !connected { return .connectTimedOut(error) }
            if lowSpeedDetection && !reachedTotalLimit { return .stalled(error) }
            return .timedOut(error)
        case CURLE_COULDNT_CONNECT.rawValue, CURLE_COULDNT_RESOLVE_HOST.rawValue,
            CURLE_COULDNT_RESOLVE_PROXY.rawValue:
            return .connectFailed(error)
        case CURLE_RECV_ERROR.rawValue, CURLE_SEND_ERROR.rawValue, CURLE_GOT_NOTHING.rawValue,
            CURLE_PARTIAL_FILE.rawValue, CURLE_HTTP2_STREAM.rawValue:
            return .connectionLost(error)
        case CURLE_FILESIZE_EXCEEDED.rawValue:
            return .tooLarge(limit: limit, error)
        case CURLE_SSL_CONNECT_ERROR.rawValue, CURLE_PEER_FAILED_VERIFICATION.rawValue,
            CURLE_SSL_CACERT_BADFILE.rawValue, CURLE_SSL_CERTPROBLEM.rawValue, CURLE_SSL_CIPHER.rawValue,
            CURLE_SSL_ENGINE_NOTFOUND.rawValue, CURLE_SSL_ENGINE_SETFAILED.rawValue, CURLE_SSL_ISSUER_ERROR.rawValue,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH.rawValue, CURLE_SSL_INVALIDCERTSTATUS.rawValue,
            CURLE_SSL_CRL_BADFILE.rawValue, CURLE_SSL_SHUTDOWN_FAILED.rawValue:
            return .tls(error)
        default:
            return .transfer(error)
        }
    }
}

extension DownloadError {
    /// The harness failure behind this error, when it is one: descriptors exhausted (EMFILE, ENFILE:
    /// a socket or the destination file could not be opened) or the scratch disk full (ENOSPC, EDQUOT:
    /// the destination file could not be written). Such a download measured the harness, not the
    /// network. nil for every failure the network or the server caused.
    public var harnessFailure: HarnessFailure? {
        let code: Int32
        switch self {
        case .file(_, let error): code = error.errno
        default:
            guard let curlError else { return nil }
            code = curlError.osErrno
        }
        switch code {
        case EMFILE, ENFILE: return .descriptorsExhausted
        case ENOSPC, EDQUOT: return .scratchFull
        default: return nil
        }
    }

}
