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
        let context = try CipherContext()
        try context.initialise(encrypting: true, key: key, nonce: nonce)
        try context.update(additionalData: additionalData)
        var ciphertext = try context.update(plaintext)
        ciphertext += try context.finish()
        let tag = try context.tag()
        return (ciphertext, tag)
    }

    /// Decrypts and authenticates; throws ``CryptoError/authenticationFailed`` when the tag does not
    /// match (tampered data, wrong key, wrong nonce).
    public static func open(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], authenticating additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try validate(key: key, nonce: nonce)
        guard tag.count == tagByteCount else { throw .invalidTagLength(tag.count) }
        let context = try CipherContext()
        try context.initialise(encrypting: false, key: key, nonce: nonce)
        try context.update(additionalData: additionalData)
        var plaintext = try context.update(ciphertext)
        try context.setExpectedTag(tag)
        guard let last = try? context.finish() else { throw .authenticationFailed }
        plaintext += last
        return plaintext
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

/// An owned `EVP_CIPHER_CTX` for one AES-256-GCM operation; freed in `deinit`.
private final class CipherContext {
    private let raw: OpaquePointer

    init() throws(CryptoError) {
        guard let raw = EVP_CIPHER_CTX_new() else { throw .library(OpenSSLError.capture("EVP_CIPHER_CTX_new")) }
        self.raw = raw
    }

    deinit { EVP_CIPHER_CTX_free(raw) }

    func initialise(encrypting: Bool, key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
        let call = encrypting ? "EVP_EncryptInit_ex" : "EVP_DecryptInit_ex"
        let initialise = encrypting ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
        guard initialise(raw, EVP_aes_256_gcm(), nil, nil, nil) == 1 else { throw .library(.capture(call)) }
        guard EVP_CIPHER_CTX_ctrl(raw, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1 else {
            throw .library(.capture("EVP_CIPHER_CTX_ctrl(EVP_CTRL_GCM_SET_IVLEN)"))
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

    func tag() throws(CryptoError) -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: AESGCM.tagByteCount)
        guard EVP_CIPHER_CTX_ctrl(raw, EVP_CTRL_GCM_GET_TAG, Int32(tag.count), &tag) == 1 else {
            throw .library(.capture("EVP_CIPHER_CTX_ctrl(EVP_CTRL_GCM_GET_TAG)"))
        }
        return tag
    }

    func setExpectedTag(_ tag: [UInt8]) throws(CryptoError) {
        var tag = tag
        guard EVP_CIPHER_CTX_ctrl(raw, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), &tag) == 1 else {
            throw .library(.capture("EVP_CIPHER_CTX_ctrl(EVP_CTRL_GCM_SET_TAG)"))
        }
    }
}
