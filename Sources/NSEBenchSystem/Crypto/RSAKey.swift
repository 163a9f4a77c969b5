// RSA keys over OpenSSL 3's EVP_PKEY, for Security's SecKey: PKCS #1 import and export, and encryption with
// PKCS #1 v1.5, OAEP or no padding.
import COpenSSL

/// How an RSA encryption pads its message, for ``RSAKey``.
public enum RSAPadding: Sendable, Hashable {
    /// None: the message is the number encrypted, left-padded with zeros to the modulus's size.
    case raw
    /// PKCS #1 v1.5 (RFC 8017 §7.2): at most the modulus's size − 11 bytes.
    case pkcs1
    /// OAEP (RFC 8017 §7.1) with `digest` for both the label hash and MGF1, an empty label: at most the modulus's
    /// size − 2 × the digest's size − 2 bytes.
    case oaep(DigestAlgorithm)

    /// The longest message this padding fits in a modulus of `modulusByteCount` bytes; negative when none fits.
    public func maximumMessageByteCount(modulusByteCount: Int) -> Int {
        switch self {
        case .raw: modulusByteCount
        case .pkcs1: modulusByteCount - 11
        case .oaep(let digest): modulusByteCount - 2 * digest.byteCount - 2
        }
    }
}

/// An RSA public key, or private key, held by OpenSSL.
///
/// ```swift
/// let key = try RSAKey(pkcs1PrivateKey: der)              // RSAPrivateKey, as iOS's SecKeyCreateWithData takes it
/// let ciphertext = try key.publicKey().encrypt(message, padding: .oaep(.sha256))
/// let message = try key.decrypt(ciphertext, padding: .oaep(.sha256))
/// ```
public final class RSAKey: @unchecked Sendable {
    // @unchecked: `key` is never changed after init, and OpenSSL 3 lets threads share one EVP_PKEY for encrypting,
    // decrypting and encoding (each operation makes its own context).
    private let key: OpaquePointer

    /// Whether the key holds its private exponent, not only the public modulus and exponent.
    public let isPrivate: Bool

    /// The modulus's size in bytes: the size of every ciphertext (Security's block size).
    public let modulusByteCount: Int

    /// The modulus's size in bits (2048 for an RSA-2048 key).
    public let bitCount: Int

    private init(taking key: OpaquePointer, isPrivate: Bool) {
        self.key = key
        self.isPrivate = isPrivate
        modulusByteCount = Int(EVP_PKEY_get_size(key))
        bitCount = Int(EVP_PKEY_get_bits(key))
    }

    deinit { EVP_PKEY_free(key) }

    // MARK: - Making keys

    /// The private key a PKCS #1 `RSAPrivateKey` DER holds (RFC 8017 A.1.2), every byte of it. A PKCS #8
    /// `PrivateKeyInfo` or a public key is refused: iOS takes PKCS #1 alone.
    public convenience init(pkcs1PrivateKey der: [UInt8]) throws(AsymmetricKeyError) {
        // OpenSSL's decoder reaches a PKCS #8 key's RSAPrivateKey too, even asked for "type-specific" DER.
        guard Self.opensWithTwoIntegers(der) else {
            throw .malformedDER("not a PKCS #1 RSAPrivateKey (a PKCS #8 PrivateKeyInfo, or not a key)")
        }
        let key = try Self.decode(der, structure: "type-specific", selection: nseb_evp_pkey_keypair())
        guard EVPKey.bigNumberParameter(key, OSSL_PKEY_PARAM_RSA_D) != nil else {
            EVP_PKEY_free(key)
            throw .malformedDER("an RSA public key, not a private key")
        }
        self.init(taking: key, isPrivate: true)
    }

    /// The public key a DER holds, every byte of it: a PKCS #1 `RSAPublicKey` (RFC 8017 A.1.1), or an X.509
    /// `SubjectPublicKeyInfo` of an RSA key, which iOS's import (corecrypto's) tries first.
    public convenience init(publicKey der: [UInt8]) throws(AsymmetricKeyError) {
        let selection = nseb_evp_pkey_public_key()
        let key: OpaquePointer
        do {
            key = try Self.decode(der, structure: "SubjectPublicKeyInfo", selection: selection)
        } catch {
            key = try Self.decode(der, structure: "type-specific", selection: selection)
        }
        self.init(taking: key, isPrivate: false)
    }

    /// A new random key pair of `bitCount` bits (at least 1024) with exponent 65537.
    public static func generate(bitCount: Int) throws(AsymmetricKeyError) -> RSAKey {
        guard bitCount >= 1024, bitCount <= 16384 else {
            throw .invalid("an RSA key of \(bitCount) bits: 1024 to 16384 are made here")
        }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, StaticCString.pointer("RSA"), nil) else {
            throw .library(.capture("EVP_PKEY_CTX_new_from_name(RSA)"))
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else { throw .library(.capture("EVP_PKEY_keygen_init(RSA)")) }
        guard EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bitCount)) == 1 else {
            throw .library(.capture("EVP_PKEY_CTX_set_rsa_keygen_bits"))
        }
        var key: OpaquePointer?
        guard EVP_PKEY_generate(context, &key) == 1, let key else { throw .library(.capture("EVP_PKEY_generate(RSA)")) }
        return RSAKey(taking: key, isPrivate: true)
    }

    /// The public half of this key (itself, when it is public).
    public func publicKey() throws(AsymmetricKeyError) -> RSAKey {
        guard isPrivate else { return self }
        return try RSAKey(
            publicKey: EVPKey.encode(
                key, selection: nseb_evp_pkey_public_key(), format: "DER", structure: "type-specific"))
    }

    // MARK: - Encodings

    /// The key as PKCS #1 DER: an `RSAPrivateKey` for a private key, an `RSAPublicKey` for a public one (what
    /// iOS's SecKeyCopyExternalRepresentation gives).
    public func pkcs1() throws(AsymmetricKeyError) -> [UInt8] {
        let selection = isPrivate ? nseb_evp_pkey_keypair() : nseb_evp_pkey_public_key()
        return try EVPKey.encode(key, selection: selection, format: "DER", structure: "type-specific")
    }

    /// The public key as an X.509 `SubjectPublicKeyInfo` DER.
    public func subjectPublicKeyInfo() throws(AsymmetricKeyError) -> [UInt8] {
        try EVPKey.encode(key, selection: nseb_evp_pkey_public_key(), format: "DER", structure: "SubjectPublicKeyInfo")
    }

    /// A private key as PKCS #8 `PrivateKeyInfo` DER: not what iOS exchanges, but what tests check it refuses.
    func privateKeyInfo() throws(AsymmetricKeyError) -> [UInt8] {
        try EVPKey.encode(key, selection: nseb_evp_pkey_keypair(), format: "DER", structure: "PrivateKeyInfo")
    }

    // MARK: - Encryption

    /// `message` encrypted with the public key under `padding`: ``modulusByteCount`` bytes. A message longer than
    /// the padding fits (``RSAPadding/maximumMessageByteCount(modulusByteCount:)``), or with no padding a number not
    /// below the modulus, is ``AsymmetricKeyError/invalid(_:)``.
    public func encrypt(_ message: [UInt8], padding: RSAPadding) throws(AsymmetricKeyError) -> [UInt8] {
        let limit = padding.maximumMessageByteCount(modulusByteCount: modulusByteCount)
        guard message.count <= limit else {
            throw .invalid(
                "a message of \(message.count) bytes is longer than the \(max(0, limit)) this \(bitCount)-bit key "
                    + "takes with \(padding)")
        }
        var input = message
        if padding == .raw { input = [UInt8](repeating: 0, count: modulusByteCount - message.count) + message }
        return try run(encrypting: true, input, padding: padding)
    }

    /// `ciphertext` decrypted with the private key under `padding`. A ciphertext longer than the modulus, or not
    /// below it, or whose padding does not check (a wrong key, tampered data), is ``AsymmetricKeyError/invalid(_:)``;
    /// a shorter one is read as the big-endian number it is, as iOS reads it.
    public func decrypt(_ ciphertext: [UInt8], padding: RSAPadding) throws(AsymmetricKeyError) -> [UInt8] {
        guard isPrivate else { throw .invalid("a public key cannot decrypt") }
        guard ciphertext.count <= modulusByteCount else {
            throw .incorrectLength("the ciphertext", expected: [modulusByteCount], actual: ciphertext.count)
        }
        let input = [UInt8](repeating: 0, count: modulusByteCount - ciphertext.count) + ciphertext
        return try run(encrypting: false, input, padding: padding)
    }

    private func run(encrypting: Bool, _ input: [UInt8], padding: RSAPadding) throws(AsymmetricKeyError) -> [UInt8] {
        let call = encrypting ? "EVP_PKEY_encrypt" : "EVP_PKEY_decrypt"
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            throw .library(.capture("EVP_PKEY_CTX_new_from_pkey"))
        }
        defer { EVP_PKEY_CTX_free(context) }
        let initialised = encrypting ? EVP_PKEY_encrypt_init(context) : EVP_PKEY_decrypt_init(context)
        guard initialised == 1 else { throw .library(.capture("\(call)_init")) }
        try configure(context, padding: padding)
        let operation = encrypting ? EVP_PKEY_encrypt : EVP_PKEY_decrypt
        var length = 0
        guard operation(context, nil, &length, input, input.count) == 1 else {
            throw .library(.capture("\(call)(size)"))
        }
        var output = [UInt8](repeating: 0, count: length)
        guard operation(context, &output, &length, input, input.count) == 1 else {
            throw .rejected(encrypting ? "the message does not fit the key" : "the padding does not check", call: call)
        }
        output.removeLast(output.count - length)
        if padding == .raw, output.count < modulusByteCount {
            output = [UInt8](repeating: 0, count: modulusByteCount - output.count) + output
        }
        return output
    }

    private func configure(_ context: OpaquePointer, padding: RSAPadding) throws(AsymmetricKeyError) {
        let mode: Int32 =
            switch padding {
            case .raw: RSA_NO_PADDING
            case .pkcs1: RSA_PKCS1_PADDING
            case .oaep: RSA_PKCS1_OAEP_PADDING
            }
        guard EVP_PKEY_CTX_set_rsa_padding(context, mode) == 1 else {
            throw .library(.capture("EVP_PKEY_CTX_set_rsa_padding"))
        }
        switch padding {
        case .oaep(let digest):
            guard EVP_PKEY_CTX_set_rsa_oaep_md(context, digest.evp) == 1,
                EVP_PKEY_CTX_set_rsa_mgf1_md(context, digest.evp) == 1
            else { throw .library(.capture("EVP_PKEY_CTX_set_rsa_oaep_md")) }
        case .pkcs1:
            // OpenSSL 3.2 and later answer a PKCS #1 v1.5 padding that does not check with random bytes
            // ("implicit rejection"); iOS fails the call. Earlier versions do not know the parameter and leave it.
            var off: UInt32 = 0
            let status = withUnsafeMutablePointer(to: &off) { off in
                let name = StaticCString.pointer("implicit-rejection")
                let parameters = [OSSL_PARAM_construct_uint(name, off), OSSL_PARAM_construct_end()]
                return EVP_PKEY_CTX_set_params(context, parameters)
            }
            if status != 1 { ERR_clear_error() }
        case .raw: break
        }
    }

    /// Whether `der` opens as PKCS #1's `RSAPrivateKey`, a SEQUENCE whose first two elements are INTEGERs (version,
    /// modulus), where PKCS #8's `PrivateKeyInfo` has the algorithm's SEQUENCE second.
    static func opensWithTwoIntegers(_ der: [UInt8]) -> Bool {
        var cursor = 0
        /// The content length of the element whose tag is at `cursor`, which it moves past the header.
        func header(_ tag: UInt8) -> Int? {
            guard cursor + 1 < der.count, der[cursor] == tag else { return nil }
            let first = Int(der[cursor + 1])
            cursor += 2
            guard first & 0x80 != 0 else { return first }
            let count = first & 0x7f
            guard (1...4).contains(count), cursor + count <= der.count else { return nil }
            let length = der[cursor..<cursor + count].reduce(0) { $0 << 8 | Int($1) }
            cursor += count
            return length
        }
        guard header(0x30) != nil, let version = header(0x02), cursor + version <= der.count else { return false }
        cursor += version
        return header(0x02) != nil
    }

    /// An EVP_PKEY of type RSA decoded from `der` as `structure` ("type-specific" is PKCS #1), every byte used.
    private static func decode(_ der: [UInt8], structure: StaticString, selection: Int32) throws(AsymmetricKeyError)
        -> OpaquePointer
    {
        var key: OpaquePointer?
        let context = OSSL_DECODER_CTX_new_for_pkey(
            &key, StaticCString.pointer("DER"), StaticCString.pointer(structure), StaticCString.pointer("RSA"),
            selection, nil, nil)
        guard let context else { throw .library(.capture("OSSL_DECODER_CTX_new_for_pkey(\(structure))")) }
        defer { OSSL_DECODER_CTX_free(context) }
        let consumed = der.withUnsafeBufferPointer { buffer -> Bool in
            var cursor = buffer.baseAddress
            var remaining = buffer.count
            return !der.isEmpty && OSSL_DECODER_from_data(context, &cursor, &remaining) == 1 && remaining == 0
        }
        guard consumed, let decoded = key else {
            if let key { EVP_PKEY_free(key) }
            throw .rejected(
                "not an RSA key's DER (\(structure))", call: "OSSL_DECODER_from_data",
                as: AsymmetricKeyError.malformedDER)
        }
        return decoded
    }
}
