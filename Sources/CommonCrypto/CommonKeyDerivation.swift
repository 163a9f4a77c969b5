// CommonCrypto's password-based key derivation (CommonKeyDerivation.h) as Swift imports it: the typedefs are
// `uint32_t`, the constants an anonymous enum's `Int`s (`CCPBKDFAlgorithm(kCCPBKDF2)`,
// `CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256)`), the password a C string and the salt and key bytes. PBKDF2
// runs over OpenSSL, its CPU time this machine's (a phone's is not modelled). `CCCalibratePBKDF` is not here.
@_implementationOnly import NSEBenchSystem

/// The derivation: only `kCCPBKDF2`.
public typealias CCPBKDFAlgorithm = UInt32
/// The HMAC under PBKDF2: `kCCPRFHmacAlgSHA256`, ...
public typealias CCPseudoRandomAlgorithm = UInt32

/// PBKDF2 (RFC 8018).
public var kCCPBKDF2: Int { 2 }
/// PBKDF2 with HMAC-SHA1.
public var kCCPRFHmacAlgSHA1: Int { 1 }
/// PBKDF2 with HMAC-SHA224.
public var kCCPRFHmacAlgSHA224: Int { 2 }
/// PBKDF2 with HMAC-SHA256.
public var kCCPRFHmacAlgSHA256: Int { 3 }
/// PBKDF2 with HMAC-SHA384.
public var kCCPRFHmacAlgSHA384: Int { 4 }
/// PBKDF2 with HMAC-SHA512.
public var kCCPRFHmacAlgSHA512: Int { 5 }

/// Derives `derivedKeyLen` bytes at `derivedKey` from the `passwordLen`-byte `password` and `saltLen`-byte `salt`
/// by `rounds` iterations of PBKDF2 with `prf`'s HMAC: `kCCSuccess`, or `kCCParamError` (returning what Apple's
/// CommonKeyDerivation.c checks, in its order) for another algorithm than `kCCPBKDF2`, an unknown `prf`, a nil
/// password or key, no key bytes or no rounds, or a nil salt with a length.
public func CCKeyDerivationPBKDF(
    _ algorithm: CCPBKDFAlgorithm, _ password: UnsafePointer<CChar>!, _ passwordLen: Int, _ salt: UnsafePointer<UInt8>!,
    _ saltLen: Int, _ prf: CCPseudoRandomAlgorithm, _ rounds: UInt32, _ derivedKey: UnsafeMutablePointer<UInt8>!,
    _ derivedKeyLen: Int
) -> Int32 {
    let failure = Int32(kCCParamError)
    guard algorithm == CCPBKDFAlgorithm(kCCPBKDF2), let digest = HMACAlgorithm.digest(pseudoRandom: prf) else {
        return failure
    }
    guard let password, let derivedKey, derivedKeyLen > 0, rounds > 0 else { return failure }
    guard salt != nil || saltLen == 0, passwordLen >= 0, saltLen >= 0 else { return failure }
    do throws(PBKDF2Error) {
        let key = try PBKDF2.derive(
            password: UnsafeRawBufferPointer(start: password, count: passwordLen),
            salt: UnsafeRawBufferPointer(start: salt, count: saltLen), rounds: Int(rounds), byteCount: derivedKeyLen,
            using: digest)
        derivedKey.update(from: key, count: key.count)
        return Int32(kCCSuccess)
    } catch {
        return failure
    }
}
