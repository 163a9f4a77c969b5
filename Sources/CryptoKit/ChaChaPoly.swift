// CryptoKit's ChaChaPoly (ChaCha20-Poly1305, RFC 8439) over OpenSSL, with Apple's API: a 32-byte key,
// a 12-byte nonce, a 16-byte tag.
public import Foundation

@_implementationOnly import NSEBenchSystem

/// ChaCha20-Poly1305, as CryptoKit's `ChaChaPoly`.
public enum ChaChaPoly {
    static let nonceByteCount = 12
    static let tagByteCount = 16

    /// A 12-byte nonce.
    public struct Nonce: Sendable, Hashable, ContiguousBytes, Sequence {
        let bytes: [UInt8]

        /// A random nonce.
        public init() { bytes = RandomBytes.make(ChaChaPoly.nonceByteCount) }

        /// A nonce of `data`'s 12 bytes.
        public init<D: DataProtocol>(data: D) throws {
            guard data.count == ChaChaPoly.nonceByteCount else { throw CryptoKitError.incorrectParameterSize }
            bytes = Array(data)
        }

        /// Calls `body` with the nonce's bytes.
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try bytes.withUnsafeBytes(body)
        }

        /// The nonce's bytes, in order.
        public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
    }

    /// Nonce, ciphertext and tag.
    public struct SealedBox: Sendable, Hashable {
        /// The nonce.
        public let nonce: Nonce
        /// The encrypted bytes.
        public let ciphertext: Data
        /// The 16-byte authentication tag.
        public let tag: Data

        /// `nonce ‖ ciphertext ‖ tag`.
        public var combined: Data { Data(nonce.bytes) + ciphertext + tag }

        /// A box from `nonce[12] ‖ ciphertext ‖ tag[16]`.
        public init<D: DataProtocol>(combined: D) throws {
            let parts = try CombinedBox(combined, nonceByteCount: ChaChaPoly.nonceByteCount)
            try self.init(nonce: Nonce(data: parts.nonce), ciphertext: parts.ciphertext, tag: parts.tag)
        }

        /// A box from its parts.
        public init<C: DataProtocol, T: DataProtocol>(nonce: Nonce, ciphertext: C, tag: T) throws {
            guard tag.count == ChaChaPoly.tagByteCount else { throw CryptoKitError.incorrectParameterSize }
            self.nonce = nonce
            self.ciphertext = Data(ciphertext)
            self.tag = Data(tag)
        }
    }

    /// Encrypts `message`, authenticating `authenticatedData` with it.
    public static func seal<Plaintext: DataProtocol, AuthenticatedData: DataProtocol>(
        _ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil,
        authenticating authenticatedData: AuthenticatedData
    ) throws -> SealedBox {
        let nonce = nonce ?? Nonce()
        let sealed = try CipherCall.run { () throws(CryptoError) in
            try AEAD.seal(
                .chaCha20Poly1305, Array(message), key: key.bytes, nonce: nonce.bytes,
                authenticating: Array(authenticatedData))
        }
        return try SealedBox(nonce: nonce, ciphertext: sealed.ciphertext, tag: sealed.tag)
    }

    /// Encrypts `message`.
    public static func seal<Plaintext: DataProtocol>(
        _ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil
    ) throws -> SealedBox {
        try seal(message, using: key, nonce: nonce, authenticating: [UInt8]())
    }

    /// Decrypts `box` and checks its tag.
    public static func open(_ box: SealedBox, using key: SymmetricKey) throws -> Data {
        try open(box, using: key, authenticating: [UInt8]())
    }

    /// Decrypts `box`, checking its tag over the ciphertext and `authenticatedData`.
    public static func open<AuthenticatedData: DataProtocol>(
        _ box: SealedBox, using key: SymmetricKey, authenticating authenticatedData: AuthenticatedData
    ) throws -> Data {
        Data(
            try CipherCall.run { () throws(CryptoError) in
                try AEAD.open(
                    .chaCha20Poly1305, Array(box.ciphertext), tag: Array(box.tag), key: key.bytes,
                    nonce: box.nonce.bytes, authenticating: Array(authenticatedData))
            })
    }
}
