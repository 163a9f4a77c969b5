// Core Foundation's types as Apple's frameworks pass them (`CFString`, `CFDictionary`, `CFTypeRef`,
// `kCFBooleanTrue`, `OSStatus`), for the Apple modules of nse-bench that re-export them (Security,
// MobileCoreServices), so that a file importing several finds one of each.
//
// Each is its Foundation class on Linux, where Core Foundation's own types do not bridge: `NSString`,
// `NSDictionary`, ... bridge to and from Swift's with `as`, so `query as CFDictionary`, `kSecClass as
// String` and `result as? Data` read as on iOS. The constants are computed (a new immutable value each
// read), as a global Foundation object is not `Sendable`.
@_exported public import Foundation

/// Core Foundation's string: `NSString`.
public typealias CFString = NSString
/// Core Foundation's dictionary: `NSDictionary`.
public typealias CFDictionary = NSDictionary
/// Core Foundation's mutable dictionary: `NSMutableDictionary`.
public typealias CFMutableDictionary = NSMutableDictionary
/// Core Foundation's array: `NSArray`.
public typealias CFArray = NSArray
/// Core Foundation's data: Foundation's `Data`. On iOS `data as CFData` is toll-free (one buffer); on
/// Linux bridging a `Data` to `NSData` copies it, so an extension handing a downloaded photo to ImageIO
/// would hold it twice and the memory limit would count a copy a phone never makes. As `Data`, the cast
/// is no copy.
public typealias CFData = Data
/// Core Foundation's number: `NSNumber`.
public typealias CFNumber = NSNumber
/// Core Foundation's Boolean: `NSNumber`.
public typealias CFBoolean = NSNumber
/// Core Foundation's error: `NSError`.
public typealias CFError = NSError
/// Any Core Foundation object.
public typealias CFTypeRef = AnyObject
/// Core Foundation's index and count type.
public typealias CFIndex = Int
/// The status code Apple's C frameworks return (MacTypes' `OSStatus`).
public typealias OSStatus = Int32

/// Core Foundation's true.
public var kCFBooleanTrue: CFBoolean! { NSNumber(value: true) }
/// Core Foundation's false.
public var kCFBooleanFalse: CFBoolean! { NSNumber(value: false) }

/// Core Foundation's bit flags of options (Core Text's font options).
public typealias CFOptionFlags = UInt

/// Core Foundation's interval of time, in seconds (Core Animation's media time).
public typealias CFTimeInterval = Double

/// Core Foundation's URL: `NSURL` (`url as CFURL`).
public typealias CFURL = NSURL
/// Core Foundation's mutable data: `NSMutableData`, which an image destination writes into.
public typealias CFMutableData = NSMutableData
/// Core Foundation's allocator: only the default one (`nil`, `kCFAllocatorDefault`) is there.
public typealias CFAllocator = AnyObject

/// The default allocator: nil, as Core Foundation takes it.
public var kCFAllocatorDefault: CFAllocator? { nil }

/// Empty mutable data, growing as it is written (`capacity` 0 for no limit; none is enforced).
public func CFDataCreateMutable(_ allocator: CFAllocator?, _ capacity: CFIndex) -> CFMutableData! {
    NSMutableData(capacity: max(0, capacity))
}

/// The domain of a Core Foundation error.
public func CFErrorGetDomain(_ error: CFError) -> CFString! { error.domain as NSString }

/// The code of a Core Foundation error.
public func CFErrorGetCode(_ error: CFError) -> CFIndex { error.code }
