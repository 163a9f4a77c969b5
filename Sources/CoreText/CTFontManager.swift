// Core Text's font manager on Linux, for code that registers the fonts it ships (SwiftGen's font accessors,
// an icon font): registering reads the file's font names, as Core Text does, and UIKit's `UIFont` finds the
// registered fonts by name and family. Nothing is drawn, so no glyph is ever read.
@_exported public import CoreFoundationTypes
import Synchronization

/// Where a registration is seen: iOS apps and extensions register for their process.
public enum CTFontManagerScope: UInt32, Sendable {
    case none = 0
    case process = 1
    case persistent = 2
    case session = 3
    /// The user's: `persistent`.
    public static let user = CTFontManagerScope.persistent
}

/// Core Text's font manager errors (`kCTFontManagerErrorDomain`), by their codes.
public enum CTFontManagerError: CFIndex, Sendable {
    case fileNotFound = 101
    case insufficientPermissions = 102
    case unrecognizedFormat = 103
    case invalidFontData = 104
    case alreadyRegistered = 105
    case exceededResourceLimit = 106
    case assetNotFound = 107
    case notRegistered = 201
    case inUse = 202
    case systemRequired = 203
    case registrationFailed = 301
    case missingEntitlement = 302
    case insufficientInfo = 303
    case cancelledByUser = 304
    case duplicatedName = 305
    case invalidFilePath = 306
    case unsupportedScope = 307
}

/// The domain of the font manager's errors.
public var kCTFontManagerErrorDomain: CFString { "com.apple.CoreText.CTFontManagerErrorDomain" as NSString }

/// Registers the fonts of the file at `fontURL` for `scope`: true when they are now registered; false, with
/// the reason in `error` (`kCTFontManagerErrorDomain`), for a file that is missing, no font, or already
/// registered. Only the process scope is taken: a persistent or session one is refused, as an extension's
/// sandbox refuses it, and so is none.
@discardableResult
public func CTFontManagerRegisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    report(RegisteredFonts.register(fontURL as URL, scope: scope), url: fontURL as URL, into: error)
}

/// Unregisters the fonts of the file at `fontURL`: false, with the reason in `error`, when they were not
/// registered.
@discardableResult
public func CTFontManagerUnregisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    report(RegisteredFonts.unregister(fontURL as URL), url: fontURL as URL, into: error)
}

/// Registers the fonts of each file of `fontURLs`: true when every one was registered; the errors of those
/// that were not in `errors`.
@discardableResult
public func CTFontManagerRegisterFontsForURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ errors: UnsafeMutablePointer<Unmanaged<CFArray>?>?
) -> Bool {
    let failures = fontURLs.compactMap { item -> NSError? in
        guard let url = (item as? URL) ?? (item as? NSURL).map({ $0 as URL }) else {
            return fontError(.invalidFilePath, url: nil)
        }
        return RegisteredFonts.register(url, scope: scope).map { fontError($0, url: url) }
    }
    if !failures.isEmpty { errors?.pointee = Unmanaged.passRetained(failures as NSArray) }
    return failures.isEmpty
}

private func report(
    _ failure: CTFontManagerError?, url: URL, into error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    guard let failure else { return true }
    error?.pointee = Unmanaged.passRetained(fontError(failure, url: url))
    return false
}

private func fontError(_ failure: CTFontManagerError, url: URL?) -> NSError {
    NSError(
        domain: kCTFontManagerErrorDomain as String, code: failure.rawValue,
        userInfo: url.map { [kCTFontManagerErrorFontURLsKey as String: [$0 as NSURL] as NSArray] } ?? [:])
}

/// The key of an error's user info that holds the URLs of the fonts it is about.
public var kCTFontManagerErrorFontURLsKey: CFString { "CTFontManagerErrorFontURLs" as NSString }

/// The fonts registered in this process, by the file they came from. `package`: UIKit's `UIFont` reads them.
package enum RegisteredFonts {
    private static let fonts = Mutex<[URL: [FontNames]]>([:])

    /// Registers the fonts of `url`; the failure, or nil.
    static func register(_ url: URL, scope: CTFontManagerScope) -> CTFontManagerError? {
        // An extension registers for its process; no scope, or the user's or the session's, is refused.
        guard scope == .process else { return .unsupportedScope }
        let file = url.standardizedFileURL
        guard file.isFileURL, FileManager.default.fileExists(atPath: file.path) else { return .fileNotFound }
        guard let data = FileManager.default.contents(atPath: file.path) else { return .insufficientPermissions }
        let names: [FontNames]
        do {
            names = try FontNames.read(data)
        } catch {
            switch error {
            case .unrecognizedFormat: return .unrecognizedFormat
            case .invalidFontData: return .invalidFontData
            }
        }
        return fonts.withLock { fonts in
            if fonts[file] != nil { return .alreadyRegistered }
            let known = Set(fonts.values.joined().map(\.postScriptName))
            if names.contains(where: { known.contains($0.postScriptName) }) { return .duplicatedName }
            fonts[file] = names
            return nil
        }
    }

    /// Unregisters the fonts of `url`; the failure, or nil.
    static func unregister(_ url: URL) -> CTFontManagerError? {
        fonts.withLock { $0.removeValue(forKey: url.standardizedFileURL) == nil ? .notRegistered : nil }
    }

    /// Every registered font.
    package static var all: [FontNames] { fonts.withLock { Array($0.values.joined()) } }

    /// The registered font whose PostScript or full name is `name`.
    package static func font(named name: String) -> FontNames? {
        all.first { $0.postScriptName == name || $0.fullName == name }
    }
}
