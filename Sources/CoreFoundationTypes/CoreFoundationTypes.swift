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
/// Core Foundation's data: `NSData`.
public typealias CFData = NSData
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

/// Core Foundation's URL: `NSURL` (`url as CFURL`).
public typealias CFURL = NSURL
/// Core Foundation's mutable data: `NSMutableData`.
public typealias CFMutableData = NSMutableData
