// CryptoKit's P-256 keys as the system layer's: the shared key object behind a key value, and the checks
// and error translation between Apple's representations and ``P256Key``.
import Foundation

@_implementationOnly import NSEBenchSystem

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
        guard !reference.key.hasPrivateKey else { throw CryptoKitASN1Error.invalidPEMDocument }
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
        guard reference.key.hasPrivateKey else { throw CryptoKitASN1Error.invalidPEMDocument }
        return reference
    }

    private static func make(_ body: () throws(AsymmetricKeyError) -> P256Key) throws -> P256KeyReference {
        P256KeyReference(try run(body))
    }

    /// `body`'s result, its error translated to CryptoKit's (``translate(_:)``).
    static func run<T>(_ body: () throws(AsymmetricKeyError) -> T) throws -> T {
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

    /// CryptoKit's errors, as swift-crypto throws them: a wrong length is `incorrectParameterSize`, a wrong
    /// x9.63 or SEC 1 first byte `incorrectKeySize`, DER or PEM that is not a key's `CryptoKitASN1Error`, and a
    /// point off the curve or a scalar out of range the library's refusal, `underlyingCoreCryptoError`.
    static func translate(_ error: AsymmetricKeyError) -> any Error {
        switch error {
        case .incorrectLength: CryptoKitError.incorrectParameterSize
        case .unknownPointEncoding: CryptoKitError.incorrectKeySize
        case .malformedDER: CryptoKitASN1Error.invalidASN1Object
        case .malformedPEM: CryptoKitASN1Error.invalidPEMDocument
        case .invalid, .library: CryptoKitError.underlyingCoreCryptoError(error: -1)
        }
    }
}
