// CommonCrypto's one-shot digests (CommonDigest.h) as Swift imports them: `CC_LONG` is `uint32_t`, the length
// macros import as `Int32` (so extensions write `Int(CC_SHA256_DIGEST_LENGTH)`), and each function takes the
// input's address and length and writes the digest at `md`, returning `md`:
//
//     var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
//     data.withUnsafeBytes { _ = CC_SHA256($0.baseAddress, CC_LONG(data.count), &digest) }
//
// The streaming contexts (`CC_SHA256_CTX`, `CC_SHA256_Init`, ...) are not here.
@_implementationOnly import NSEBenchSystem

/// CommonCrypto's length type for digest input: 32 bits.
public typealias CC_LONG = UInt32

/// MD5's digest: 16 bytes.
public var CC_MD5_DIGEST_LENGTH: Int32 { 16 }
/// MD5's block: 64 bytes.
public var CC_MD5_BLOCK_BYTES: Int32 { 64 }
/// SHA-1's digest: 20 bytes.
public var CC_SHA1_DIGEST_LENGTH: Int32 { 20 }
/// SHA-1's block: 64 bytes.
public var CC_SHA1_BLOCK_BYTES: Int32 { 64 }
/// SHA-224's digest: 28 bytes.
public var CC_SHA224_DIGEST_LENGTH: Int32 { 28 }
/// SHA-224's block: 64 bytes.
public var CC_SHA224_BLOCK_BYTES: Int32 { 64 }
/// SHA-256's digest: 32 bytes.
public var CC_SHA256_DIGEST_LENGTH: Int32 { 32 }
/// SHA-256's block: 64 bytes.
public var CC_SHA256_BLOCK_BYTES: Int32 { 64 }
/// SHA-384's digest: 48 bytes.
public var CC_SHA384_DIGEST_LENGTH: Int32 { 48 }
/// SHA-384's block: 128 bytes.
public var CC_SHA384_BLOCK_BYTES: Int32 { 128 }
/// SHA-512's digest: 64 bytes.
public var CC_SHA512_DIGEST_LENGTH: Int32 { 64 }
/// SHA-512's block: 128 bytes.
public var CC_SHA512_BLOCK_BYTES: Int32 { 128 }

/// The MD5 digest of `len` bytes at `data`, written at `md` (16 bytes); returns `md`.
@available(
    iOS, deprecated: 13.0,
    message:
        "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger)."
)
@discardableResult
public func CC_MD5(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!)
    -> UnsafeMutablePointer<UInt8>!
{
    OneShotDigest.write(.md5, data, len, md)
}

/// The SHA-1 digest of `len` bytes at `data`, written at `md` (20 bytes); returns `md`.
@discardableResult
public func CC_SHA1(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!)
    -> UnsafeMutablePointer<UInt8>!
{
    OneShotDigest.write(.sha1, data, len, md)
}

/// The SHA-224 digest of `len` bytes at `data`, written at `md` (28 bytes); returns `md`.
@discardableResult
public func CC_SHA224(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!)
    -> UnsafeMutablePointer<UInt8>!
{
    OneShotDigest.write(.sha224, data, len, md)
}

/// The SHA-256 digest of `len` bytes at `data`, written at `md` (32 bytes); returns `md`.
@discardableResult
public func CC_SHA256(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!)
    -> UnsafeMutablePointer<UInt8>!
{
    OneShotDigest.write(.sha256, data, len, md)
}

/// The SHA-384 digest of `len` bytes at `data`, written at `md` (48 bytes); returns `md`.
@discardableResult
public func CC_SHA384(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!)
    -> UnsafeMutablePointer<UInt8>!
{
    OneShotDigest.write(.sha384, data, len, md)
}

/// The SHA-512 digest of `len` bytes at `data`, written at `md` (64 bytes); returns `md`.
@discardableResult
public func CC_SHA512(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!)
    -> UnsafeMutablePointer<UInt8>!
{
    OneShotDigest.write(.sha512, data, len, md)
}

/// The digests' shared body, over OpenSSL through NSEBenchSystem.
enum OneShotDigest {
    /// Writes `algorithm`'s digest of `count` bytes at `data` at `md` and returns `md`. Nothing is written, and nil
    /// returned, for a nil `md`, or a nil `data` with a count (Apple's would read or write through NULL).
    static func write(
        _ algorithm: DigestAlgorithm, _ data: UnsafeRawPointer?, _ count: CC_LONG, _ md: UnsafeMutablePointer<UInt8>?
    ) -> UnsafeMutablePointer<UInt8>? {
        guard let md, data != nil || count == 0 else { return nil }
        let digest = MessageDigest(algorithm)
        digest.update(UnsafeRawBufferPointer(start: data, count: Int(count)))
        let bytes = digest.finalize()
        md.update(from: bytes, count: bytes.count)
        return md
    }
}
