// X25519 (RFC 7748) and Ed25519 (RFC 8032) keys over OpenSSL 3's raw EVP_PKEY keys, for CryptoKit's Curve25519.
import COpenSSL

/// An X25519 public key, or key pair: key agreement on Curve25519.
///
/// ```swift
/// let alice = try X25519Key(privateKey: alicePrivate)   // 32 bytes
/// let secret = try alice.sharedSecret(with: X25519Key(publicKey: bobPublic))
/// ```
public final class X25519Key: Sendable {
    private let raw: RawCurveKey

    /// The public key's 32 bytes (u-coordinate, little-endian).
    public var publicKey: [UInt8] { raw.publicKey }
    /// Whether the key holds its private key.
    public var hasPrivateKey: Bool { raw.hasPrivateKey }
    /// The size of a private key, a public key and a shared secret: 32 bytes.
    public static let keyByteCount = 32

    private init(_ raw: RawCurveKey) { self.raw = raw }

    /// A new random key pair (its private key clamped, as RFC 7748 §5 and CryptoKit's are).
    public static func generate() throws(AsymmetricKeyError) -> X25519Key {
        X25519Key(try RawCurveKey(generating: "X25519"))
    }

    /// The key pair of a 32-byte private key; any 32 bytes are one (X25519 clamps them when used).
    public convenience init(privateKey bytes: [UInt8]) throws(AsymmetricKeyError) {
        self.init(try RawCurveKey(EVP_PKEY_X25519, "an X25519 private key", private: bytes))
    }

    /// The public key of 32 bytes; any 32 bytes are one.
    public convenience init(publicKey bytes: [UInt8]) throws(AsymmetricKeyError) {
        self.init(try RawCurveKey(EVP_PKEY_X25519, "an X25519 public key", public: bytes))
    }

    /// The private key's 32 bytes.
    public func privateKey() throws(AsymmetricKeyError) -> [UInt8] { try raw.privateBytes() }

    /// X25519 with `peer`: 32 bytes. A peer of small order gives all zeros, as RFC 7748 computes it and
    /// Apple's CryptoKit returns it (OpenSSL refuses that secret; the check is the caller's to make).
    public func sharedSecret(with peer: X25519Key) throws(AsymmetricKeyError) -> [UInt8] {
        guard hasPrivateKey else { throw .invalid("key agreement needs a private key") }
        return try EVPKey.derive(raw.pkey, with: peer.raw.pkey, zerosWhenRefused: true)
    }
}

/// An Ed25519 public key, or key pair: signatures on the Edwards form of Curve25519.
///
/// ```swift
/// let signer = try Ed25519Key(privateKey: seed)        // 32 bytes
/// let signature = try signer.signature(for: message)  // 64 bytes
/// signer.isValidSignature(signature, for: message)     // true
/// ```
public final class Ed25519Key: Sendable {
    private let raw: RawCurveKey

    /// The public key's 32 bytes (RFC 8032's encoded point A).
    public var publicKey: [UInt8] { raw.publicKey }
    /// Whether the key holds its private key.
    public var hasPrivateKey: Bool { raw.hasPrivateKey }
    /// The size of a private key (RFC 8032's seed) and a public key: 32 bytes.
    public static let keyByteCount = 32
    /// The size of a signature: 64 bytes.
    public static let signatureByteCount = 64

    private init(_ raw: RawCurveKey) { self.raw = raw }

    /// A new random key pair.
    public static func generate() throws(AsymmetricKeyError) -> Ed25519Key {
        Ed25519Key(try RawCurveKey(generating: "ED25519"))
    }

    /// The key pair of a 32-byte private key (RFC 8032's seed); any 32 bytes are one.
    public convenience init(privateKey bytes: [UInt8]) throws(AsymmetricKeyError) {
        self.init(try RawCurveKey(EVP_PKEY_ED25519, "an Ed25519 private key", private: bytes))
    }

    /// The public key of 32 bytes. The bytes are not checked to be a point: a signature under a key that is not
    /// one never verifies.
    public convenience init(publicKey bytes: [UInt8]) throws(AsymmetricKeyError) {
        self.init(try RawCurveKey(EVP_PKEY_ED25519, "an Ed25519 public key", public: bytes))
    }

    /// The private key's 32 bytes (the seed).
    public func privateKey() throws(AsymmetricKeyError) -> [UInt8] { try raw.privateBytes() }

    /// The Ed25519 signature of `message` (64 bytes). OpenSSL's Ed25519 is deterministic, as RFC 8032's.
    public func signature(for message: [UInt8]) throws(AsymmetricKeyError) -> [UInt8] {
        guard hasPrivateKey else { throw .invalid("signing needs a private key") }
        guard let context = EVP_MD_CTX_new() else { throw .library(.capture("EVP_MD_CTX_new")) }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, nil, nil, raw.pkey) == 1 else {
            throw .library(.capture("EVP_DigestSignInit(Ed25519)"))
        }
        var signature = [UInt8](repeating: 0, count: Self.signatureByteCount)
        var length = signature.count
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1,
            length == Self.signatureByteCount
        else { throw .library(.capture("EVP_DigestSign(Ed25519)")) }
        return signature
    }

    /// Whether `signature` is a valid Ed25519 signature of `message` by this key.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard signature.count == Self.signatureByteCount, let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        let valid =
            EVP_DigestVerifyInit(context, nil, nil, nil, raw.pkey) == 1
            && EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
        // A signature that fails leaves its reason queued; it is an answer, not an error.
        ERR_clear_error()
        return valid
    }
}

/// An OpenSSL raw key (EVP_PKEY_new_raw_private_key and its kin), which X25519 and Ed25519 share: the
/// EVP_PKEY, freed with it, and its public bytes.
private final class RawCurveKey: @unchecked Sendable {
    // @unchecked: `pkey` is never changed after init, and OpenSSL 3 lets threads share one EVP_PKEY.
    let pkey: OpaquePointer
    let publicKey: [UInt8]
    let hasPrivateKey: Bool

    /// Takes `pkey`, freeing it when its public bytes cannot be read.
    private init(taking pkey: OpaquePointer, hasPrivateKey: Bool) throws(AsymmetricKeyError) {
        var bytes = [UInt8](repeating: 0, count: 32)
        var length = bytes.count
        guard EVP_PKEY_get_raw_public_key(pkey, &bytes, &length) == 1, length == 32 else {
            EVP_PKEY_free(pkey)
            throw .library(.capture("EVP_PKEY_get_raw_public_key"))
        }
        self.pkey = pkey
        publicKey = bytes
        self.hasPrivateKey = hasPrivateKey
    }

    deinit { EVP_PKEY_free(pkey) }

    /// A new random key pair of OpenSSL's key type `name` ("X25519", "ED25519").
    convenience init(generating name: StaticString) throws(AsymmetricKeyError) {
        try self.init(taking: EVPKey.generate(name), hasPrivateKey: true)
    }

    /// The key pair of the 32 private bytes `bytes`, of `type`; `what` names it in errors.
    convenience init(_ type: Int32, _ what: String, private bytes: [UInt8]) throws(AsymmetricKeyError) {
        guard bytes.count == 32 else { throw .incorrectLength(what, expected: [32], actual: bytes.count) }
        guard let pkey = EVP_PKEY_new_raw_private_key(type, nil, bytes, bytes.count) else {
            throw .rejected("OpenSSL refused \(what)", call: "EVP_PKEY_new_raw_private_key")
        }
        try self.init(taking: pkey, hasPrivateKey: true)
    }

    /// The public key of the 32 bytes `bytes`, of `type`; `what` names it in errors.
    convenience init(_ type: Int32, _ what: String, public bytes: [UInt8]) throws(AsymmetricKeyError) {
        guard bytes.count == 32 else { throw .incorrectLength(what, expected: [32], actual: bytes.count) }
        guard let pkey = EVP_PKEY_new_raw_public_key(type, nil, bytes, bytes.count) else {
            throw .rejected("OpenSSL refused \(what)", call: "EVP_PKEY_new_raw_public_key")
        }
        try self.init(taking: pkey, hasPrivateKey: false)
    }

    /// The private key's 32 bytes.
    func privateBytes() throws(AsymmetricKeyError) -> [UInt8] {
        guard hasPrivateKey else { throw .invalid("a public key has no private key") }
        var bytes = [UInt8](repeating: 0, count: 32)
        var length = bytes.count
        guard EVP_PKEY_get_raw_private_key(pkey, &bytes, &length) == 1, length == 32 else {
            throw .library(.capture("EVP_PKEY_get_raw_private_key"))
        }
        return bytes
    }
}
