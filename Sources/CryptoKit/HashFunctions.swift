// CryptoKit's hash functions (`SHA256`, `SHA384`, `SHA512`, `Insecure.SHA1`, `Insecure.MD5`) over
// OpenSSL EVP. Each is a value: a copy hashes on independently, as Apple's structs do; the OpenSSL
// context behind it is copied on the first write to a shared one.
//
// The five are written from one pattern: keep them in step.

@_implementationOnly import NSEBenchSystem

/// The OpenSSL digest behind a hash value, copied on write.
final class DigestState: @unchecked Sendable {
    // @unchecked: `digest` is mutated only through ``HashState/update(_:)``, which first makes this
    // instance unique to the value mutating it (copy on write), so no two values ever share one being written.
    let digest: MessageDigest
    init(_ digest: MessageDigest) { self.digest = digest }
}

/// The copy-on-write state the five hash values share.
struct HashState: Sendable {
    private var state: DigestState

    init(_ algorithm: DigestAlgorithm) { state = DigestState(MessageDigest(algorithm)) }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&state) { state = DigestState(state.digest.copy()) }
        state.digest.update(bytes)
    }

    func finalize() -> [UInt8] { state.digest.finalize() }
}

/// The namespace of hash functions CryptoKit keeps for compatibility only.
public enum Insecure {}

/// SHA-256, as CryptoKit's `SHA256`.
public struct SHA256: HashFunction {
    /// SHA-256's block: 64 bytes.
    public static let blockByteCount = 64
    private var state = HashState(.sha256)

    /// A hash of nothing yet.
    public init() {}

    /// Adds the bytes `bufferPointer` points at.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

    /// The digest of everything added.
    public func finalize() -> SHA256Digest { SHA256Digest(bytes: state.finalize()) }
}

/// A SHA-256 digest: 32 bytes.
public struct SHA256Digest: Digest {
    let bytes: [UInt8]

    /// 32.
    public static let byteCount = 32

    /// Calls `body` with the digest's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// The digest's bytes, in order.
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

    /// What CryptoKit prints: `SHA256 digest: ` and the bytes in hexadecimal.
    public var description: String { "SHA256 digest: \(Hexadecimal.text(bytes))" }

    /// Whether both hold the same bytes, compared in constant time.
    public static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool { ConstantTime.equal(lhs.bytes, rhs.bytes) }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// SHA-384, as CryptoKit's `SHA384`.
public struct SHA384: HashFunction {
    /// SHA-384's block: 128 bytes.
    public static let blockByteCount = 128
    private var state = HashState(.sha384)

    /// A hash of nothing yet.
    public init() {}

    /// Adds the bytes `bufferPointer` points at.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

    /// The digest of everything added.
    public func finalize() -> SHA384Digest { SHA384Digest(bytes: state.finalize()) }
}

/// A SHA-384 digest: 48 bytes.
public struct SHA384Digest: Digest {
    let bytes: [UInt8]

    /// 48.
    public static let byteCount = 48

    /// Calls `body` with the digest's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// The digest's bytes, in order.
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

    /// What CryptoKit prints: `SHA384 digest: ` and the bytes in hexadecimal.
    public var description: String { "SHA384 digest: \(Hexadecimal.text(bytes))" }

    /// Whether both hold the same bytes, compared in constant time.
    public static func == (lhs: SHA384Digest, rhs: SHA384Digest) -> Bool { ConstantTime.equal(lhs.bytes, rhs.bytes) }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// SHA-512, as CryptoKit's `SHA512`.
public struct SHA512: HashFunction {
    /// SHA-512's block: 128 bytes.
    public static let blockByteCount = 128
    private var state = HashState(.sha512)

    /// A hash of nothing yet.
    public init() {}

    /// Adds the bytes `bufferPointer` points at.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

    /// The digest of everything added.
    public func finalize() -> SHA512Digest { SHA512Digest(bytes: state.finalize()) }
}

/// A SHA-512 digest: 64 bytes.
public struct SHA512Digest: Digest {
    let bytes: [UInt8]

    /// 64.
    public static let byteCount = 64

    /// Calls `body` with the digest's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// The digest's bytes, in order.
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

    /// What CryptoKit prints: `SHA512 digest: ` and the bytes in hexadecimal.
    public var description: String { "SHA512 digest: \(Hexadecimal.text(bytes))" }

    /// Whether both hold the same bytes, compared in constant time.
    public static func == (lhs: SHA512Digest, rhs: SHA512Digest) -> Bool { ConstantTime.equal(lhs.bytes, rhs.bytes) }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

extension Insecure {
    /// SHA-1, as CryptoKit's `Insecure.SHA1`.
    public struct SHA1: HashFunction {
        /// SHA-1's block: 64 bytes.
        public static let blockByteCount = 64
        private var state = HashState(.sha1)

        /// A hash of nothing yet.
        public init() {}

        /// Adds the bytes `bufferPointer` points at.
        public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

        /// The digest of everything added.
        public func finalize() -> SHA1Digest { SHA1Digest(bytes: state.finalize()) }
    }

    /// A SHA-1 digest: 20 bytes.
    public struct SHA1Digest: Digest {
        let bytes: [UInt8]

        /// 20.
        public static let byteCount = 20

        /// Calls `body` with the digest's bytes.
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try bytes.withUnsafeBytes(body)
        }

        /// The digest's bytes, in order.
        public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

        /// What CryptoKit prints: `SHA1 digest: ` and the bytes in hexadecimal.
        public var description: String { "SHA1 digest: \(Hexadecimal.text(bytes))" }

        /// Whether both hold the same bytes, compared in constant time.
        public static func == (lhs: SHA1Digest, rhs: SHA1Digest) -> Bool { ConstantTime.equal(lhs.bytes, rhs.bytes) }

        /// Hashes the bytes.
        public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
    }
}

extension Insecure {
    /// MD5, as CryptoKit's `Insecure.MD5`.
    public struct MD5: HashFunction {
        /// MD5's block: 64 bytes.
        public static let blockByteCount = 64
        private var state = HashState(.md5)

        /// A hash of nothing yet.
        public init() {}

        /// Adds the bytes `bufferPointer` points at.
        public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

        /// The digest of everything added.
        public func finalize() -> MD5Digest { MD5Digest(bytes: state.finalize()) }
    }

    /// A MD5 digest: 16 bytes.
    public struct MD5Digest: Digest {
        let bytes: [UInt8]

        /// 16.
        public static let byteCount = 16

        /// Calls `body` with the digest's bytes.
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try bytes.withUnsafeBytes(body)
        }

        /// The digest's bytes, in order.
        public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

        /// What CryptoKit prints: `MD5 digest: ` and the bytes in hexadecimal.
        public var description: String { "MD5 digest: \(Hexadecimal.text(bytes))" }

        /// Whether both hold the same bytes, compared in constant time.
        public static func == (lhs: MD5Digest, rhs: MD5Digest) -> Bool { ConstantTime.equal(lhs.bytes, rhs.bytes) }

        /// Hashes the bytes.
        public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
    }
}
