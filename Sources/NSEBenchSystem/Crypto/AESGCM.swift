import COpenSSL

/// AES-256-GCM through OpenSSL EVP: authenticated encryption of notification text.
///
/// The key is 32 bytes, the nonce 12 bytes (GCM's recommended size), the tag 16 bytes. For the
/// payload field that carries the result, see ``EncryptedData``.
public enum AESGCM {
    public static let keyByteCount = 32
    public static let nonceByteCount = 12
    public static let tagByteCount = 16

    /// Encrypts `plaintext`; returns the ciphertext (same length) and the 16-byte tag.
    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], authenticating additionalData: [UInt8] = []
    ) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        try validate(key: key, nonce: nonce)
        return try AEAD.seal(.aesGCM, plaintext, key: key, nonce: nonce, authenticating: additionalData)
    }

    /// Decrypts and authenticates; throws ``CryptoError/authenticationFailed`` when the tag does not
    /// match (tampered data, wrong key, wrong nonce).
    public static func open(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], authenticating additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try validate(key: key, nonce: nonce)
        return try AEAD.open(.aesGCM, ciphertext, tag: tag, key: key, nonce: nonce, authenticating: additionalData)
    }

    /// `count` bytes from OpenSSL's CSPRNG, for keys and nonces.
    public static func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw .library(OpenSSLError.capture("RAND_bytes")) }
        return bytes
    }

    private static func validate(key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
        guard key.count == keyByteCount else { throw .invalidKeyLength(key.count) }
        guard nonce.count == nonceByteCount else { throw .invalidNonceLength(nonce.count) }
    }
}
