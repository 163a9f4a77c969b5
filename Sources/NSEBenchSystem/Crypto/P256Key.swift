// NIST P-256 keys over OpenSSL 3's EVP_PKEY: generation, import and export, ECDH, ECDSA and its signature encodings.
import COpenSSL

/// A P-256 public key, or key pair, in an EVP_PKEY built from checked parts.
///
/// Every key is built the same way, from its uncompressed public point (and its private scalar): a point is
/// checked to be on the curve, a scalar to lie in 1..<n, and DER or PEM input is decoded and then rebuilt from
/// those parts, so a key made from a compressed point or an old encoding exports as any other.
///
/// ```swift
/// let alice = try P256Key.generate()
/// let bob = try P256Key(publicPoint: peerBytes)          // 65-byte 0x04 ‖ X ‖ Y, or 33-byte 0x02/0x03 ‖ X
/// let secret = try alice.sharedSecret(with: bob)          // 32 bytes: the x coordinate
/// ```
public final class P256Key: @unchecked Sendable {
    // @unchecked: `key` is never changed after init, and OpenSSL 3 lets threads share one EVP_PKEY for signing,
    // verifying, deriving and encoding (each operation makes its own context).
    private let key: OpaquePointer

    /// The public point, uncompressed: 0x04 ‖ X ‖ Y, 65 bytes.
    public let publicPoint: [UInt8]

    /// Whether the key holds its private scalar (a key pair), not only the public point.
    public let hasPrivateKey: Bool

    /// The size of a coordinate, a scalar, and each of a signature's r and s: 32 bytes.
    public static let coordinateByteCount = 32

    /// OpenSSL's name for the curve.
    static let groupName = "prime256v1"

    private init(key: OpaquePointer, publicPoint: [UInt8], hasPrivateKey: Bool) {
        self.key = key
        self.publicPoint = publicPoint
        self.hasPrivateKey = hasPrivateKey
    }

    deinit { EVP_PKEY_free(key) }

    // MARK: - Making keys

    /// A new random key pair. With `compactRepresentable`, its point's y is the smaller of y and p − y, so
    /// ``compactRepresentation`` is not nil (CryptoKit's default): a key whose y is not is replaced by the key of
    /// scalar n − k, whose point is (x, p − y).
    public static func generate(compactRepresentable: Bool = false) throws(AsymmetricKeyError) -> P256Key {
        let generated = try EVPKey.generate("EC", group: "prime256v1")
        defer { EVP_PKEY_free(generated) }
        guard let scalar = EVPKey.bigNumberParameter(generated, OSSL_PKEY_PARAM_PRIV_KEY) else {
            throw .library(.capture("EVP_PKEY_get_bn_param(priv)"))
        }
        let key = try P256Key(privateScalar: scalar)
        guard compactRepresentable, !key.isCompactRepresentable else { return key }
        return try Curve.withGroup { group, _ throws(AsymmetricKeyError) in
            let negated = try OwnedBigNumber()
            guard BN_sub(negated.raw, EC_GROUP_get0_order(group), scalar.raw) == 1 else {
                throw .library(.capture("BN_sub"))
            }
            return try P256Key(privateScalar: negated)
        }
    }

    /// The key pair of a private scalar: 32 big-endian bytes, 1 ≤ k < n. The public point is computed.
    public convenience init(privateScalar bytes: [UInt8]) throws(AsymmetricKeyError) {
        guard bytes.count == Self.coordinateByteCount else {
            throw .incorrectLength("a P-256 private key", expected: [Self.coordinateByteCount], actual: bytes.count)
        }
        try self.init(privateScalar: OwnedBigNumber(bytes: bytes))
    }

    private convenience init(privateScalar scalar: OwnedBigNumber) throws(AsymmetricKeyError) {
        let point = try Curve.withGroup { group, context throws(AsymmetricKeyError) in
            guard BN_is_zero(scalar.raw) == 0, BN_is_negative(scalar.raw) == 0,
                BN_cmp(scalar.raw, EC_GROUP_get0_order(group)) < 0
            else { throw .invalid("a P-256 private key must lie in 1..<n, the group's order") }
            guard let point = EC_POINT_new(group) else { throw .library(.capture("EC_POINT_new")) }
            defer { EC_POINT_free(point) }
            guard EC_POINT_mul(group, point, scalar.raw, nil, nil, context) == 1 else {
                throw .library(.capture("EC_POINT_mul"))
            }
            return try Curve.octets(of: point, group: group, context: context, compressed: false)
        }
        try self.init(publicPoint: point, scalar: scalar)
    }

    /// The public key of a point: 65 bytes 0x04 ‖ X ‖ Y, or 33 bytes 0x02 ‖ X or 0x03 ‖ X (y even or odd). A point
    /// not on the curve is refused.
    public convenience init(publicPoint bytes: [UInt8]) throws(AsymmetricKeyError) {
        switch bytes.count {
        case 1 + 2 * Self.coordinateByteCount:
            guard bytes[0] == 0x04 else { throw .unknownPointEncoding(bytes[0]) }
        case 1 + Self.coordinateByteCount:
            guard bytes[0] == 0x02 || bytes[0] == 0x03 else { throw .unknownPointEncoding(bytes[0]) }
        default:
            throw .incorrectLength("a P-256 point", expected: [65, 33], actual: bytes.count)
        }
        let uncompressed = try Curve.withGroup { group, context throws(AsymmetricKeyError) in
            guard let point = EC_POINT_new(group) else { throw .library(.capture("EC_POINT_new")) }
            defer { EC_POINT_free(point) }
            guard EC_POINT_oct2point(group, point, bytes, bytes.count, context) == 1 else {
                throw .rejected("the point is not on P-256", call: "EC_POINT_oct2point")
            }
            guard EC_POINT_is_on_curve(group, point, context) == 1, EC_POINT_is_at_infinity(group, point) == 0 else {
                ERR_clear_error()
                throw .invalid("the point is not on P-256")
            }
            return try Curve.octets(of: point, group: group, context: context, compressed: false)
        }
        try self.init(publicPoint: uncompressed, scalar: nil)
    }

    /// The public key of an x coordinate alone (CryptoKit's compact representation): the point whose y is the
    /// smaller of the two, y and p − y, that lie on the curve.
    public static func compactPublicKey(x: [UInt8]) throws(AsymmetricKeyError) -> P256Key {
        guard x.count == coordinateByteCount else {
            throw .incorrectLength("a compact P-256 point", expected: [coordinateByteCount], actual: x.count)
        }
        let even = try P256Key(publicPoint: [0x02] + x)
        return even.isCompactRepresentable ? even : try P256Key(publicPoint: [0x03] + x)
    }

    /// A public key from DER SubjectPublicKeyInfo (RFC 5480): an EC key on P-256, with a compressed or
    /// uncompressed point.
    public convenience init(subjectPublicKeyInfo der: [UInt8]) throws(AsymmetricKeyError) {
        let decoded = try Self.decode(der, what: "SubjectPublicKeyInfo") { cursor, length in
            d2i_PUBKEY(nil, cursor, length)
        }
        defer { EVP_PKEY_free(decoded) }
        guard let point = EVPKey.octetParameter(decoded, OSSL_PKEY_PARAM_PUB_KEY, capacity: 133) else {
            throw .malformedDER("the SubjectPublicKeyInfo holds no public point")
        }
        try self.init(publicPoint: point)
    }

    /// A key pair from DER: PKCS #8 PrivateKeyInfo (RFC 5208) or SEC 1 ECPrivateKey (RFC 5915), on P-256. The
    /// public point is computed from the scalar; one the encoding carries is not read (as CryptoKit does).
    public convenience init(privateKeyDER der: [UInt8]) throws(AsymmetricKeyError) {
        let decoded = try Self.decode(der, what: "private key DER") { cursor, length in
            d2i_AutoPrivateKey(nil, cursor, length)
        }
        defer { EVP_PKEY_free(decoded) }
        guard let scalar = EVPKey.bigNumberParameter(decoded, OSSL_PKEY_PARAM_PRIV_KEY) else {
            throw .malformedDER("the DER holds no private key")
        }
        try self.init(privateScalar: scalar)
    }

    /// A key from PEM: "PUBLIC KEY" (SubjectPublicKeyInfo) gives a public key; "PRIVATE KEY" (PKCS #8) or
    /// "EC PRIVATE KEY" (SEC 1) a key pair.
    public static func decodePEM(_ text: String) throws(AsymmetricKeyError) -> P256Key {
        let (label, der) = try EVPKey.readPEM(text)
        switch label {
        case "PUBLIC KEY": return try P256Key(subjectPublicKeyInfo: der)
        case "PRIVATE KEY", "EC PRIVATE KEY": return try P256Key(privateKeyDER: der)
        default:
            throw .malformedPEM("a P-256 key's PEM is labelled PUBLIC KEY, PRIVATE KEY or EC PRIVATE KEY, not \(label)")
        }
    }

    /// The EVP_PKEY of a checked uncompressed point and, for a key pair, its scalar.
    private convenience init(publicPoint: [UInt8], scalar: OwnedBigNumber?) throws(AsymmetricKeyError) {
        // OSSL_PARAM_BLD keeps pointers to the names, strings and buffers pushed until OSSL_PARAM_BLD_to_param:
        // the names are static C strings (OSSL_PKEY_PARAM_GROUP_NAME, _PUB_KEY, _PRIV_KEY), the point is held in
        // scope here. The scalar is a secure BIGNUM, so
        // OSSL_PARAM_BLD_to_param copies it to memory that OSSL_PARAM_free clears.
        guard let builder = OSSL_PARAM_BLD_new() else { throw .library(.capture("OSSL_PARAM_BLD_new")) }
        defer { OSSL_PARAM_BLD_free(builder) }
        let params = try publicPoint.withUnsafeBufferPointer { point throws(AsymmetricKeyError) in
            guard
                OSSL_PARAM_BLD_push_utf8_string(
                    builder, StaticCString.pointer("group"), StaticCString.pointer("prime256v1"), 0) == 1,
                OSSL_PARAM_BLD_push_octet_string(
                    builder, StaticCString.pointer("pub"), point.baseAddress, point.count) == 1
            else { throw .library(.capture("OSSL_PARAM_BLD_push")) }
            if let scalar, OSSL_PARAM_BLD_push_BN(builder, StaticCString.pointer("priv"), scalar.raw) != 1 {
                throw .library(.capture("OSSL_PARAM_BLD_push_BN"))
            }
            guard let params = OSSL_PARAM_BLD_to_param(builder) else {
                throw .library(.capture("OSSL_PARAM_BLD_to_param"))
            }
            return params
        }
        defer { OSSL_PARAM_free(params) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, StaticCString.pointer("EC"), nil) else {
            throw .library(.capture("EVP_PKEY_CTX_new_from_name(EC)"))
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_fromdata_init(context) == 1 else { throw .library(.capture("EVP_PKEY_fromdata_init")) }
        var key: OpaquePointer?
        let selection = scalar == nil ? nseb_evp_pkey_public_key() : nseb_evp_pkey_keypair()
        guard EVP_PKEY_fromdata(context, &key, selection, params) == 1, let key else {
            throw .rejected("OpenSSL refused the P-256 key", call: "EVP_PKEY_fromdata")
        }
        self.init(key: key, publicPoint: publicPoint, hasPrivateKey: scalar != nil)
    }

    /// An EVP_PKEY from `der` by `d2i`, checked to be an EC key on P-256 that used every byte of `der`.
    private static func decode(
        _ der: [UInt8], what: String,
        _ d2i: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?
    ) throws(AsymmetricKeyError) -> OpaquePointer {
        guard !der.isEmpty else { throw .malformedDER("\(what) is empty") }
        let (decoded, consumed) = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            let key = d2i(&cursor, buffer.count)
            return (key, cursor.map { $0 - buffer.baseAddress! } ?? 0)
        }
        guard let decoded else {
            throw .rejected("not a valid \(what)", call: "d2i", as: AsymmetricKeyError.malformedDER)
        }
        guard consumed == der.count else {
            EVP_PKEY_free(decoded)
            throw .malformedDER("\(what) has \(der.count - consumed) bytes after its end")
        }
        guard EVPKey.isA(decoded, "EC"), EVPKey.stringParameter(decoded, OSSL_PKEY_PARAM_GROUP_NAME) == groupName
        else {
            EVP_PKEY_free(decoded)
            throw .malformedDER("\(what) is not a P-256 key")
        }
        return decoded
    }

    // MARK: - Exporting

    /// The public point compressed: 0x02 ‖ X when y is even, 0x03 ‖ X when odd (33 bytes).
    public var compressedPublicPoint: [UInt8] {
        [0x02 | (publicPoint[publicPoint.count - 1] & 1)] + publicPoint[1...Self.coordinateByteCount]
    }

    /// The public point's coordinates X ‖ Y (64 bytes).
    public var rawPublicPoint: [UInt8] { Array(publicPoint.dropFirst()) }

    /// Whether y is the smaller of y and p − y, so that x alone names the point (CryptoKit's compact
    /// representation).
    public var isCompactRepresentable: Bool {
        // p − y ≥ y, over 32-byte big-endian numbers: p is fixed, so the subtraction is done here, bytewise.
        let y = publicPoint.suffix(Self.coordinateByteCount)
        var difference = [UInt8](repeating: 0, count: Self.coordinateByteCount)
        var borrow = 0
        for (index, (prime, coordinate)) in zip(Self.fieldPrime, y).enumerated().reversed() {
            let value = Int(prime) - Int(coordinate) - borrow
            difference[index] = UInt8((value + 256) & 0xFF)
            borrow = value < 0 ? 1 : 0
        }
        return !difference.lexicographicallyPrecedes(y)
    }

    /// P-256's field prime p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² + 2⁹⁶ − 1, big-endian.
    private static let fieldPrime: [UInt8] =
        [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01] + [UInt8](repeating: 0, count: 12)
        + [UInt8](repeating: 0xFF, count: 12)

    /// The private scalar as 32 big-endian bytes.
    public func privateScalar() throws(AsymmetricKeyError) -> [UInt8] {
        guard hasPrivateKey else { throw .invalid("a public key has no private scalar") }
        guard let scalar = EVPKey.bigNumberParameter(key, OSSL_PKEY_PARAM_PRIV_KEY),
            let bytes = scalar.bytes(count: Self.coordinateByteCount)
        else { throw .library(.capture("EVP_PKEY_get_bn_param(priv)")) }
        return bytes
    }

    /// The public key as DER SubjectPublicKeyInfo (named curve, uncompressed point: 91 bytes).
    public func subjectPublicKeyInfo() throws(AsymmetricKeyError) -> [UInt8] {
        try EVPKey.encode(key, selection: nseb_evp_pkey_public_key(), format: "DER", structure: "SubjectPublicKeyInfo")
    }

    /// The public key as PEM "PUBLIC KEY".
    public func publicKeyPEM() throws(AsymmetricKeyError) -> String {
        try EVPKey.pem(key, selection: nseb_evp_pkey_public_key(), structure: "SubjectPublicKeyInfo")
    }

    /// The key pair as DER PKCS #8 PrivateKeyInfo.
    public func privateKeyDER() throws(AsymmetricKeyError) -> [UInt8] {
        guard hasPrivateKey else { throw .invalid("a public key has no private key to encode") }
        return try EVPKey.encode(key, selection: nseb_evp_pkey_keypair(), format: "DER", structure: "PrivateKeyInfo")
    }

    /// The key pair as PEM "PRIVATE KEY" (PKCS #8).
    public func privateKeyPEM() throws(AsymmetricKeyError) -> String {
        guard hasPrivateKey else { throw .invalid("a public key has no private key to encode") }
        return try EVPKey.pem(key, selection: nseb_evp_pkey_keypair(), structure: "PrivateKeyInfo")
    }

    // MARK: - ECDH and ECDSA

    /// ECDH with `peer`: the shared point's x coordinate, 32 bytes.
    public func sharedSecret(with peer: P256Key) throws(AsymmetricKeyError) -> [UInt8] {
        guard hasPrivateKey else { throw .invalid("key agreement needs a private key") }
        return try EVPKey.derive(key, with: peer.key)
    }

    /// An ECDSA signature of `digest` (a hash's output, used as is), as r ‖ s (64 bytes). Randomised: each call
    /// gives a different signature.
    public func signature(forDigest digest: [UInt8]) throws(AsymmetricKeyError) -> [UInt8] {
        guard hasPrivateKey else { throw .invalid("signing needs a private key") }
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            throw .library(.capture("EVP_PKEY_CTX_new_from_pkey"))
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_sign_init(context) == 1 else { throw .library(.capture("EVP_PKEY_sign_init")) }
        var length = 0
        guard EVP_PKEY_sign(context, nil, &length, digest, digest.count) == 1 else {
            throw .library(.capture("EVP_PKEY_sign(size)"))
        }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_sign(context, &der, &length, digest, digest.count) == 1 else {
            throw .library(.capture("EVP_PKEY_sign"))
        }
        return try ECDSASignatureEncoding.raw(fromDER: Array(der.prefix(length)))
    }

    /// Whether `signature` (r ‖ s, 64 bytes) is a valid ECDSA signature of `digest` by this key.
    public func isValidSignature(_ signature: [UInt8], forDigest digest: [UInt8]) -> Bool {
        // A signature OpenSSL cannot even encode (it fails only when out of memory) verifies nothing: the
        // answer to "is it valid?" is no, and this API, Apple's, has no error to give.
        guard signature.count == 2 * Self.coordinateByteCount,
            let der = try? ECDSASignatureEncoding.der(
                r: Array(signature.prefix(Self.coordinateByteCount)),
                s: Array(signature.suffix(Self.coordinateByteCount)))
        else { return false }
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            ERR_clear_error()
            return false
        }
        defer { EVP_PKEY_CTX_free(context) }
        let valid =
            EVP_PKEY_verify_init(context) == 1 && EVP_PKEY_verify(context, der, der.count, digest, digest.count) == 1
        // A signature that fails leaves its reason queued; it is an answer, not an error.
        ERR_clear_error()
        return valid
    }
}

/// P-256's EC_GROUP and a BN_CTX, made for one computation and freed after it.
private enum Curve {
    static func withGroup<T>(
        _ body: (OpaquePointer, OpaquePointer) throws(AsymmetricKeyError) -> T
    ) throws(AsymmetricKeyError) -> T {
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else {
            throw .library(.capture("EC_GROUP_new_by_curve_name(prime256v1)"))
        }
        defer { EC_GROUP_free(group) }
        guard let context = BN_CTX_new() else { throw .library(.capture("BN_CTX_new")) }
        defer { BN_CTX_free(context) }
        return try body(group, context)
    }

    /// `point` in SEC 1 form: 0x04 ‖ X ‖ Y, or 0x02/0x03 ‖ X when `compressed`.
    static func octets(
        of point: OpaquePointer, group: OpaquePointer, context: OpaquePointer, compressed: Bool
    ) throws(AsymmetricKeyError) -> [UInt8] {
        let form = compressed ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED
        var bytes = [UInt8](repeating: 0, count: 1 + 2 * P256Key.coordinateByteCount)
        let length = EC_POINT_point2oct(group, point, form, &bytes, bytes.count, context)
        guard length > 1 else { throw .library(.capture("EC_POINT_point2oct")) }
        return Array(bytes.prefix(length))
    }
}

/// ECDSA signatures as r ‖ s (each padded to 32 bytes, CryptoKit's raw representation) and as DER
/// `SEQUENCE { r INTEGER, s INTEGER }` (X9.62), converted through OpenSSL's ECDSA_SIG.
public enum ECDSASignatureEncoding {
    /// The DER of the signature (r, s), each a big-endian unsigned integer of any length.
    public static func der(r: [UInt8], s: [UInt8]) throws(AsymmetricKeyError) -> [UInt8] {
        guard let signature = ECDSA_SIG_new() else { throw .library(.capture("ECDSA_SIG_new")) }
        defer { ECDSA_SIG_free(signature) }
        guard let rNumber = BN_bin2bn(r, Int32(r.count), nil) else { throw .library(.capture("BN_bin2bn")) }
        guard let sNumber = BN_bin2bn(s, Int32(s.count), nil) else {
            BN_free(rNumber)
            throw .library(.capture("BN_bin2bn"))
        }
        guard ECDSA_SIG_set0(signature, rNumber, sNumber) == 1 else {
            BN_free(rNumber)
            BN_free(sNumber)
            throw .library(.capture("ECDSA_SIG_set0"))
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { throw .library(.capture("i2d_ECDSA_SIG(size)")) }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        guard written == length else { throw .library(.capture("i2d_ECDSA_SIG")) }
        return der
    }

    /// r ‖ s, each padded to `coordinateByteCount` bytes, of a DER signature. The DER must be exactly that of
    /// two non-negative integers each at most `coordinateByteCount` bytes long: no trailing bytes, no BER.
    public static func raw(
        fromDER der: [UInt8], coordinateByteCount: Int = P256Key.coordinateByteCount
    ) throws(AsymmetricKeyError) -> [UInt8] {
        guard !der.isEmpty else { throw .malformedDER("an ECDSA signature's DER is empty") }
        let signature = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else {
            throw .rejected("not an ECDSA signature's DER", call: "d2i_ECDSA_SIG", as: AsymmetricKeyError.malformedDER)
        }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        guard let r, let s, let rBytes = Self.bytes(of: r, count: coordinateByteCount),
            let sBytes = Self.bytes(of: s, count: coordinateByteCount)
        else {
            throw .malformedDER(
                "an ECDSA signature's r and s must be non-negative and fit \(coordinateByteCount) bytes")
        }
        // d2i takes some BER (long-form lengths, trailing bytes): the signature is DER only if it re-encodes the same.
        guard try Self.der(r: rBytes, s: sBytes) == der else {
            throw .malformedDER("an ECDSA signature's DER is not canonical")
        }
        return rBytes + sBytes
    }

    private static func bytes(of number: OpaquePointer, count: Int) -> [UInt8]? {
        guard BN_is_negative(number) == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        guard BN_bn2binpad(number, &bytes, Int32(count)) == Int32(count) else { return nil }
        return bytes
    }
}
