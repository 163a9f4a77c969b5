// CommonCrypto's status codes as Swift imports CommonCryptoError.h: `CCStatus` and `CCCryptorStatus` are its
// `int32_t` typedefs, and the constants come from an anonymous enum, so they import as `Int`. Extensions write
// `CCCryptorStatus(kCCSuccess)`, or compare `status == kCCSuccess` across the two integer types.

/// The status CommonCrypto's calls return.
public typealias CCStatus = Int32

/// The status `CCCrypt` and the cryptor calls return.
public typealias CCCryptorStatus = Int32

/// The operation succeeded.
public var kCCSuccess: Int { 0 }
/// A parameter was not valid.
public var kCCParamError: Int { -4300 }
/// The output buffer is too small: `dataOutMoved` says how large it must be.
public var kCCBufferTooSmall: Int { -4301 }
/// Memory could not be allocated.
public var kCCMemoryFailure: Int { -4302 }
/// The input is not a whole number of blocks (decrypting, or encrypting without padding).
public var kCCAlignmentError: Int { -4303 }
/// The input did not decode or decrypt properly.
public var kCCDecodeError: Int { -4304 }
/// The function is not implemented for this algorithm.
public var kCCUnimplemented: Int { -4305 }
/// A buffer overflowed.
public var kCCOverflow: Int { -4306 }
/// The random number generator failed.
public var kCCRNGFailure: Int { -4307 }
/// An unspecified error.
public var kCCUnspecifiedError: Int { -4308 }
/// Calls were made in the wrong order.
public var kCCCallSequenceError: Int { -4309 }
/// The key is not a size the algorithm takes.
public var kCCKeySizeError: Int { -4310 }
/// The key is not valid.
public var kCCInvalidKey: Int { -4311 }

/// What each status is, as a Swift value, for the module's own code.
enum CryptorStatus {
    static let success = CCCryptorStatus(kCCSuccess)
    static let parameter = CCCryptorStatus(kCCParamError)
    static let bufferTooSmall = CCCryptorStatus(kCCBufferTooSmall)
    static let memory = CCCryptorStatus(kCCMemoryFailure)
    static let alignment = CCCryptorStatus(kCCAlignmentError)
    static let unimplemented = CCCryptorStatus(kCCUnimplemented)
    static let unspecified = CCCryptorStatus(kCCUnspecifiedError)
    static let keySize = CCCryptorStatus(kCCKeySizeError)
}
