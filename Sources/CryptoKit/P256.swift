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

/// The system key behind a CryptoKit P-256 key value; immutable, so copies of the value share it. A private key's
/// public key shares it too: verifying and agreeing use only its public point.
final class P256KeyReference: Sendable {
    let key: P256Key

    init(_ key: P256Key) { self.key = key }

    var compactRepresentation: Data? {
        key.isCompactRepresentable ? Data(key.publicPoint[1...P256Key.coordinateByteCount]) : nil
    }
    var rawRepresentation: Data { Data(key.rawPublicPoint) }
    var x963Representation: Data { Data(key.publicPoint) }
    var compressedRepresentation: Data { Data(key.compressedPublicPoint) }
    var publicDERRepresentation: Data {
        Data(P256Coding.infallible { () throws(AsymmetricKeyError) in try key.subjectPublicKeyInfo() })
    }
    var publicPEMRepresentation: String {
        P256Coding.infallible { () throws(AsymmetricKeyError) in try key.publicKeyPEM() }
    }
    var privateRawRepresentation: Data {
        Data(P256Coding.infallible { () throws(AsymmetricKeyError) in try key.privateScalar() })
    }
    var privateX963Representation: Data { Data(key.publicPoint) + privateRawRepresentation }
    var privateDERRepresentation: Data {
        Data(P256Coding.infallible { () throws(AsymmetricKeyError) in try key.privateKeyDER() })
    }
    var privatePEMRepresentation: String {
        P256Coding.infallible { () throws(AsymmetricKeyError) in try key.privateKeyPEM() }
    }
}

/// CryptoKit's P-256 representations checked as swift-crypto checks them, then made keys by the system layer.
enum P256Coding {
    static let coordinate = P256Key.coordinateByteCount

    static func generate(compactRepresentable: Bool) -> P256KeyReference {
        P256KeyReference(
            infallible { () throws(AsymmetricKeyError) in
                try P256Key.generate(compactRepresentable: compactRepresentable)
            })
    }

    static func publicKey<D: ContiguousBytes>(rawRepresentation: D) throws -> P256KeyReference {
        let bytes = rawRepresentation.withUnsafeBytes { Array($0) }
        guard bytes.count == 2 * coordinate else { throw CryptoKitError.incorrectParameterSize }
        return try make { () throws(AsymmetricKeyError) in try P256Key(publicPoint: [0x04] + bytes) }
    }

    static func publicKey<D: ContiguousBytes>(compactRepresentation: D) throws -> P256KeyReference {
        let bytes = compactRepresentation.withUnsafeBytes { Array($0) }
        guard bytes.count == coordinate else { throw CryptoKitError.incorrectParameterSize }
        return try make { () throws(AsymmetricKeyError) in try P256Key.compactPublicKey(x: bytes) }
    }

    static func publicKey<D: ContiguousBytes>(x963Representation: D) throws -> P256KeyReference {
        let bytes = x963Representation.withUnsafeBytes { Array($0) }
        guard bytes.count == 1 + 2 * coordinate else { throw CryptoKitError.incorrectParameterSize }
        return try make { () throws(AsymmetricKeyError) in try P256Key(publicPoint: bytes) }
    }

    static func publicKey<D: ContiguousBytes>(compressedRepresentation: D) throws -> P256KeyReference {
        let bytes = compressedRepresentation.withUnsafeBytes { Array($0) }
        guard bytes.count == 1 + coordinate else { throw CryptoKitError.incorrectParameterSize }
        return try make { () throws(AsymmetricKeyError) in try P256Key(publicPoint: bytes) }
    }

    static func publicKey(derRepresentation: [UInt8]) throws -> P256KeyReference {
        try make { () throws(AsymmetricKeyError) in try P256Key(subjectPublicKeyInfo: derRepresentation) }
    }

    static func publicKey(pemRepresentation: String) throws -> P256KeyReference {
        let reference = try make { () throws(AsymmetricKeyError) in try P256Key.decodePEM(pemRepresentation) }
        guard !reference.key.hasPrivateKey else { throw CryptoKitError.invalidParameter }
        return reference
    }

    static func privateKey<D: ContiguousBytes>(rawRepresentation: D) throws -> P256KeyReference {
        let bytes = rawRepresentation.withUnsafeBytes { Array($0) }
        guard bytes.count == coordinate else { throw CryptoKitError.incorrectParameterSize }
        return try make { () throws(AsymmetricKeyError) in try P256Key(privateScalar: bytes) }
    }

    /// 0x04 ‖ X ‖ Y ‖ K: the key of K, whose point must be (X, Y).
    static func privateKey<D: ContiguousBytes>(x963Representation: D) throws -> P256KeyReference {
        let bytes = x963Representation.withUnsafeBytes { Array($0) }
        guard bytes.count == 1 + 3 * coordinate else { throw CryptoKitError.incorrectParameterSize }
        guard bytes[0] == 0x04 else { throw CryptoKitError.incorrectKeySize }
        let point = Array(bytes.prefix(1 + 2 * coordinate))
        let reference = try make { () throws(AsymmetricKeyError) in
            try P256Key(privateScalar: Array(bytes.suffix(coordinate)))
        }
        guard reference.key.publicPoint == point else { throw CryptoKitError.invalidParameter }
        return reference
    }

    static func privateKey(derRepresentation: [UInt8]) throws -> P256KeyReference {
        try make { () throws(AsymmetricKeyError) in try P256Key(privateKeyDER: derRepresentation) }
    }

    static func privateKey(pemRepresentation: String) throws -> P256KeyReference {
        let reference = try make { () throws(AsymmetricKeyError) in try P256Key.decodePEM(pemRepresentation) }
        guard reference.key.hasPrivateKey else { throw CryptoKitError.invalidParameter }
        return reference
    }

    private static func make(_ body: () throws(AsymmetricKeyError) -> P256Key) throws -> P256KeyReference {
        P256KeyReference(try run(body))
    }

    /// `body`'s result, its error translated to CryptoKit's.
    static func run<T>(_ body: () throws(AsymmetricKeyError) -> T) throws(CryptoKitError) -> T {
        do {
            return try body()
        } catch {
            throw translate(error)
        }
    }

    /// `body`'s result where CryptoKit's API cannot throw: the key was made and checked already, so only OpenSSL
    /// running out of memory fails it, and that traps, as Swift's own allocation failures do.
    static func infallible<T>(_ body: () throws(AsymmetricKeyError) -> T) -> T {
        do {
            return try body()
        } catch {
            preconditionFailure("OpenSSL failed on a key it had taken: \(error)")
        }
    }

    /// swift-crypto's errors: a wrong length is `incorrectParameterSize`, a wrong x9.63 or SEC 1 first byte
    /// `incorrectKeySize`, a point off the curve or malformed DER or PEM `invalidParameter`.
    static func translate(_ error: AsymmetricKeyError) -> CryptoKitError {
        switch error {
        case .incorrectLength: .incorrectParameterSize
        case .unknownPointEncoding: .incorrectKeySize
        case .invalid: .invalidParameter
        case .library: .underlyingCoreCryptoError(error: -1)
        }
    }
}
