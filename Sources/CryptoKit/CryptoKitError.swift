/// CryptoKit's errors, with Apple's case names, as this module's functions throw them.
public enum CryptoKitError: Error, Sendable, Hashable {
    /// A key of a size the algorithm does not take (AES: 16, 24 or 32 bytes; ChaChaPoly: 32).
    case incorrectKeySize
    /// A nonce, tag, key representation or combined box of the wrong size.
    case incorrectParameterSize
    /// The tag does not match: a wrong key or tampered data.
    case authenticationFailure
    /// The underlying library refused the input (Apple's CoreCrypto code; here OpenSSL's failure,
    /// reported as `-1`).
    case underlyingCoreCryptoError(error: Int32)
    /// Wrapping a key failed.
    case wrapFailure
    /// Unwrapping a key failed.
    case unwrapFailure
    /// A parameter that is the right size but not valid: a point off the curve, a malformed DER or PEM.
    case invalidParameter
}
