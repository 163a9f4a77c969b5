// CryptoKit's AES-GCM on Linux, for extensions that decrypt their payloads: Apple's API (`AES.GCM.seal`,
// `open`, `SealedBox`, `Nonce`) over OpenSSL, with 128-, 192- and 256-bit keys (Web Push's aes128gcm
// takes 128). Apple's CryptoKit is not on Linux; a user's extension that imports it compiles unchanged
// against this module.
//
// `@_implementationOnly`: NSEBenchSystem is used inside function bodies only, and hiding it keeps its C
// modules out of what a user's module must find to import this one.
public import Foundation

@_implementationOnly import NSEBenchSystem

/// CryptoKit's `AES` namespace.
public enum AES {
    /// AES in Galois/Counter Mode.
    public enum GCM {
        static let defaultNonceByteCount = 12
        static let tagByteCount = 16

        /// A nonce: 12 bytes by default; GCM takes longer ones too.
        public struct Nonce: Sendable, Hashable, ContiguousBytes, Sequence {
            let bytes: [UInt8]

            /// A random 12-byte nonce.
            public init() { bytes = RandomBytes.make(GCM.defaultNonceByteCount) }

            /// A nonce of `data`'s bytes: at least 12.
            public init<D: DataProtocol>(data: D) throws {
                guard data.count >= GCM.defaultNonceByteCount else { throw CryptoKitError.incorrectParameterSize }
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

            /// `nonce ‖ ciphertext ‖ tag`; nil unless the nonce is the default 12 bytes, as CryptoKit's.
            public var combined: Data? {
                guard nonce.bytes.count == GCM.defaultNonceByteCount else { return nil }
                return Data(nonce.bytes) + ciphertext + tag
            }

            /// A box from `nonce[12] ‖ ciphertext ‖ tag[16]`.
            public init<D: DataProtocol>(combined: D) throws {
                let parts = try CombinedBox(combined, nonceByteCount: GCM.defaultNonceByteCount)
                try self.init(nonce: Nonce(data: parts.nonce), ciphertext: parts.ciphertext, tag: parts.tag)
            }

            /// A box from its parts.
            public init<C: DataProtocol, T: DataProtocol>(nonce: Nonce, ciphertext: C, tag: T) throws {
                guard tag.count == GCM.tagByteCount else { throw CryptoKitError.incorrectParameterSize }
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
                    .aesGCM, Array(message), key: key.bytes, nonce: nonce.bytes,
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
                        .aesGCM, Array(box.ciphertext), tag: Array(box.tag), key: key.bytes, nonce: box.nonce.bytes,
                        authenticating: Array(authenticatedData))
                })
        }
    }
}

/// A combined box's parts: `nonce ‖ ciphertext ‖ tag[16]`.
struct CombinedBox {
    let nonce: ArraySlice<UInt8>
    let ciphertext: ArraySlice<UInt8>
    let tag: ArraySlice<UInt8>

    /// The parts of `combined`, whose nonce is `nonceByteCount` bytes; throws CryptoKit's
    /// `incorrectParameterSize` when it is too short to hold a nonce and a tag.
    init<D: DataProtocol>(_ combined: D, nonceByteCount: Int) throws {
        let bytes = Array(combined)
        let tagByteCount = AEAD.tagByteCount
        guard bytes.count >= nonceByteCount + tagByteCount else { throw CryptoKitError.incorrectParameterSize }
        nonce = bytes[..<nonceByteCount]
        ciphertext = bytes[nonceByteCount..<(bytes.count - tagByteCount)]
        tag = bytes[(bytes.count - tagByteCount)...]
    }
}

/// Runs an OpenSSL cipher call, throwing what CryptoKit throws for its failure.
enum CipherCall {
    static func run<T>(_ call: () throws(CryptoError) -> T) throws(CryptoKitError) -> T {
        do {
            return try call()
        } catch {
            switch error {
            case .invalidKeyLength: throw .incorrectKeySize
            case .authenticationFailed: throw .authenticationFailure
            case .invalidNonceLength, .invalidTagLength, .invalidBase64, .truncated: throw .incorrectParameterSize
            case .library: throw .underlyingCoreCryptoError(error: -1)
            }
        }
    }
}
