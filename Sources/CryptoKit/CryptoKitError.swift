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

/// CryptoKit's errors for DER and PEM that are not what was asked for, with Apple's case names: a key's
/// `init(derRepresentation:)` and `init(pemRepresentation:)`, and `ECDSASignature(derRepresentation:)`.
public enum CryptoKitASN1Error: Error, Sendable, Hashable {
    /// A field identifier that is not valid ASN.1.
    case invalidFieldIdentifier
    /// A field of another type than the structure needs.
    case unexpectedFieldType
    /// An object identifier that is not valid.
    case invalidObjectIdentifier
    /// DER that is not the structure asked for (nse-bench throws this for every malformed DER).
    case invalidASN1Object
    /// An integer encoded other than DER allows.
    case invalidASN1IntegerEncoding
    /// A field shorter than its length says.
    case truncatedASN1Field
    /// A length this parser does not take.
    case unsupportedFieldLength
    /// Text that is not a PEM document of a label the key takes.
    case invalidPEMDocument
}
