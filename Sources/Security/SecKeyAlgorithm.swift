// Security's key algorithms and operations as Swift imports SecKey.h: `SecKeyAlgorithm` is a `CF_STRING_ENUM`, so
// its constants are static members (`.rsaEncryptionOAEPSHA256`) holding Apple's own strings; `SecKeyOperationType`
// is a `CF_ENUM` of `CFIndex`; `SecPadding`, the older calls' padding, a `CF_OPTIONS` of `uint32_t`.
//
// Every algorithm is named, so code naming one compiles; RSA encryption without padding, with PKCS #1 v1.5 and with
// OAEP (SHA-1 to SHA-512) runs. Signatures, key exchange, ECIES and the RSA-OAEP + AES-GCM hybrids are not
// simulated: `SecKeyIsAlgorithmSupported` says false and the calls fail with `errSecParam`, where iOS would run them.
public import CoreFoundationTypes

/// An algorithm a key runs, named by Apple's string for it.
public struct SecKeyAlgorithm: RawRepresentable, Hashable, Sendable {
    private let name: String

    /// Apple's string for the algorithm ("algid:encrypt:RSA:OAEP:SHA256").
    public var rawValue: CFString { NSString(string: name) }

    /// The algorithm `rawValue` names.
    public init(rawValue: CFString) { name = String(rawValue) }

    /// The algorithm `rawValue` names.
    public init(_ rawValue: CFString) { name = String(rawValue) }

    init(_ name: String) { self.name = name }

    /// Apple's string, for the module's own lookups.
    var identifier: String { name }

    /// RSA signature of raw data, no padding (named so code compiles; not simulated).
    public static let rsaSignatureRaw = SecKeyAlgorithm("algid:sign:RSA:raw")
    /// RSA PKCS #1 v1.5 signature of a digest, no DigestInfo (named so code compiles; not simulated).
    public static let rsaSignatureDigestPKCS1v15Raw = SecKeyAlgorithm("algid:sign:RSA:digest-PKCS1v15")
    /// RSA PKCS #1 v1.5 signature of a SHA1 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPKCS1v15SHA1 = SecKeyAlgorithm("algid:sign:RSA:digest-PKCS1v15:SHA1")
    /// RSA PKCS #1 v1.5 signature of a SHA224 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPKCS1v15SHA224 = SecKeyAlgorithm("algid:sign:RSA:digest-PKCS1v15:SHA224")
    /// RSA PKCS #1 v1.5 signature of a SHA256 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPKCS1v15SHA256 = SecKeyAlgorithm("algid:sign:RSA:digest-PKCS1v15:SHA256")
    /// RSA PKCS #1 v1.5 signature of a SHA384 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPKCS1v15SHA384 = SecKeyAlgorithm("algid:sign:RSA:digest-PKCS1v15:SHA384")
    /// RSA PKCS #1 v1.5 signature of a SHA512 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPKCS1v15SHA512 = SecKeyAlgorithm("algid:sign:RSA:digest-PKCS1v15:SHA512")
    /// RSA PKCS #1 v1.5 signature of a message hashed with SHA1 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePKCS1v15SHA1 = SecKeyAlgorithm("algid:sign:RSA:message-PKCS1v15:SHA1")
    /// RSA PKCS #1 v1.5 signature of a message hashed with SHA224 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePKCS1v15SHA224 = SecKeyAlgorithm("algid:sign:RSA:message-PKCS1v15:SHA224")
    /// RSA PKCS #1 v1.5 signature of a message hashed with SHA256 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePKCS1v15SHA256 = SecKeyAlgorithm("algid:sign:RSA:message-PKCS1v15:SHA256")
    /// RSA PKCS #1 v1.5 signature of a message hashed with SHA384 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePKCS1v15SHA384 = SecKeyAlgorithm("algid:sign:RSA:message-PKCS1v15:SHA384")
    /// RSA PKCS #1 v1.5 signature of a message hashed with SHA512 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePKCS1v15SHA512 = SecKeyAlgorithm("algid:sign:RSA:message-PKCS1v15:SHA512")
    /// RSA-PSS signature of a SHA1 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPSSSHA1 = SecKeyAlgorithm("algid:sign:RSA:digest-PSS:SHA1")
    /// RSA-PSS signature of a SHA224 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPSSSHA224 = SecKeyAlgorithm("algid:sign:RSA:digest-PSS:SHA224")
    /// RSA-PSS signature of a SHA256 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPSSSHA256 = SecKeyAlgorithm("algid:sign:RSA:digest-PSS:SHA256")
    /// RSA-PSS signature of a SHA384 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPSSSHA384 = SecKeyAlgorithm("algid:sign:RSA:digest-PSS:SHA384")
    /// RSA-PSS signature of a SHA512 digest (named so code compiles; not simulated).
    public static let rsaSignatureDigestPSSSHA512 = SecKeyAlgorithm("algid:sign:RSA:digest-PSS:SHA512")
    /// RSA-PSS signature of a message hashed with SHA1 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePSSSHA1 = SecKeyAlgorithm("algid:sign:RSA:message-PSS:SHA1")
    /// RSA-PSS signature of a message hashed with SHA224 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePSSSHA224 = SecKeyAlgorithm("algid:sign:RSA:message-PSS:SHA224")
    /// RSA-PSS signature of a message hashed with SHA256 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePSSSHA256 = SecKeyAlgorithm("algid:sign:RSA:message-PSS:SHA256")
    /// RSA-PSS signature of a message hashed with SHA384 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePSSSHA384 = SecKeyAlgorithm("algid:sign:RSA:message-PSS:SHA384")
    /// RSA-PSS signature of a message hashed with SHA512 (named so code compiles; not simulated).
    public static let rsaSignatureMessagePSSSHA512 = SecKeyAlgorithm("algid:sign:RSA:message-PSS:SHA512")
    /// ECDSA signature as r ‖ s (RFC 4754) (named so code compiles; not simulated).
    public static let ecdsaSignatureRFC4754 = SecKeyAlgorithm("algid:sign:ECDSA:RFC4754")
    /// ECDSA signature of a digest, DER (X9.62) (named so code compiles; not simulated).
    public static let ecdsaSignatureDigestX962 = SecKeyAlgorithm("algid:sign:ECDSA:digest-X962")
    /// ECDSA signature of a SHA1 digest, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureDigestX962SHA1 = SecKeyAlgorithm("algid:sign:ECDSA:digest-X962:SHA1")
    /// ECDSA signature of a SHA224 digest, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureDigestX962SHA224 = SecKeyAlgorithm("algid:sign:ECDSA:digest-X962:SHA224")
    /// ECDSA signature of a SHA256 digest, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureDigestX962SHA256 = SecKeyAlgorithm("algid:sign:ECDSA:digest-X962:SHA256")
    /// ECDSA signature of a SHA384 digest, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureDigestX962SHA384 = SecKeyAlgorithm("algid:sign:ECDSA:digest-X962:SHA384")
    /// ECDSA signature of a SHA512 digest, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureDigestX962SHA512 = SecKeyAlgorithm("algid:sign:ECDSA:digest-X962:SHA512")
    /// ECDSA signature of a message hashed with SHA1, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureMessageX962SHA1 = SecKeyAlgorithm("algid:sign:ECDSA:message-X962:SHA1")
    /// ECDSA signature of a message hashed with SHA224, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureMessageX962SHA224 = SecKeyAlgorithm("algid:sign:ECDSA:message-X962:SHA224")
    /// ECDSA signature of a message hashed with SHA256, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureMessageX962SHA256 = SecKeyAlgorithm("algid:sign:ECDSA:message-X962:SHA256")
    /// ECDSA signature of a message hashed with SHA384, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureMessageX962SHA384 = SecKeyAlgorithm("algid:sign:ECDSA:message-X962:SHA384")
    /// ECDSA signature of a message hashed with SHA512, DER (named so code compiles; not simulated).
    public static let ecdsaSignatureMessageX962SHA512 = SecKeyAlgorithm("algid:sign:ECDSA:message-X962:SHA512")
    /// RSA encryption without padding.
    public static let rsaEncryptionRaw = SecKeyAlgorithm("algid:encrypt:RSA:raw")
    /// RSA encryption with PKCS #1 v1.5 padding.
    public static let rsaEncryptionPKCS1 = SecKeyAlgorithm("algid:encrypt:RSA:PKCS1")
    /// RSA-OAEP encryption with SHA1 (label hash and MGF1).
    public static let rsaEncryptionOAEPSHA1 = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA1")
    /// RSA-OAEP encryption with SHA224 (label hash and MGF1).
    public static let rsaEncryptionOAEPSHA224 = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA224")
    /// RSA-OAEP encryption with SHA256 (label hash and MGF1).
    public static let rsaEncryptionOAEPSHA256 = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA256")
    /// RSA-OAEP encryption with SHA384 (label hash and MGF1).
    public static let rsaEncryptionOAEPSHA384 = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA384")
    /// RSA-OAEP encryption with SHA512 (label hash and MGF1).
    public static let rsaEncryptionOAEPSHA512 = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA512")
    /// RSA-OAEP (SHA1) wrapping an AES-GCM key, for data of any length (named so code compiles; not simulated).
    public static let rsaEncryptionOAEPSHA1AESGCM = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA1:AESGCM")
    /// RSA-OAEP (SHA224) wrapping an AES-GCM key, for data of any length (named so code compiles; not simulated).
    public static let rsaEncryptionOAEPSHA224AESGCM = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA224:AESGCM")
    /// RSA-OAEP (SHA256) wrapping an AES-GCM key, for data of any length (named so code compiles; not simulated).
    public static let rsaEncryptionOAEPSHA256AESGCM = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA256:AESGCM")
    /// RSA-OAEP (SHA384) wrapping an AES-GCM key, for data of any length (named so code compiles; not simulated).
    public static let rsaEncryptionOAEPSHA384AESGCM = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA384:AESGCM")
    /// RSA-OAEP (SHA512) wrapping an AES-GCM key, for data of any length (named so code compiles; not simulated).
    public static let rsaEncryptionOAEPSHA512AESGCM = SecKeyAlgorithm("algid:encrypt:RSA:OAEP:SHA512:AESGCM")
    /// ECIES with ECDH, X9.63 KDF (SHA1) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionStandardX963SHA1AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDH:KDFX963:SHA1:AESGCM")
    /// ECIES with ECDH, X9.63 KDF (SHA224) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionStandardX963SHA224AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDH:KDFX963:SHA224:AESGCM")
    /// ECIES with ECDH, X9.63 KDF (SHA256) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionStandardX963SHA256AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDH:KDFX963:SHA256:AESGCM")
    /// ECIES with ECDH, X9.63 KDF (SHA384) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionStandardX963SHA384AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDH:KDFX963:SHA384:AESGCM")
    /// ECIES with ECDH, X9.63 KDF (SHA512) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionStandardX963SHA512AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDH:KDFX963:SHA512:AESGCM")
    /// ECIES with cofactor ECDH, X9.63 KDF (SHA1) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionCofactorX963SHA1AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDHC:KDFX963:SHA1:AESGCM")
    /// ECIES with cofactor ECDH, X9.63 KDF (SHA224) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionCofactorX963SHA224AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDHC:KDFX963:SHA224:AESGCM")
    /// ECIES with cofactor ECDH, X9.63 KDF (SHA256) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionCofactorX963SHA256AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDHC:KDFX963:SHA256:AESGCM")
    /// ECIES with cofactor ECDH, X9.63 KDF (SHA384) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionCofactorX963SHA384AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDHC:KDFX963:SHA384:AESGCM")
    /// ECIES with cofactor ECDH, X9.63 KDF (SHA512) and AES-GCM (named so code compiles; not simulated).
    public static let eciesEncryptionCofactorX963SHA512AESGCM = SecKeyAlgorithm(
        "algid:encrypt:ECIES:ECDHC:KDFX963:SHA512:AESGCM")
    /// ECDH key exchange (named so code compiles; not simulated).
    public static let ecdhKeyExchangeStandard = SecKeyAlgorithm("algid:keyexchange:ECDH")
    /// ECDH key exchange, then the X9.63 KDF with SHA1 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeStandardX963SHA1 = SecKeyAlgorithm("algid:keyexchange:ECDH:KDFX963:SHA1")
    /// ECDH key exchange, then the X9.63 KDF with SHA224 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeStandardX963SHA224 = SecKeyAlgorithm("algid:keyexchange:ECDH:KDFX963:SHA224")
    /// ECDH key exchange, then the X9.63 KDF with SHA256 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeStandardX963SHA256 = SecKeyAlgorithm("algid:keyexchange:ECDH:KDFX963:SHA256")
    /// ECDH key exchange, then the X9.63 KDF with SHA384 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeStandardX963SHA384 = SecKeyAlgorithm("algid:keyexchange:ECDH:KDFX963:SHA384")
    /// ECDH key exchange, then the X9.63 KDF with SHA512 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeStandardX963SHA512 = SecKeyAlgorithm("algid:keyexchange:ECDH:KDFX963:SHA512")
    /// cofactor ECDH key exchange (named so code compiles; not simulated).
    public static let ecdhKeyExchangeCofactor = SecKeyAlgorithm("algid:keyexchange:ECDHC")
    /// cofactor ECDH key exchange, then the X9.63 KDF with SHA1 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeCofactorX963SHA1 = SecKeyAlgorithm("algid:keyexchange:ECDHC:KDFX963:SHA1")
    /// cofactor ECDH key exchange, then the X9.63 KDF with SHA224 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeCofactorX963SHA224 = SecKeyAlgorithm("algid:keyexchange:ECDHC:KDFX963:SHA224")
    /// cofactor ECDH key exchange, then the X9.63 KDF with SHA256 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeCofactorX963SHA256 = SecKeyAlgorithm("algid:keyexchange:ECDHC:KDFX963:SHA256")
    /// cofactor ECDH key exchange, then the X9.63 KDF with SHA384 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeCofactorX963SHA384 = SecKeyAlgorithm("algid:keyexchange:ECDHC:KDFX963:SHA384")
    /// cofactor ECDH key exchange, then the X9.63 KDF with SHA512 (named so code compiles; not simulated).
    public static let ecdhKeyExchangeCofactorX963SHA512 = SecKeyAlgorithm("algid:keyexchange:ECDHC:KDFX963:SHA512")
}

/// What a key is asked to do, for `SecKeyIsAlgorithmSupported`.
public enum SecKeyOperationType: Int, Sendable {
    /// Make a signature.
    case sign = 0
    /// Check a signature.
    case verify = 1
    /// Encrypt.
    case encrypt = 2
    /// Decrypt.
    case decrypt = 3
    /// Agree a shared secret.
    case keyExchange = 4
}

/// The padding of the older `SecKeyEncrypt` and `SecKeyDecrypt` (none is `[]`).
public struct SecPadding: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    /// The padding `rawValue` names.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// PKCS #1 v1.5.
    public static let PKCS1 = SecPadding(rawValue: 1)
    /// OAEP with SHA-1 (label hash and MGF1).
    public static let OAEP = SecPadding(rawValue: 2)
    /// A raw ECDSA signature (not simulated).
    public static let sigRaw = SecPadding(rawValue: 0x4000)
    /// A PKCS #1 signature of an MD2 digest (not simulated).
    public static let PKCS1MD2 = SecPadding(rawValue: 0x8000)
    /// A PKCS #1 signature of an MD5 digest (not simulated).
    public static let PKCS1MD5 = SecPadding(rawValue: 0x8001)
    /// A PKCS #1 signature of a SHA-1 digest (not simulated).
    public static let PKCS1SHA1 = SecPadding(rawValue: 0x8002)
    /// A PKCS #1 signature of a SHA-224 digest (not simulated).
    public static let PKCS1SHA224 = SecPadding(rawValue: 0x8003)
    /// A PKCS #1 signature of a SHA-256 digest (not simulated).
    public static let PKCS1SHA256 = SecPadding(rawValue: 0x8004)
    /// A PKCS #1 signature of a SHA-384 digest (not simulated).
    public static let PKCS1SHA384 = SecPadding(rawValue: 0x8005)
    /// A PKCS #1 signature of a SHA-512 digest (not simulated).
    public static let PKCS1SHA512 = SecPadding(rawValue: 0x8006)
}

/// Security's `kSecAttrKeyTypeRSA`: Apple's value, "42".
public var kSecAttrKeyTypeRSA: CFString { NSString(string: "42") }
/// Security's `kSecAttrKeyTypeEC`: Apple's value, "73" (EC keys are not simulated).
public var kSecAttrKeyTypeEC: CFString { NSString(string: "73") }
/// Security's `kSecAttrKeyTypeECSECPrimeRandom`: "73", as `kSecAttrKeyTypeEC` (EC keys are not simulated).
public var kSecAttrKeyTypeECSECPrimeRandom: CFString { NSString(string: "73") }
