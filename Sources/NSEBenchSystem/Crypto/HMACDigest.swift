// HMAC (RFC 2104) and PBKDF2 (RFC 8018) through OpenSSL, for CommonCrypto's `CCHmac` and `CCKeyDerivationPBKDF`.
import COpenSSL

/// A keyed hash (HMAC) in one call, over any of OpenSSL's digests ``DigestAlgorithm`` names.
///
/// ```swift
/// let mac = key.withUnsafeBytes { key in
///     message.withUnsafeBytes { HMACDigest.authenticate($0, key: key, using: .sha256) }
/// }  // 32 bytes
/// ```
public enum HMACDigest {
    /// The HMAC of `data` under `key` with `algorithm`: ``DigestAlgorithm/byteCount`` bytes. A key longer than the
    /// digest's block is hashed first, as RFC 2104 says; an empty key or message is taken.
    ///
    /// OpenSSL fails this only when it cannot allocate memory, and the caller's API (`CCHmac` returns nothing)
    /// cannot report that: such a failure traps, as ``MessageDigest``'s do, carrying the OpenSSL call and queue.
    public static func authenticate(
        _ data: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer, using algorithm: DigestAlgorithm
    ) -> [UInt8] {
        // A key longer than the block is hashed first (RFC 2104 §2), here rather than in OpenSSL, whose key length
        // is an Int32: the MAC is the same, and no key is too long.
        if key.count > algorithm.blockByteCount {
            let digest = MessageDigest(algorithm)
            digest.update(key)
            return digest.finalize().withUnsafeBytes { authenticate(data, key: $0, using: algorithm) }
        }
        var mac = [UInt8](repeating: 0, count: algorithm.byteCount)
        var length: UInt32 = 0
        // OpenSSL wants addresses even for empty input.
        let empty: UInt8 = 0
        let status = withUnsafePointer(to: empty) { placeholder in
            HMAC(
                algorithm.evp, key.baseAddress ?? UnsafeRawPointer(placeholder), Int32(key.count),
                data.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? placeholder, data.count, &mac, &length)
        }
        guard status != nil else { preconditionFailure(OpenSSLError.capture("HMAC").description) }
        return mac
    }
}

/// Password-based key derivation (PBKDF2 with HMAC, RFC 8018 §5.2).
public enum PBKDF2 {
    /// `byteCount` bytes derived from `password` and `salt` by `rounds` iterations of HMAC with `algorithm`.
    /// Each size must fit OpenSSL's 32-bit lengths; `rounds` and `byteCount` must be at least 1.
    public static func derive(
        password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, rounds: Int, byteCount: Int,
        using algorithm: DigestAlgorithm
    ) throws(PBKDF2Error) -> [UInt8] {
        let limit = Int(Int32.max)
        guard rounds >= 1, rounds <= limit else { throw .outOfRange("rounds", rounds) }
        guard byteCount >= 1, byteCount <= limit else { throw .outOfRange("the derived key's size", byteCount) }
        guard password.count <= limit else { throw .outOfRange("the password's size", password.count) }
        guard salt.count <= limit else { throw .outOfRange("the salt's size", salt.count) }
        var derived = [UInt8](repeating: 0, count: byteCount)
        let empty: UInt8 = 0
        let status = withUnsafePointer(to: empty) { placeholder in
            PKCS5_PBKDF2_HMAC(
                password.baseAddress?.assumingMemoryBound(to: CChar.self)
                    ?? UnsafeRawPointer(placeholder).assumingMemoryBound(to: CChar.self),
                Int32(password.count), salt.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? placeholder,
                Int32(salt.count), Int32(rounds), algorithm.evp, Int32(byteCount), &derived)
        }
        guard status == 1 else { throw .library(.capture("PKCS5_PBKDF2_HMAC")) }
        return derived
    }
}

/// Why ``PBKDF2/derive(password:salt:rounds:byteCount:using:)`` failed.
public enum PBKDF2Error: Error, Equatable, CustomStringConvertible {
    /// A count outside what PBKDF2 or OpenSSL takes: what it was, and its value.
    case outOfRange(String, Int)
    /// OpenSSL itself failed.
    case library(OpenSSLError)

    public var description: String {
        switch self {
        case .outOfRange(let what, let value):
            "\(what) is \(value), outside what PBKDF2 takes here (rounds and key size from 1, every size up to "
                + "\(Int32.max))"
        case .library(let error): error.description
        }
    }
}
