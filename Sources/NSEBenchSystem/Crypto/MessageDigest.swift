import COpenSSL

/// One of OpenSSL's hash functions, for ``MessageDigest``.
public enum DigestAlgorithm: Sendable, Hashable {
    case md5, sha1, sha224, sha256, sha384, sha512

    /// The digest's size in bytes.
    public var byteCount: Int {
        switch self {
        case .md5: 16
        case .sha1: 20
        case .sha224: 28
        case .sha256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }

    /// The size of the blocks the function compresses, in bytes (HMAC pads its key to it).
    public var blockByteCount: Int {
        switch self {
        case .md5, .sha1, .sha224, .sha256: 64
        case .sha384, .sha512: 128
        }
    }

    var evp: OpaquePointer? {
        switch self {
        case .md5: EVP_md5()
        case .sha1: EVP_sha1()
        case .sha224: EVP_sha224()
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        case .sha512: EVP_sha512()
        }
    }
}

/// A running hash through OpenSSL EVP, copyable so that a value type can copy it on write.
///
/// OpenSSL fails these calls only when it cannot allocate memory (the algorithms are built in and the
/// context is always initialised). The callers are CryptoKit's hash functions, whose API cannot throw, so
/// such a failure traps, as Swift's own allocation failures do; it carries the OpenSSL call and queue.
public final class MessageDigest {
    public let algorithm: DigestAlgorithm
    private let context: OpaquePointer

    /// A digest of nothing yet.
    public init(_ algorithm: DigestAlgorithm) {
        self.algorithm = algorithm
        context = Self.newContext()
        Self.check(EVP_DigestInit_ex(context, algorithm.evp, nil), "EVP_DigestInit_ex")
    }

    private init(copying other: MessageDigest) {
        algorithm = other.algorithm
        context = Self.newContext()
        Self.check(EVP_MD_CTX_copy_ex(context, other.context), "EVP_MD_CTX_copy_ex")
    }

    deinit { EVP_MD_CTX_free(context) }

    /// An independent digest in the same state.
    public func copy() -> MessageDigest { MessageDigest(copying: self) }

    /// Adds `bytes`.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        Self.check(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count), "EVP_DigestUpdate")
    }

    /// The digest of everything added, leaving this one as it was.
    public func finalize() -> [UInt8] {
        let copy = copy()
        var digest = [UInt8](repeating: 0, count: algorithm.byteCount)
        var length: UInt32 = 0
        Self.check(EVP_DigestFinal_ex(copy.context, &digest, &length), "EVP_DigestFinal_ex")
        return digest
    }

    private static func newContext() -> OpaquePointer {
        guard let context = EVP_MD_CTX_new() else {
            preconditionFailure(OpenSSLError.capture("EVP_MD_CTX_new").description)
        }
        return context
    }

    private static func check(_ status: Int32, _ call: String) {
        guard status == 1 else { preconditionFailure(OpenSSLError.capture(call).description) }
    }
}
