import COpenSSL

/// An authenticated cipher OpenSSL runs for ``AEAD``.
public enum AEADAlgorithm: Sendable, Hashable {
    /// AES in Galois/Counter Mode: a 16-, 24- or 32-byte key (AES-128, -192, -256), a nonce of 12 to 128
    /// bytes (GCM hashes a longer one down; 128 is OpenSSL's limit, where Apple's takes any length from 12).
    case aesGCM
    /// ChaCha20-Poly1305 (RFC 8439): a 32-byte key and a 12-byte nonce.
    case chaCha20Poly1305

    /// The key sizes the cipher takes, in bytes.
    public var keyByteCounts: Set<Int> {
        switch self {
        case .aesGCM: [16, 24, 32]
        case .chaCha20Poly1305: [32]
        }
    }

    /// Whether the cipher takes a nonce of `count` bytes.
    public func acceptsNonce(byteCount count: Int) -> Bool {
        switch self {
        case .aesGCM: (12...128).contains(count)
        case .chaCha20Poly1305: count == 12
        }
    }

    /// OpenSSL's cipher for a key of `keyByteCount` bytes (one of ``keyByteCounts``).
    fileprivate func evp(keyByteCount: Int) -> OpaquePointer? {
        switch (self, keyByteCount) {
        case (.aesGCM, 16): EVP_aes_128_gcm()
        case (.aesGCM, 24): EVP_aes_192_gcm()
        case (.aesGCM, _): EVP_aes_256_gcm()
        case (.chaCha20Poly1305, _): EVP_chacha20_poly1305()
        }
    }
}

/// Authenticated encryption through OpenSSL EVP, for CryptoKit's `AES.GCM` and `ChaChaPoly` and for
/// ``AESGCM``. The tag is 16 bytes.
public enum AEAD {
    public static let tagByteCount = 16

    /// Encrypts `plaintext`; returns the ciphertext (same length) and the tag.
    public static func seal(
        _ algorithm: AEADAlgorithm, _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8],
        authenticating additionalData: [UInt8] = []
    ) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        try validate(algorithm, key: key, nonce: nonce)
        let context = try CipherContext()
        try context.initialise(algorithm.evp(keyByteCount: key.count), encrypting: true, key: key, nonce: nonce)
        try context.update(additionalData: additionalData)
        var ciphertext = try context.update(plaintext)
        ciphertext += try context.finish()
        return (ciphertext, try context.tag())
    }

    /// Decrypts and authenticates; throws ``CryptoError/authenticationFailed`` when the tag does not
    /// match (tampered data, wrong key, wrong nonce).
    public static func open(
        _ algorithm: AEADAlgorithm, _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8],
        authenticating additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try validate(algorithm, key: key, nonce: nonce)
        guard tag.count == tagByteCount else { throw .invalidTagLength(tag.count) }
        let context = try CipherContext()
        try context.initialise(algorithm.evp(keyByteCount: key.count), encrypting: false, key: key, nonce: nonce)
        try context.update(additionalData: additionalData)
        var plaintext = try context.update(ciphertext)
        try context.setExpectedTag(tag)
        guard let last = context.finishVerified() else { throw .authenticationFailed }
        plaintext += last
        return plaintext
    }

    private static func validate(_ algorithm: AEADAlgorithm, key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
        guard algorithm.keyByteCounts.contains(key.count) else { throw .invalidKeyLength(key.count) }
        guard algorithm.acceptsNonce(byteCount: nonce.count) else { throw .invalidNonceLength(nonce.count) }
    }
}

/// An owned `EVP_CIPHER_CTX` for one AEAD operation; freed in `deinit`.
private final class CipherContext {
    private let raw: OpaquePointer

    init() throws(CryptoError) {
        guard let raw = EVP_CIPHER_CTX_new() else { throw .library(OpenSSLError.capture("EVP_CIPHER_CTX_new")) }
        self.raw = raw
    }

    deinit { EVP_CIPHER_CTX_free(raw) }

    func initialise(_ cipher: OpaquePointer?, encrypting: Bool, key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
        let call = encrypting ? "EVP_EncryptInit_ex" : "EVP_DecryptInit_ex"
        let initialise = encrypting ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
        guard initialise(raw, cipher, nil, nil, nil) == 1 else { throw .library(.capture(call)) }
        guard EVP_CIPHER_CTX_ctrl(raw, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonce.count), nil) == 1 else {
            throw .library(.capture("EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_SET_IVLEN)"))
        }
        guard initialise(raw, nil, nil, key, nonce) == 1 else { throw .library(.capture(call)) }
        self.encrypting = encrypting
    }

    private var encrypting = true

    func update(additionalData: [UInt8]) throws(CryptoError) {
        guard !additionalData.isEmpty else { return }
        var length: Int32 = 0
        let update = encrypting ? EVP_EncryptUpdate : EVP_DecryptUpdate
        guard update(raw, nil, &length, additionalData, Int32(additionalData.count)) == 1 else {
            throw .library(.capture("EVP_CipherUpdate(aad)"))
        }
    }

    func update(_ input: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard !input.isEmpty else { return [] }
        var output = [UInt8](repeating: 0, count: input.count + 16)
        var length: Int32 = 0
        let update = encrypting ? EVP_EncryptUpdate : EVP_DecryptUpdate
        guard update(raw, &output, &length, input, Int32(input.count)) == 1 else {
            throw .library(.capture("EVP_CipherUpdate"))
        }
        output.removeLast(output.count - Int(length))
        return output
    }

    func finish() throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 16)
        var length: Int32 = 0
        let finish = encrypting ? EVP_EncryptFinal_ex : EVP_DecryptFinal_ex
        guard finish(raw, &output, &length) == 1 else { throw .library(.capture("EVP_CipherFinal_ex")) }
        output.removeLast(output.count - Int(length))
        return output
    }

    /// The final bytes of a decryption, or nil when the tag does not verify: the only way the final call
    /// fails once the context is set up. What OpenSSL queued for it is cleared, so it cannot be mistaken
    /// for a later call's error.
    func finishVerified() -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: 16)
        var length: Int32 = 0
        guard EVP_DecryptFinal_ex(raw, &output, &length) == 1 else {
            ERR_clear_error()
            return nil
        }
        output.removeLast(output.count - Int(length))
        return output
    }

    func tag() throws(CryptoError) -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: AEAD.tagByteCount)
        guard EVP_CIPHER_CTX_ctrl(raw, EVP_CTRL_AEAD_GET_TAG, Int32(tag.count), &tag) == 1 else {
            throw .library(.capture("EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_GET_TAG)"))
        }
        return tag
    }

    func setExpectedTag(_ tag: [UInt8]) throws(CryptoError) {
        var tag = tag
        guard EVP_CIPHER_CTX_ctrl(raw, EVP_CTRL_AEAD_SET_TAG, Int32(tag.count), &tag) == 1 else {
            throw .library(.capture("EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_SET_TAG)"))
        }
    }
}
