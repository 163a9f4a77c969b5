// CryptoKit's Curve25519 on Linux: X25519 key agreement and Ed25519 signatures, over OpenSSL's raw keys.
public import Foundation

@_implementationOnly import NSEBenchSystem

/// Curve25519, as CryptoKit's `Curve25519`: X25519 key agreement and Ed25519 signatures.
public enum Curve25519 {
    /// X25519 key agreement, as CryptoKit's `Curve25519.KeyAgreement`.
    public enum KeyAgreement {
        /// An X25519 public key.
        public struct PublicKey: Sendable {
            let reference: X25519KeyReference

            init(reference: X25519KeyReference) { self.reference = reference }

            /// A key from its 32 bytes.
            public init<D: ContiguousBytes>(rawRepresentation: D) throws {
                let bytes = rawRepresentation.withUnsafeBytes { Array($0) }
                guard bytes.count == X25519Key.keyByteCount else { throw CryptoKitError.incorrectKeySize }
                reference = X25519KeyReference(
                    try Curve25519Coding.run { () throws(AsymmetricKeyError) in try X25519Key(publicKey: bytes) })
            }

            /// The key's 32 bytes.
            public var rawRepresentation: Data { Data(reference.key.publicKey) }
        }

        /// An X25519 private key.
        public struct PrivateKey: Sendable, DiffieHellmanKeyAgreement {
            let reference: X25519KeyReference

            /// A random key.
            public init() {
                reference = X25519KeyReference(
                    Curve25519Coding.infallible { () throws(AsymmetricKeyError) in try X25519Key.generate() })
            }

            /// A key from its 32 bytes.
            public init<D: ContiguousBytes>(rawRepresentation: D) throws {
                let bytes = rawRepresentation.withUnsafeBytes { Array($0) }
                guard bytes.count == X25519Key.keyByteCount else { throw CryptoKitError.incorrectKeySize }
                reference = X25519KeyReference(
                    try Curve25519Coding.run { () throws(AsymmetricKeyError) in try X25519Key(privateKey: bytes) })
            }

            /// The key's public key.
            public var publicKey: Curve25519.KeyAgreement.PublicKey { PublicKey(reference: reference) }

            /// The key's 32 bytes.
            public var rawRepresentation: Data {
                Data(Curve25519Coding.infallible { () throws(AsymmetricKeyError) in try reference.key.privateKey() })
            }

            /// X25519 with `publicKeyShare`: 32 bytes, to derive keys from with
            /// ``SharedSecret/hkdfDerivedSymmetricKey(using:salt:sharedInfo:outputByteCount:)``. A public key of
            /// small order gives all zeros, as Apple's CryptoKit does.
            public func sharedSecretFromKeyAgreement(with publicKeyShare: Curve25519.KeyAgreement.PublicKey) throws
                -> SharedSecret
            {
                SharedSecret(
                    bytes: try Curve25519Coding.run { () throws(AsymmetricKeyError) in
                        try reference.key.sharedSecret(with: publicKeyShare.reference.key)
                    })
            }
        }
    }

    /// Ed25519 signatures, as CryptoKit's `Curve25519.Signing`.
    public enum Signing {
        /// An Ed25519 private key.
        public struct PrivateKey: Sendable {
            let reference: Ed25519KeyReference

            /// A random key.
            public init() {
                reference = Ed25519KeyReference(
                    Curve25519Coding.infallible { () throws(AsymmetricKeyError) in try Ed25519Key.generate() })
            }

            /// A key from its 32 bytes (RFC 8032's seed).
            public init<D: ContiguousBytes>(rawRepresentation data: D) throws {
                let bytes = data.withUnsafeBytes { Array($0) }
                guard bytes.count == Ed25519Key.keyByteCount else { throw CryptoKitError.incorrectKeySize }
                reference = Ed25519KeyReference(
                    try Curve25519Coding.run { () throws(AsymmetricKeyError) in try Ed25519Key(privateKey: bytes) })
            }

            /// The key's public key.
            public var publicKey: Curve25519.Signing.PublicKey { PublicKey(reference: reference) }

            /// The key's 32 bytes (the seed).
            public var rawRepresentation: Data {
                Data(Curve25519Coding.infallible { () throws(AsymmetricKeyError) in try reference.key.privateKey() })
            }

            /// The Ed25519 signature of `data`, 64 bytes. OpenSSL's signatures are deterministic (RFC 8032);
            /// Apple's CryptoKit randomises them, and both verify the same.
            public func signature<D: DataProtocol>(for data: D) throws -> Data {
                let message = Array(data)
                return Data(
                    try Curve25519Coding.run { () throws(AsymmetricKeyError) in
                        try reference.key.signature(for: message)
                    })
            }
        }

        /// An Ed25519 public key.
        public struct PublicKey: Sendable {
            let reference: Ed25519KeyReference

            init(reference: Ed25519KeyReference) { self.reference = reference }

            /// A key from its 32 bytes.
            public init<D: ContiguousBytes>(rawRepresentation: D) throws {
                let bytes = rawRepresentation.withUnsafeBytes { Array($0) }
                guard bytes.count == Ed25519Key.keyByteCount else { throw CryptoKitError.incorrectKeySize }
                reference = Ed25519KeyReference(
                    try Curve25519Coding.run { () throws(AsymmetricKeyError) in try Ed25519Key(publicKey: bytes) })
            }

            /// The key's 32 bytes.
            public var rawRepresentation: Data { Data(reference.key.publicKey) }

            /// Whether `signature` is this key's Ed25519 signature of `data`.
            public func isValidSignature<S: DataProtocol, D: DataProtocol>(_ signature: S, for data: D) -> Bool {
                reference.key.isValidSignature(Array(signature), for: Array(data))
            }
        }
    }
}

/// The system key behind a CryptoKit X25519 key value; immutable, so copies (and a private key's public key)
/// share it.
final class X25519KeyReference: Sendable {
    let key: X25519Key
    init(_ key: X25519Key) { self.key = key }
}

/// The system key behind a CryptoKit Ed25519 key value; immutable, so copies (and a private key's public key)
/// share it.
final class Ed25519KeyReference: Sendable {
    let key: Ed25519Key
    init(_ key: Ed25519Key) { self.key = key }
}

/// Curve25519's system errors as CryptoKit's: the lengths are checked before, so what is left is OpenSSL's refusal.
enum Curve25519Coding {
    static func run<T>(_ body: () throws(AsymmetricKeyError) -> T) throws(CryptoKitError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .incorrectLength: throw .incorrectKeySize
            case .unknownPointEncoding, .invalid, .malformedDER, .malformedPEM: throw .invalidParameter
            case .library: throw .underlyingCoreCryptoError(error: -1)
            }
        }
    }

    static func infallible<T>(_ body: () throws(AsymmetricKeyError) -> T) -> T { P256Coding.infallible(body) }
}
