import COpenSSL

/// SHA-256 through OpenSSL EVP, fed piece by piece: the cache key of a compiled user extension.
///
/// ```swift
/// var digest = try SHA256Digest()
/// try digest.update(Array("abc".utf8))
/// try digest.hexadecimal()  // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256Digest: ~Copyable {
    private let context: OpaquePointer

    /// A digest of nothing yet.
    public init() throws(OpenSSLError) {
        guard let context = EVP_MD_CTX_new() else { throw OpenSSLError.capture("EVP_MD_CTX_new") }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            EVP_MD_CTX_free(context)
            throw OpenSSLError.capture("EVP_DigestInit_ex")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes`.
    public mutating func update(_ bytes: [UInt8]) throws(OpenSSLError) {
        let status = bytes.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        guard status == 1 else { throw OpenSSLError.capture("EVP_DigestUpdate") }
    }

    /// The digest of everything added, as 64 lowercase hexadecimal digits.
    public consuming func hexadecimal() throws(OpenSSLError) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else {
            throw OpenSSLError.capture("EVP_DigestFinal_ex")
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest.prefix(Int(length)) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
