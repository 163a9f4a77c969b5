// CommonCrypto's one-shot HMAC (CommonHMAC.h) as Swift imports it: `CCHmacAlgorithm` is `uint32_t`, the
// algorithms an anonymous enum's `Int` constants (`CCHmacAlgorithm(kCCHmacAlgSHA256)`), the MAC's size a digest
// length macro (`Int(CC_SHA256_DIGEST_LENGTH)`). The streaming context (`CCHmacContext`, `CCHmacInit`, ...) is
// not here.
@_implementationOnly import NSEBenchSystem

/// The hash under an HMAC: `kCCHmacAlgSHA256`, ...
public typealias CCHmacAlgorithm = UInt32

/// HMAC-SHA1: a 20-byte MAC.
public var kCCHmacAlgSHA1: Int { 0 }
/// HMAC-MD5: a 16-byte MAC.
public var kCCHmacAlgMD5: Int { 1 }
/// HMAC-SHA256: a 32-byte MAC.
public var kCCHmacAlgSHA256: Int { 2 }
/// HMAC-SHA384: a 48-byte MAC.
public var kCCHmacAlgSHA384: Int { 3 }
/// HMAC-SHA512: a 64-byte MAC.
public var kCCHmacAlgSHA512: Int { 4 }
/// HMAC-SHA224: a 28-byte MAC.
public var kCCHmacAlgSHA224: Int { 5 }

/// Writes the HMAC of `dataLength` bytes at `data` under the `keyLength`-byte `key`, with `algorithm`'s hash, at
/// `macOut` (the hash's digest length). Nothing is written for an unknown algorithm, a nil `macOut`, or a nil
/// `key` or `data` with a length (where Apple's would read through NULL).
public func CCHmac(
    _ algorithm: CCHmacAlgorithm, _ key: UnsafeRawPointer!, _ keyLength: Int, _ data: UnsafeRawPointer!,
    _ dataLength: Int, _ macOut: UnsafeMutableRawPointer!
) {
    guard let digest = HMACAlgorithm.digest(algorithm), let macOut, key != nil || keyLength == 0,
        data != nil || dataLength == 0, keyLength >= 0, dataLength >= 0
    else { return }
    let mac = HMACDigest.authenticate(
        UnsafeRawBufferPointer(start: data, count: dataLength),
        key: UnsafeRawBufferPointer(start: key, count: keyLength),
        using: digest)
    macOut.copyMemory(from: mac, byteCount: mac.count)
}

/// The hashes behind CommonCrypto's HMAC and PBKDF2 algorithm numbers.
enum HMACAlgorithm {
    /// The hash of `CCHmac`'s `algorithm`, nil for an unknown one.
    static func digest(_ algorithm: CCHmacAlgorithm) -> DigestAlgorithm? {
        switch Int(algorithm) {
        case kCCHmacAlgSHA1: .sha1
        case kCCHmacAlgMD5: .md5
        case kCCHmacAlgSHA256: .sha256
        case kCCHmacAlgSHA384: .sha384
        case kCCHmacAlgSHA512: .sha512
        case kCCHmacAlgSHA224: .sha224
        default: nil
        }
    }

    /// The hash of `CCKeyDerivationPBKDF`'s `prf`, nil for an unknown one.
    static func digest(pseudoRandom prf: CCPseudoRandomAlgorithm) -> DigestAlgorithm? {
        switch Int(prf) {
        case kCCPRFHmacAlgSHA1: .sha1
        case kCCPRFHmacAlgSHA224: .sha224
        case kCCPRFHmacAlgSHA256: .sha256
        case kCCPRFHmacAlgSHA384: .sha384
        case kCCPRFHmacAlgSHA512: .sha512
        default: nil
        }
    }
}
