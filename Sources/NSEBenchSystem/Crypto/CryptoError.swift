/// Why encrypting or decrypting notification content failed. Each case carries the bad input's size
/// or the library's message, so a report can say what was wrong.
public enum CryptoError: Error, Equatable, CustomStringConvertible {
    /// The key was not 32 bytes.
    case invalidKeyLength(Int)
    /// The nonce was not 12 bytes.
    case invalidNonceLength(Int)
    /// The tag was not 16 bytes.
    case invalidTagLength(Int)
    /// `encrypted_data` was not valid base64; carries the offending text (cut to 64 characters).
    case invalidBase64(String)
    /// The decoded `encrypted_data` was shorter than nonce + tag; carries its length in bytes.
    case truncated(byteCount: Int)
    /// The tag did not verify: the data was tampered with, or the key or nonce is wrong.
    case authenticationFailed
    /// OpenSSL itself failed.
    case library(OpenSSLError)

    public var description: String {
        switch self {
        case .invalidKeyLength(let count): "AES-256-GCM key must be 32 bytes, got \(count)"
        case .invalidNonceLength(let count): "AES-GCM nonce must be 12 bytes, got \(count)"
        case .invalidTagLength(let count): "AES-GCM tag must be 16 bytes, got \(count)"
        case .invalidBase64(let text): "encrypted_data is not valid base64: \"\(text)\""
        case .truncated(let count):
            "encrypted_data is \(count) bytes, shorter than the 28-byte nonce + tag it must at least hold"
        case .authenticationFailed: "authentication failed: tampered data or wrong key"
        case .library(let error): error.description
        }
    }
}
