// Why a public-key operation (P-256, X25519, Ed25519, RSA in ``P256Key``, ``X25519Key``, ``Ed25519Key``, ``RSAKey``)
// failed.

/// Why creating, decoding or using an elliptic-curve or RSA key failed: the caller's input, or OpenSSL itself.
public enum AsymmetricKeyError: Error, Equatable, CustomStringConvertible {
    /// An input of the wrong length: what it was, the lengths it may have, and its length.
    case incorrectLength(String, expected: [Int], actual: Int)
    /// A point whose first byte names no encoding the input takes (x9.63's 0x04, SEC1's 0x02 or 0x03).
    case unknownPointEncoding(UInt8)
    /// An input of the right length that is no valid key, point or signature: says why.
    case invalid(String)
    /// DER that is not the structure asked for (a SubjectPublicKeyInfo, a private key, an ECDSA signature):
    /// says why. CryptoKit throws its ASN.1 error for these.
    case malformedDER(String)
    /// Text that is not a PEM block of a label the caller takes: says why.
    case malformedPEM(String)
    /// OpenSSL failed on input it takes: out of memory, or a provider missing.
    case library(OpenSSLError)

    /// What went wrong, for a report or a log.
    public var description: String {
        switch self {
        case .incorrectLength(let what, let expected, let actual):
            "\(what) must be \(expected.map(String.init).joined(separator: " or ")) bytes, got \(actual)"
        case .unknownPointEncoding(let byte):
            "a point's first byte must be 0x04 (uncompressed) or 0x02/0x03 (compressed), got 0x"
                + String(byte, radix: 16)
        case .invalid(let reason), .malformedDER(let reason), .malformedPEM(let reason): reason
        case .library(let error): error.description
        }
    }

    /// A failure (``invalid(_:)`` unless `kind` says otherwise) that says `reason` and what OpenSSL's error
    /// queue held (which it clears).
    static func rejected(
        _ reason: String, call: String, as kind: (String) -> AsymmetricKeyError = AsymmetricKeyError.invalid
    ) -> AsymmetricKeyError {
        let error = OpenSSLError.capture(call)
        return kind(error.queue.isEmpty ? reason : "\(reason): \(error.queue.joined(separator: "; "))")
    }
}
