// CryptoKit's P256 on Linux: ECDH key agreement and ECDSA signing, with every key representation Apple's API has.
public import Foundation

@_implementationOnly import NSEBenchSystem

/// A key that agrees a ``SharedSecret`` with another party's public key, as CryptoKit's protocol.
public protocol DiffieHellmanKeyAgreement {
    /// The other party's public key type.
    associatedtype PublicKey
    /// This key's public key, to send to the other party.
    var publicKey: PublicKey { get }
    /// The secret this key and `publicKeyShare` agree.
    func sharedSecretFromKeyAgreement(with publicKeyShare: PublicKey) throws -> SharedSecret
}

/// The NIST P-256 curve (secp256r1), as CryptoKit's `P256`: ECDSA signing and ECDH key agreement.
public enum P256 {}

extension P256 {
    /// ECDSA over P-256 with SHA-256, as CryptoKit's `P256.Signing`.
    public enum Signing {
        /// A P-256 public key that verifies signatures.
        public struct PublicKey: Sendable {
            let reference: P256KeyReference

            init(reference: P256KeyReference) { self.reference = reference }

            /// A key from its 64-byte raw representation, X ‖ Y.
            public init<D: ContiguousBytes>(rawRepresentation: D) throws {
                reference = try P256Coding.publicKey(rawRepresentation: rawRepresentation)
            }

            /// A key from its 32-byte compact representation, X alone.
            public init<Bytes: ContiguousBytes>(compactRepresentation: Bytes) throws {
                reference = try P256Coding.publicKey(compactRepresentation: compactRepresentation)
            }

            /// A key from its 65-byte ANSI x9.63 representation, 0x04 ‖ X ‖ Y.
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                reference = try P256Coding.publicKey(x963Representation: x963Representation)
            }

            /// A key from its 33-byte compressed representation, 0x02 or 0x03 ‖ X.
            public init<Bytes: ContiguousBytes>(compressedRepresentation: Bytes) throws {
                reference = try P256Coding.publicKey(compressedRepresentation: compressedRepresentation)
            }

            /// A key from PEM "PUBLIC KEY" text.
            public init(pemRepresentation: String) throws {
                reference = try P256Coding.publicKey(pemRepresentation: pemRepresentation)
            }

            /// A key from DER SubjectPublicKeyInfo.
            public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
                reference = try P256Coding.publicKey(derRepresentation: Array(derRepresentation))
            }

            /// X alone, when it names the point (y is the smaller of y and p − y); otherwise nil.
            public var compactRepresentation: Data? { reference.compactRepresentation }
            /// X ‖ Y, 64 bytes.
            public var rawRepresentation: Data { reference.rawRepresentation }
            /// 0x04 ‖ X ‖ Y, 65 bytes.
            public var x963Representation: Data { reference.x963Representation }
            /// 0x02 or 0x03 (y even or odd) ‖ X, 33 bytes.
            public var compressedRepresentation: Data { reference.compressedRepresentation }
            /// DER SubjectPublicKeyInfo, 91 bytes.
            public var derRepresentation: Data { reference.publicDERRepresentation }
            /// PEM "PUBLIC KEY" text.
            public var pemRepresentation: String { reference.publicPEMRepresentation }
        }

        /// A P-256 private key that signs.
        public struct PrivateKey: Sendable {
            let reference: P256KeyReference

            /// A random key; with `compactRepresentable` (the default), one whose public key has a compact
            /// representation.
            public init(compactRepresentable: Bool = true) {
                reference = P256Coding.generate(compactRepresentable: compactRepresentable)
            }

            /// A key from its 97-byte ANSI x9.63 representation, 0x04 ‖ X ‖ Y ‖ K.
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                reference = try P256Coding.privateKey(x963Representation: x963Representation)
            }

            /// A key from its 32-byte raw representation, the scalar K.
            public init<Bytes: ContiguousBytes>(rawRepresentation: Bytes) throws {
                reference = try P256Coding.privateKey(rawRepresentation: rawRepresentation)
            }

            /// A key from PEM "PRIVATE KEY" (PKCS #8) or "EC PRIVATE KEY" (SEC 1) text.
            public init(pemRepresentation: String) throws {
                reference = try P256Coding.privateKey(pemRepresentation: pemRepresentation)
            }

            /// A key from DER PKCS #8 PrivateKeyInfo or SEC 1 ECPrivateKey.
            public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
                reference = try P256Coding.privateKey(derRepresentation: Array(derRepresentation))
            }

            /// The key's public key.
            public var publicKey: P256.Signing.PublicKey { PublicKey(reference: reference) }
            /// The scalar K, 32 bytes.
            public var rawRepresentation: Data { reference.privateRawRepresentation }
            /// 0x04 ‖ X ‖ Y ‖ K, 97 bytes.
            public var x963Representation: Data { reference.privateX963Representation }
            /// DER PKCS #8 PrivateKeyInfo.
            public var derRepresentation: Data { reference.privateDERRepresentation }
            /// PEM "PRIVATE KEY" (PKCS #8) text.
            public var pemRepresentation: String { reference.privatePEMRepresentation }
        }
    }

    /// ECDH over P-256, as CryptoKit's `P256.KeyAgreement`.
    public enum KeyAgreement {
        /// A P-256 public key for key agreement.
        public struct PublicKey: Sendable {
            let reference: P256KeyReference

            init(reference: P256KeyReference) { self.reference = reference }

            /// A key from its 64-byte raw representation, X ‖ Y.
            public init<D: ContiguousBytes>(rawRepresentation: D) throws {
                reference = try P256Coding.publicKey(rawRepresentation: rawRepresentation)
            }

            /// A key from its 32-byte compact representation, X alone.
            public init<Bytes: ContiguousBytes>(compactRepresentation: Bytes) throws {
                reference = try P256Coding.publicKey(compactRepresentation: compactRepresentation)
            }

            /// A key from its 65-byte ANSI x9.63 representation, 0x04 ‖ X ‖ Y (a Web Push subscription's `p256dh`).
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                reference = try P256Coding.publicKey(x963Representation: x963Representation)
            }

            /// A key from its 33-byte compressed representation, 0x02 or 0x03 ‖ X.
            public init<Bytes: ContiguousBytes>(compressedRepresentation: Bytes) throws {
                reference = try P256Coding.publicKey(compressedRepresentation: compressedRepresentation)
            }

            /// A key from PEM "PUBLIC KEY" text.
            public init(pemRepresentation: String) throws {
                reference = try P256Coding.publicKey(pemRepresentation: pemRepresentation)
            }

            /// A key from DER SubjectPublicKeyInfo.
            public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
                reference = try P256Coding.publicKey(derRepresentation: Array(derRepresentation))
            }

            /// X alone, when it names the point (y is the smaller of y and p − y); otherwise nil.
            public var compactRepresentation: Data? { reference.compactRepresentation }
            /// X ‖ Y, 64 bytes.
            public var rawRepresentation: Data { reference.rawRepresentation }
            /// 0x04 ‖ X ‖ Y, 65 bytes.
            public var x963Representation: Data { reference.x963Representation }
            /// 0x02 or 0x03 (y even or odd) ‖ X, 33 bytes.
            public var compressedRepresentation: Data { reference.compressedRepresentation }
            /// DER SubjectPublicKeyInfo, 91 bytes.
            public var derRepresentation: Data { reference.publicDERRepresentation }
            /// PEM "PUBLIC KEY" text.
            public var pemRepresentation: String { reference.publicPEMRepresentation }
        }

        /// A P-256 private key for key agreement.
        public struct PrivateKey: Sendable, DiffieHellmanKeyAgreement {
            let reference: P256KeyReference

            /// A random key; with `compactRepresentable` (the default), one whose public key has a compact
            /// representation.
            public init(compactRepresentable: Bool = true) {
                reference = P256Coding.generate(compactRepresentable: compactRepresentable)
            }

            /// A key from its 97-byte ANSI x9.63 representation, 0x04 ‖ X ‖ Y ‖ K.
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                reference = try P256Coding.privateKey(x963Representation: x963Representation)
            }

            /// A key from its 32-byte raw representation, the scalar K.
            public init<Bytes: ContiguousBytes>(rawRepresentation: Bytes) throws {
                reference = try P256Coding.privateKey(rawRepresentation: rawRepresentation)
            }

            /// A key from PEM "PRIVATE KEY" (PKCS #8) or "EC PRIVATE KEY" (SEC 1) text.
            public init(pemRepresentation: String) throws {
                reference = try P256Coding.privateKey(pemRepresentation: pemRepresentation)
            }

            /// A key from DER PKCS #8 PrivateKeyInfo or SEC 1 ECPrivateKey.
            public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
                reference = try P256Coding.privateKey(derRepresentation: Array(derRepresentation))
            }

            /// The key's public key.
            public var publicKey: P256.KeyAgreement.PublicKey { PublicKey(reference: reference) }
            /// The scalar K, 32 bytes.
            public var rawRepresentation: Data { reference.privateRawRepresentation }
            /// 0x04 ‖ X ‖ Y ‖ K, 97 bytes.
            public var x963Representation: Data { reference.privateX963Representation }
            /// DER PKCS #8 PrivateKeyInfo.
            public var derRepresentation: Data { reference.privateDERRepresentation }
            /// PEM "PRIVATE KEY" (PKCS #8) text.
            public var pemRepresentation: String { reference.privatePEMRepresentation }

            /// ECDH with `publicKeyShare`: the shared point's x coordinate (32 bytes), to derive keys from with
            /// ``SharedSecret/hkdfDerivedSymmetricKey(using:salt:sharedInfo:outputByteCount:)``.
            public func sharedSecretFromKeyAgreement(with publicKeyShare: P256.KeyAgreement.PublicKey) throws
                -> SharedSecret
            {
                SharedSecret(
                    bytes: try P256Coding.run { () throws(AsymmetricKeyError) in
                        try reference.key.sharedSecret(with: publicKeyShare.reference.key)
                    })
            }
        }
    }
}

extension P256.Signing {
    /// An ECDSA P-256 signature: r ‖ s (64 bytes) raw, or DER.
    public struct ECDSASignature: ContiguousBytes, Sendable {
        /// r ‖ s, each 32 bytes big-endian.
        public var rawRepresentation: Data

        /// A signature from r ‖ s (64 bytes).
        public init<D: DataProtocol>(rawRepresentation: D) throws {
            guard rawRepresentation.count == 2 * P256Key.coordinateByteCount else {
                throw CryptoKitError.incorrectParameterSize
            }
            self.rawRepresentation = Data(rawRepresentation)
        }

        /// A signature from DER `SEQUENCE { r INTEGER, s INTEGER }`.
        public init<D: DataProtocol>(derRepresentation: D) throws {
            rawRepresentation = Data(
                try P256Coding.run { () throws(AsymmetricKeyError) in
                    try ECDSASignatureEncoding.raw(fromDER: Array(derRepresentation))
                })
        }

        init(raw: [UInt8]) { rawRepresentation = Data(raw) }

        /// DER `SEQUENCE { r INTEGER, s INTEGER }`.
        public var derRepresentation: Data {
            let half = rawRepresentation.count / 2
            return Data(
                P256Coding.infallible { () throws(AsymmetricKeyError) in
                    try ECDSASignatureEncoding.der(
                        r: Array(rawRepresentation.prefix(half)), s: Array(rawRepresentation.dropFirst(half)))
                })
        }

        /// Calls `body` with r ‖ s.
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try rawRepresentation.withUnsafeBytes(body)
        }
    }
}

extension P256.Signing.PrivateKey {
    /// The ECDSA signature of `digest` (its bytes signed as they are). Each call gives a different signature.
    public func signature<D: Digest>(for digest: D) throws -> P256.Signing.ECDSASignature {
        let bytes = digest.withUnsafeBytes { Array($0) }
        return P256.Signing.ECDSASignature(
            raw: try P256Coding.run { () throws(AsymmetricKeyError) in
                try reference.key.signature(forDigest: bytes)
            })
    }

    /// The ECDSA signature of `data`'s SHA-256. Each call gives a different signature.
    public func signature<D: DataProtocol>(for data: D) throws -> P256.Signing.ECDSASignature {
        try signature(for: SHA256.hash(data: data))
    }
}

extension P256.Signing.PublicKey {
    /// Whether `signature` is this key's ECDSA signature of `digest`.
    public func isValidSignature<D: Digest>(_ signature: P256.Signing.ECDSASignature, for digest: D) -> Bool {
        reference.key.isValidSignature(
            Array(signature.rawRepresentation), forDigest: digest.withUnsafeBytes { Array($0) })
    }

    /// Whether `signature` is this key's ECDSA signature of `data`'s SHA-256.
    public func isValidSignature<D: DataProtocol>(_ signature: P256.Signing.ECDSASignature, for data: D) -> Bool {
        isValidSignature(signature, for: SHA256.hash(data: data))
    }
}
