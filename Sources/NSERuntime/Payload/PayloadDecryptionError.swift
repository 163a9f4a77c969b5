public import NSEBenchSystem

/// Why `encrypted_data` could not be turned back into a title and body: the cipher refused it, or the
/// plaintext it gave is not `{"title":…,"body":…}`.
///
/// ```swift
/// do {
///     _ = try PayloadCrypto.open(payload.encryptedData ?? "", key: key)
/// } catch {
///     print(error)  // encrypted_data did not decrypt: authentication failed: tampered data or wrong key
/// }
/// ```
public enum PayloadDecryptionError: Error, Equatable, CustomStringConvertible {
    /// Decoding or AES-256-GCM decryption failed (bad base64, truncated, tampered, wrong key).
    case crypto(CryptoError)
    /// The decrypted bytes are not JSON; carries Foundation's reason.
    case plaintextNotJSON(reason: String)
    /// The decrypted JSON is not an object; carries what it was.
    case plaintextNotObject(found: JSONValue)
    /// The decrypted object lacks the string field `field`; carries what it held instead (nil: missing).
    case plaintextField(String, found: JSONValue?)

    public var description: String {
        let form = #"{"title":"…","body":"…"}"#
        return switch self {
        case .crypto(let error):
            "encrypted_data did not decrypt: \(error)"
        case .plaintextNotJSON(let reason):
            "decrypted encrypted_data is not JSON (\(reason)); expected \(form)"
        case .plaintextNotObject(let found):
            "decrypted encrypted_data is \(found.kindDescription), not an object; expected \(form)"
        case .plaintextField(let field, nil):
            "decrypted encrypted_data has no \"\(field)\"; expected \(form)"
        case .plaintextField(let field, let found?):
            "decrypted encrypted_data has \"\(field)\" as \(found.kindDescription), not a string; expected \(form)"
        }
    }
}
