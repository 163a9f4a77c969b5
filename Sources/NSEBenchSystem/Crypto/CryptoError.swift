/// Why encrypting or decrypting notification content failed. Each case carries the bad input's size
/// or the library's message, so a report can say what was wrong.
public enum CryptoError: Error, Equatable, CustomStringConvertible {
    /// The key's size, in bytes, is not one the cipher takes (payloads: AES-256-GCM, 32 bytes).
    case invalidKeyLength(Int)
    /// The nonce's size, in bytes, is not one the cipher takes (payloads: 12 bytes).
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
        case .invalidKeyLength(let count):
            "a \(count)-byte key is not a size the cipher takes (AES-GCM: 16, 24 or 32 bytes; ChaCha20-Poly1305 "
                + "and payloads' AES-256-GCM: 32)"
        case .invalidNonceLength(let count):
            "a \(count)-byte nonce is not a size the cipher takes (AES-GCM: 12 to 128 bytes; ChaCha20-Poly1305 "
                + "and payloads: 12)"
        case .invalidTagLength(let count): "an authentication tag must be 16 bytes, got \(count)"
        case .invalidBase64(let text): "encrypted_data is not valid base64: \"\(text)\""
        case .truncated(let count):
            "encrypted_data is \(count) bytes, shorter than the 28-byte nonce + tag it must at least hold"
        case .authenticationFailed: "authentication failed: tampered data or wrong key"
        case .library(let error): error.description
        }
    }
}
