import NSEBenchCore

/// The wire format of a push payload's `encrypted_data` field.
///
/// ```
/// encrypted_data = base64( nonce[12] ‖ ciphertext[n] ‖ tag[16] )      (RFC 4648, standard alphabet, padded)
/// ```
///
/// The plaintext is UTF-8 JSON such as `{"title":"…","body":"…"}`; the key is the 32-byte AES-256 key
/// shared between the push server and the extension (the App Group container holds it). No
/// additional authenticated data is used. A fresh random nonce per message is required: GCM with a
/// repeated nonce under one key leaks the plaintext.
public enum EncryptedData {
    /// Seals `plaintext` with a fresh random nonce and encodes it for the payload.
    public static func seal(_ plaintext: [UInt8], key: [UInt8]) throws(CryptoError) -> String {
        let nonce = try AESGCM.randomBytes(AESGCM.nonceByteCount)
        return try seal(plaintext, key: key, nonce: nonce)
    }

    /// Seals with a given nonce, for seeded, repeatable payload generation and for tests.
    public static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) throws(CryptoError) -> String {
        let (ciphertext, tag) = try AESGCM.seal(plaintext, key: key, nonce: nonce)
        return Base64.encode(nonce + ciphertext + tag)
    }

    /// Decodes and opens a payload's `encrypted_data`.
    ///
    /// Throws ``CryptoError/invalidBase64(_:)``, ``CryptoError/truncated(byteCount:)`` or
    /// ``CryptoError/authenticationFailed`` for bad input; never traps.
    public static func open(_ encoded: String, key: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard let bytes = Base64.decode(encoded) else { throw .invalidBase64(String(encoded.prefix(64))) }
        let overhead = AESGCM.nonceByteCount + AESGCM.tagByteCount
        guard bytes.count >= overhead else { throw .truncated(byteCount: bytes.count) }
        let nonce = Array(bytes[..<AESGCM.nonceByteCount])
        let ciphertext = Array(bytes[AESGCM.nonceByteCount..<(bytes.count - AESGCM.tagByteCount)])
        let tag = Array(bytes[(bytes.count - AESGCM.tagByteCount)...])
        return try AESGCM.open(ciphertext, tag: tag, key: key, nonce: nonce)
    }
}
