import Foundation

/// A server's trust, as Security's `SecTrust`: the type a session delegate's challenge handler names
/// (`challenge.protectionSpace.serverTrust`, `URLCredential(trust:)`), so such a handler compiles. Here
/// rather than in the Security stand-in, as every user module's generated file names it and imports only
/// this module implicitly in all of them.
///
/// Not faithful: the simulated network makes no TLS challenge, so no trust object is ever made here and a
/// handler that evaluates one is not called (the run names such handlers `not faithful:`).
public final class SecTrust: Sendable {
    private init() {}
}

/// Security's older name for ``SecTrust``.
public typealias SecTrustRef = SecTrust
