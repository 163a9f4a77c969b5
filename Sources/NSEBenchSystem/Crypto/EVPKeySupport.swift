// What the EVP_PKEY wrappers share: secure BIGNUMs, static C strings, DER and PEM through OpenSSL 3, key derivation.
import COpenSSL

/// An owned BIGNUM, cleared as it is freed: it may hold a private scalar. It is "secure" (BN_FLG_SECURE), so
/// the parameters OpenSSL copies it into are cleared when freed too.
final class OwnedBigNumber {
    let raw: OpaquePointer

    /// Zero.
    init() throws(AsymmetricKeyError) {
        guard let raw = BN_secure_new() else { throw .library(.capture("BN_secure_new")) }
        self.raw = raw
    }

    /// The big-endian unsigned integer `bytes` holds.
    init(bytes: [UInt8]) throws(AsymmetricKeyError) {
        guard let raw = BN_secure_new() else { throw .library(.capture("BN_secure_new")) }
        guard BN_bin2bn(bytes, Int32(bytes.count), raw) != nil else {
            BN_clear_free(raw)
            throw .library(.capture("BN_bin2bn"))
        }
        self.raw = raw
    }

    /// Takes ownership of `raw`.
    init(taking raw: OpaquePointer) { self.raw = raw }

    deinit { BN_clear_free(raw) }

    /// The number as `count` big-endian bytes, zero-padded on the left; nil when negative or wider than `count`.
    func bytes(count: Int) -> [UInt8]? {
        guard BN_is_negative(raw) == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        guard BN_bn2binpad(raw, &bytes, Int32(count)) == Int32(count) else { return nil }
        return bytes
    }
}

/// C strings for OpenSSL calls that keep the pointer they are given rather than copy the string (OpenSSL 3.0's
/// EVP_PKEY_CTX_new_from_name keeps its key type, OSSL_ENCODER_CTX_new_for_pkey its output type and structure,
/// OSSL_PARAM_BLD its parameter names and strings): a Swift `String` passed there is a temporary copy, freed
/// while OpenSSL still points at it.
enum StaticCString {
    /// A literal's bytes, which the compiler stores NUL-terminated in the program's constant data.
    static func pointer(_ literal: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

/// The EVP_PKEY operations the key wrappers share.
enum EVPKey {
    /// The key type OpenSSL's provider implements for `pkey`, as a name ("EC", "X25519", "ED25519").
    static func isA(_ pkey: OpaquePointer, _ name: String) -> Bool { EVP_PKEY_is_a(pkey, name) == 1 }

    /// `pkey` encoded by OpenSSL's encoder: `selection` `nseb_evp_pkey_public_key()` with structure
    /// "SubjectPublicKeyInfo", or `nseb_evp_pkey_keypair()` with "PrivateKeyInfo" (PKCS #8); `format` "DER" or
    /// "PEM".
    static func encode(
        _ pkey: OpaquePointer, selection: Int32, format: StaticString, structure: StaticString
    ) throws(AsymmetricKeyError) -> [UInt8] {
        let context = OSSL_ENCODER_CTX_new_for_pkey(
            pkey, selection, StaticCString.pointer(format), StaticCString.pointer(structure), nil)
        guard let context else {
            throw .library(.capture("OSSL_ENCODER_CTX_new_for_pkey(\(format), \(structure))"))
        }
        defer { OSSL_ENCODER_CTX_free(context) }
        guard OSSL_ENCODER_CTX_get_num_encoders(context) > 0 else {
            throw .library(.capture("OSSL_ENCODER_CTX_new_for_pkey(\(format), \(structure)): no encoder"))
        }
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard OSSL_ENCODER_to_data(context, &data, &length) == 1, let data else {
            throw .library(.capture("OSSL_ENCODER_to_data(\(format), \(structure))"))
        }
        defer {
            data.update(repeating: 0, count: length)
            nseb_openssl_free(data)
        }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }

    /// `pkey` as PEM text: ``encode(_:selection:format:structure:)`` with "PEM", without OpenSSL's final newline
    /// (CryptoKit's PEM ends with the END line).
    static func pem(_ pkey: OpaquePointer, selection: Int32, structure: StaticString) throws(AsymmetricKeyError)
        -> String
    {
        var text = try encode(pkey, selection: selection, format: "PEM", structure: structure)
        while text.last == UInt8(ascii: "\n") || text.last == UInt8(ascii: "\r") { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }

    /// The first PEM block in `text`: its label ("PUBLIC KEY", "PRIVATE KEY", "EC PRIVATE KEY") and DER bytes.
    /// Encrypted PEM (a block with headers) is refused rather than asked a password for.
    static func readPEM(_ text: String) throws(AsymmetricKeyError) -> (label: String, der: [UInt8]) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .malformedPEM("PEM text is empty") }
        return try bytes.withUnsafeBufferPointer { buffer throws(AsymmetricKeyError) in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
                throw .library(.capture("BIO_new_mem_buf"))
            }
            defer { BIO_free(bio) }
            var name: UnsafeMutablePointer<CChar>?
            var header: UnsafeMutablePointer<CChar>?
            var data: UnsafeMutablePointer<UInt8>?
            var length = 0
            let status = PEM_read_bio(bio, &name, &header, &data, &length)
            defer {
                nseb_openssl_free(name)
                nseb_openssl_free(header)
                if let data { data.update(repeating: 0, count: length) }
                nseb_openssl_free(data)
            }
            guard status == 1, let name, let data else {
                throw .rejected("not PEM text", call: "PEM_read_bio", as: AsymmetricKeyError.malformedPEM)
            }
            guard header.map({ $0.pointee == 0 }) ?? true else {
                throw .malformedPEM("encrypted PEM (a block with headers) is not taken")
            }
            return (String(cString: name), Array(UnsafeBufferPointer(start: data, count: length)))
        }
    }

    /// A private key's BIGNUM parameter `name` (OSSL_PKEY_PARAM_PRIV_KEY), or nil when the key has none.
    static func bigNumberParameter(_ pkey: OpaquePointer, _ name: String) -> OwnedBigNumber? {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(pkey, name, &number) == 1, let number else {
            ERR_clear_error()
            return nil
        }
        return OwnedBigNumber(taking: number)
    }

    /// A key's octet-string parameter `name` (OSSL_PKEY_PARAM_PUB_KEY), at most `capacity` bytes; nil if none.
    static func octetParameter(_ pkey: OpaquePointer, _ name: String, capacity: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: capacity)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(pkey, name, &bytes, capacity, &length) == 1 else {
            ERR_clear_error()
            return nil
        }
        return Array(bytes.prefix(length))
    }

    /// A key's UTF-8 parameter `name` (OSSL_PKEY_PARAM_GROUP_NAME); nil if none.
    static func stringParameter(_ pkey: OpaquePointer, _ name: String) -> String? {
        var text = [CChar](repeating: 0, count: 80)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(pkey, name, &text, text.count, &length) == 1 else {
            ERR_clear_error()
            return nil
        }
        return String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A new key of OpenSSL's algorithm `name` ("EC" with `group`, "X25519", "ED25519") from its generator.
    static func generate(_ name: StaticString, group: StaticString? = nil) throws(AsymmetricKeyError) -> OpaquePointer {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, StaticCString.pointer(name), nil) else {
            throw .library(.capture("EVP_PKEY_CTX_new_from_name(\(name))"))
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else { throw .library(.capture("EVP_PKEY_keygen_init(\(name))")) }
        if let group, EVP_PKEY_CTX_set_group_name(context, StaticCString.pointer(group)) != 1 {
            throw .library(.capture("EVP_PKEY_CTX_set_group_name(\(group))"))
        }
        var key: OpaquePointer?
        guard EVP_PKEY_generate(context, &key) == 1, let key else {
            throw .library(.capture("EVP_PKEY_generate(\(name))"))
        }
        return key
    }

    /// The bytes a derivation (ECDH, X25519) of `pkey` with `peer` gives.
    /// The secret `pkey` and `peer` agree. With `zerosWhenRefused`, a secret OpenSSL computes and then refuses
    /// (X25519's all-zero result, from a peer of small order) is given as zeros.
    static func derive(_ pkey: OpaquePointer, with peer: OpaquePointer, zerosWhenRefused: Bool = false)
        throws(AsymmetricKeyError) -> [UInt8]
    {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pkey, nil) else {
            throw .library(.capture("EVP_PKEY_CTX_new_from_pkey"))
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1 else { throw .library(.capture("EVP_PKEY_derive_init")) }
        guard EVP_PKEY_derive_set_peer(context, peer) == 1 else {
            throw .rejected("the peer's public key was refused", call: "EVP_PKEY_derive_set_peer")
        }
        var length = 0
        guard EVP_PKEY_derive(context, nil, &length) == 1 else { throw .library(.capture("EVP_PKEY_derive(size)")) }
        var secret = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_derive(context, &secret, &length) == 1 else {
            let refusal = AsymmetricKeyError.rejected("the key agreement failed", call: "EVP_PKEY_derive")
            guard zerosWhenRefused else { throw refusal }
            return [UInt8](repeating: 0, count: length)
        }
        return Array(secret.prefix(length))
    }
}
