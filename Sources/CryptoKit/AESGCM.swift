// CryptoKit's AES-GCM on Linux, for extensions that decrypt their payloads: the part of Apple's API
// that push extensions use (`SymmetricKey`, `AES.GCM.SealedBox(combined:)`, `AES.GCM.open`, `seal`),
// over nse-bench's OpenSSL AES-256-GCM. Apple's CryptoKit is not on Linux; a user's extension that
// imports it compiles unchanged against this module.
//
// `@_implementationOnly`: NSEBenchSystem is used inside function bodies only, and hiding it keeps its C
// modules out of what a user's module must find to import this one.
public import Foundation

@_implementationOnly import NSEBenchSystem

/// A symmetric key, as CryptoKit's.
public struct SymmetricKey: Sendable, Hashable {
    let bytes: [UInt8]

    /// A key holding `data`'s bytes.
    public init<D: ContiguousBytes>(data: D) {
        bytes = data.withUnsafeBytes { Array($0) }
    }

    /// The key's size in bits.
    public var bitCount: Int { bytes.count * 8 }
}

/// CryptoKit's errors, as the AES-GCM functions throw them.
public enum CryptoKitError: Error, Sendable, Hashable {
    /// The key is not 16, 24 or 32 bytes (nse-bench supports 32: AES-256).
    case incorrectKeySize
    /// A nonce, tag or combined box of the wrong size.
    case incorrectParameterSize
    /// The tag does not match: a wrong key or tampered data.
    case authenticationFailure
}

/// CryptoKit's `AES` namespace.
public enum AES {
    /// AES in Galois/Counter Mode.
    public enum GCM {
        /// A 12-byte nonce.
        public struct Nonce: Sendable, Hashable {
            let bytes: [UInt8]

            /// A random nonce.
            public init() {
                // The system generator reads getrandom(2): CryptoKit's nonces are random in the same sense.
                var generator = SystemRandomNumberGenerator()
                bytes = (0..<AESGCM.nonceByteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
            }

            /// A nonce of `data`'s 12 bytes.
            public init<D: DataProtocol>(data: D) throws {
                guard data.count == AESGCM.nonceByteCount else { throw CryptoKitError.incorrectParameterSize }
                bytes = Array(data)
            }
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
            public var combined: Data? { Data(nonce.bytes) + ciphertext + tag }

            /// A box from `nonce[12] ‖ ciphertext ‖ tag[16]`.
            public init<D: DataProtocol>(combined: D) throws {
                let bytes = Array(combined)
                guard bytes.count >= AESGCM.nonceByteCount + AESGCM.tagByteCount else {
                    throw CryptoKitError.incorrectParameterSize
                }
                nonce = try Nonce(data: bytes.prefix(AESGCM.nonceByteCount))
                ciphertext = Data(bytes[AESGCM.nonceByteCount..<(bytes.count - AESGCM.tagByteCount)])
                tag = Data(bytes.suffix(AESGCM.tagByteCount))
            }

            /// A box from its parts.
            public init<C: DataProtocol, T: DataProtocol>(nonce: Nonce, ciphertext: C, tag: T) throws {
                guard tag.count == AESGCM.tagByteCount else { throw CryptoKitError.incorrectParameterSize }
                self.nonce = nonce
                self.ciphertext = Data(ciphertext)
                self.tag = Data(tag)
            }
        }

        /// Encrypts `message`.
        public static func seal<M: DataProtocol>(
            _ message: M, using key: SymmetricKey, nonce: Nonce? = nil
        ) throws -> SealedBox {
            let nonce = nonce ?? Nonce()
            let sealed: (ciphertext: [UInt8], tag: [UInt8])
            do {
                sealed = try AESGCM.seal(Array(message), key: key.bytes, nonce: nonce.bytes)
            } catch {
                throw translate(error)
            }
            return try SealedBox(nonce: nonce, ciphertext: sealed.ciphertext, tag: sealed.tag)
        }

        /// Decrypts `box` and checks its tag.
        public static func open(_ box: SealedBox, using key: SymmetricKey) throws -> Data {
            try open(box, using: key, authenticating: Data())
        }

        /// Decrypts `box`, checking its tag over the ciphertext and `authenticatedData`.
        public static func open<A: DataProtocol>(
            _ box: SealedBox, using key: SymmetricKey, authenticating authenticatedData: A
        ) throws -> Data {
            do {
                return Data(
                    try AESGCM.open(
                        Array(box.ciphertext), tag: Array(box.tag), key: key.bytes, nonce: box.nonce.bytes,
                        authenticating: Array(authenticatedData)))
            } catch {
                throw translate(error)
            }
        }

        private static func translate(_ error: CryptoError) -> CryptoKitError {
            switch error {
            case .invalidKeyLength: .incorrectKeySize
            case .authenticationFailed: .authenticationFailure
            default: .incorrectParameterSize
            }
        }
    }
}
