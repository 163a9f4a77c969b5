import COpenSSL

/// An OpenSSL server context (`SSL_CTX`) for non-blocking sockets; freed in `deinit`.
public final class TLSServerContext: @unchecked Sendable {
    // SSL_CTX is safe to share between threads once configured; it is never modified after init.
    let raw: OpaquePointer
    /// Kept alive: the context references its certificate and key.
    public let certificate: TLSCertificate

    public init(certificate: TLSCertificate) throws(OpenSSLError) {
        guard let raw = SSL_CTX_new(TLS_server_method()) else { throw .capture("SSL_CTX_new") }
        self.raw = raw
        self.certificate = certificate
        guard SSL_CTX_use_certificate(raw, certificate.certificate) == 1 else {
            throw .capture("SSL_CTX_use_certificate")
        }
        guard SSL_CTX_use_PrivateKey(raw, certificate.privateKey) == 1 else { throw .capture("SSL_CTX_use_PrivateKey") }
        guard nseb_ssl_ctx_set_min_proto_version(raw, TLS1_2_VERSION) == 1 else {
            throw .capture("SSL_CTX_set_min_proto_version")
        }
        // Non-blocking sockets: a write may complete partially, and a retried write may come from a
        // different buffer address (the connection's buffer can move between attempts).
        _ = nseb_ssl_ctx_set_mode(raw, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER))
    }

    deinit { SSL_CTX_free(raw) }

    /// A server-side TLS session over the connected, non-blocking socket `descriptor`.
    public func makeSession(descriptor: Int32) throws(OpenSSLError) -> TLSSession {
        try TLSSession(context: self, descriptor: descriptor)
    }
}

/// One TLS connection over a non-blocking socket (`SSL *`); freed in `deinit`. Used by one thread.
public final class TLSSession {
    private let raw: OpaquePointer
    private let context: TLSServerContext

    /// What a non-blocking TLS operation needs before it can go on.
    public enum Progress: Equatable, Sendable {
        case done(Int)
        case wantRead
        case wantWrite
        /// The peer closed the TLS session (close_notify) or the socket.
        case closed
    }

    init(context: TLSServerContext, descriptor: Int32) throws(OpenSSLError) {
        guard let raw = SSL_new(context.raw) else { throw .capture("SSL_new") }
        self.raw = raw
        self.context = context
        guard SSL_set_fd(raw, descriptor) == 1 else { throw .capture("SSL_set_fd") }
        SSL_set_accept_state(raw)
    }

    deinit { SSL_free(raw) }

    /// Advances the handshake.
    public func handshake() throws(OpenSSLError) -> Progress {
        try progress(SSL_do_handshake(raw), call: "SSL_do_handshake")
    }

    /// Reads decrypted bytes into `buffer`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(OpenSSLError) -> Progress {
        try progress(SSL_read(raw, buffer.baseAddress, Int32(buffer.count)), call: "SSL_read")
    }

    /// Encrypts and writes bytes from `buffer`; may write fewer than given.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(OpenSSLError) -> Progress {
        try progress(SSL_write(raw, buffer.baseAddress, Int32(buffer.count)), call: "SSL_write")
    }

    /// Sends close_notify; the socket is closed by its owner.
    public func shutdown() { _ = SSL_shutdown(raw) }

    private func progress(_ result: Int32, call: String) throws(OpenSSLError) -> Progress {
        if result > 0 { return .done(Int(result)) }
        switch SSL_get_error(raw, result) {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN, SSL_ERROR_SYSCALL:
            ERR_clear_error()
            return .closed
        default: throw .capture(call)
        }
    }
}
