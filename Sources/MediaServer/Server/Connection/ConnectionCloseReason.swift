/// Why the media server closed a connection, counted in ``ServerStatistics`` and printed by `serve`.
///
/// Every close has exactly one reason, so the counts add up to the connections closed. Reasons are
/// grouped as the client's doing, the server's limits, the injected faults, the server's own
/// endings, and failures of the socket or the loop (which a healthy run should show none of).
public enum ConnectionCloseReason: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The client closed its side or the whole connection (end of file, TLS close_notify, hang-up).
    case peerClosed
    /// The socket reported an error (`EPOLLERR`), typically a reset by the client.
    case socketError
    /// A read failed (a reset by the client, or a TLS error).
    case readFailed
    /// A write failed (a reset by the client, a broken pipe, or a TLS error).
    case writeFailed
    /// No request began within the idle timeout, between requests.
    case idleTimeout
    /// The TLS handshake did not complete within the idle timeout.
    case handshakeTimeout
    /// The TLS handshake failed (a client that does not speak TLS, or rejects the certificate).
    case handshakeFailed
    /// A request head was still incomplete at the idle timeout; it was answered 408.
    case requestTimeout
    /// A malformed request was answered with its 4xx/5xx status.
    case protocolError
    /// A response ended without keep-alive (`Connection: close`, HTTP/1.0 or an error status).
    case responseEnded
    /// An injected reset: closed with a TCP RST before or during the response.
    case injectedReset
    /// An injected truncation: closed with a FIN short of the announced Content-Length.
    case injectedTruncate
    /// An injected slow close: closed once its delay after the complete response ran out.
    case injectedSlowClose
    /// An injected stall "forever" ended at the idle timeout with the response unfinished.
    case stallForeverEnded
    /// A client pipelined more bytes than the server keeps while it answers the request before them.
    case pipelineOverflow
    /// Closed by the server's shutdown between requests, or as its response ended.
    case drained
    /// Still busy when the shutdown's grace period ended.
    case drainTimedOut
    /// The loop would not watch the socket, or change what it watches it for (`epoll_ctl`).
    case registrationFailed
    /// The loop would not schedule or cancel the connection's timer.
    case timerFailed
    /// A socket option could not be set (`TCP_NODELAY`, or `SO_LINGER` for an injected reset).
    case socketOptionFailed
    /// No TLS session could be made for an accepted socket (OpenSSL's `SSL_new` or `SSL_set_fd`).
    case tlsSessionFailed

    /// The reason as `serve`'s report names it.
    public var description: String {
        switch self {
        case .peerClosed: "peer closed"
        case .socketError: "socket error"
        case .readFailed: "read error"
        case .writeFailed: "write error"
        case .idleTimeout: "idle timeout"
        case .handshakeTimeout: "handshake timeout"
        case .handshakeFailed: "handshake failed"
        case .requestTimeout: "request timeout"
        case .protocolError: "protocol error"
        case .responseEnded: "response ended"
        case .injectedReset: "injected reset"
        case .injectedTruncate: "injected truncate"
        case .injectedSlowClose: "injected slow close"
        case .stallForeverEnded: "stall forever ended"
        case .pipelineOverflow: "pipeline overflow"
        case .drained: "drained"
        case .drainTimedOut: "drain timed out"
        case .registrationFailed: "registration error"
        case .timerFailed: "timer error"
        case .socketOptionFailed: "socket option error"
        case .tlsSessionFailed: "tls session error"
        }
    }
}
