public import CoreFoundationTypes

/// No error.
public var errSecSuccess: OSStatus { 0 }
/// No error (MacTypes' name, which keychain wrappers compare with).
public var noErr: OSStatus { 0 }
/// The user cancelled the operation.
public var errSecUserCanceled: OSStatus { -128 }
/// The user name or passphrase was not correct.
public var errSecAuthFailed: OSStatus { -25293 }
/// The attribute does not exist.
public var errSecNoSuchAttr: OSStatus { -25303 }
/// The function or operation is not implemented.
public var errSecUnimplemented: OSStatus { -4 }
/// An I/O error.
public var errSecIO: OSStatus { -36 }
/// One or more parameters are not valid.
public var errSecParam: OSStatus { -50 }
/// Memory could not be allocated.
public var errSecAllocate: OSStatus { -108 }
/// No keychain is available.
public var errSecNotAvailable: OSStatus { -25291 }
/// The item already exists.
public var errSecDuplicateItem: OSStatus { -25299 }
/// The item cannot be found.
public var errSecItemNotFound: OSStatus { -25300 }
/// User interaction is not allowed: the item needs an unlocked device.
public var errSecInteractionNotAllowed: OSStatus { -25308 }
/// Unable to decode the provided data.
public var errSecDecode: OSStatus { -26275 }
/// An internal component failed (here: OpenSSL, out of memory).
public var errSecInternalComponent: OSStatus { -2070 }
/// A required entitlement is missing.
public var errSecMissingEntitlement: OSStatus { -34018 }

/// The messages `SecCopyErrorMessageString` gives, Apple's wording.
enum SecurityStatus {
    static let messages: [OSStatus: String] = [
        0: "No error.",
        -4: "Function or operation not implemented.",
        -36: "I/O error.",
        -50: "One or more parameters passed to a function were not valid.",
        -108: "Failed to allocate memory.",
        -2070: "An internal component failed.",
        -128: "User canceled the operation.",
        -25293: "The user name or passphrase you entered is not correct.",
        -25303: "The attribute does not exist.",
        -25291: "No keychain is available. You may need to restart your computer.",
        -25299: "The specified item already exists in the keychain.",
        -25300: "The specified item could not be found in the keychain.",
        -25308: "User interaction is not allowed.",
        -26275: "Unable to decode the provided data.",
        -34018: "A required entitlement isn't present.",
    ]
}

/// A source of random bytes, as Security's `SecRandomRef`; there is only the default one.
public final class SecRandom: Sendable {
    private init() {}
}

/// Security's random source type.
public typealias SecRandomRef = SecRandom

/// The default random source: nil, as on iOS.
public let kSecRandomDefault: SecRandomRef? = nil

/// Fills `count` bytes at `bytes` from the system's generator (getrandom(2)); `errSecSuccess`, or
/// `errSecParam` for a negative count.
public func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32 {
    guard count >= 0 else { return errSecParam }
    var generator = SystemRandomNumberGenerator()
    let buffer = UnsafeMutableRawBufferPointer(start: bytes, count: count)
    for index in 0..<count { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
    return errSecSuccess
}
