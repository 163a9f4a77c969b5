// Apple's MobileCoreServices on Linux: the `kUTType...` constants and `UTType...` functions older
// extensions use to name an attachment's type (`UNNotificationAttachmentOptionsTypeHintKey: kUTTypePNG`)
// or to find one from a file extension, over UniformTypeIdentifiers' table.
//
// `CFString` is Foundation's `NSString` here (CoreFoundationTypes: Core Foundation's types do not bridge
// on Linux), so `kUTTypeJPEG as String`, `ext as CFString` and `takeRetainedValue()` read as on iOS. The
// constants below are computed (a new immutable string each read), as a global `NSString` is not `Sendable`.
@_exported public import CoreFoundationTypes
public import Foundation
import UniformTypeIdentifiers

public var kUTTypeItem: CFString { "public.item" }
public var kUTTypeContent: CFString { "public.content" }
public var kUTTypeData: CFString { "public.data" }
public var kUTTypeText: CFString { "public.text" }
public var kUTTypePlainText: CFString { "public.plain-text" }
public var kUTTypeUTF8PlainText: CFString { "public.utf8-plain-text" }
public var kUTTypeHTML: CFString { "public.html" }
public var kUTTypeXML: CFString { "public.xml" }
public var kUTTypeJSON: CFString { "public.json" }
public var kUTTypePropertyList: CFString { "com.apple.property-list" }
public var kUTTypePDF: CFString { "com.adobe.pdf" }
public var kUTTypeZipArchive: CFString { "public.zip-archive" }
public var kUTTypeURL: CFString { "public.url" }
public var kUTTypeFileURL: CFString { "public.file-url" }
public var kUTTypeImage: CFString { "public.image" }
public var kUTTypeJPEG: CFString { "public.jpeg" }
public var kUTTypePNG: CFString { "public.png" }
public var kUTTypeGIF: CFString { "com.compuserve.gif" }
public var kUTTypeTIFF: CFString { "public.tiff" }
public var kUTTypeBMP: CFString { "com.microsoft.bmp" }
public var kUTTypeScalableVectorGraphics: CFString { "public.svg-image" }
public var kUTTypeAudiovisualContent: CFString { "public.audiovisual-content" }
public var kUTTypeMovie: CFString { "public.movie" }
public var kUTTypeVideo: CFString { "public.video" }
public var kUTTypeAudio: CFString { "public.audio" }
public var kUTTypeQuickTimeMovie: CFString { "com.apple.quicktime-movie" }
public var kUTTypeMPEG: CFString { "public.mpeg" }
public var kUTTypeMPEG2Video: CFString { "public.mpeg-2-video" }
public var kUTTypeMPEG4: CFString { "public.mpeg-4" }
public var kUTTypeAppleProtectedMPEG4Video: CFString { "com.apple.protected-mpeg-4-video" }
public var kUTTypeAVIMovie: CFString { "public.avi" }
public var kUTTypeMP3: CFString { "public.mp3" }
public var kUTTypeMPEG4Audio: CFString { "public.mpeg-4-audio" }
public var kUTTypeAppleProtectedMPEG4Audio: CFString { "com.apple.protected-mpeg-4-audio" }
public var kUTTypeWaveformAudio: CFString { "com.microsoft.waveform-audio" }
public var kUTTypeAudioInterchangeFileFormat: CFString { "public.aiff-audio" }
public var kUTTypeMIDIAudio: CFString { "public.midi-audio" }
public var kUTTypeLivePhoto: CFString { "com.apple.live-photo" }
public var kUTTypeArchive: CFString { "public.archive" }
public var kUTTypeGNUZipArchive: CFString { "org.gnu.gnu-zip-archive" }
public var kUTTypeRTF: CFString { "public.rtf" }
public var kUTTypeCommaSeparatedText: CFString { "public.comma-separated-values-text" }
public var kUTTypeRawImage: CFString { "public.camera-raw-image" }
public var kUTTypeJPEG2000: CFString { "public.jpeg-2000" }
public var kUTTypeICO: CFString { "com.microsoft.ico" }

/// A file extension, as a tag class.
public var kUTTagClassFilenameExtension: CFString { "public.filename-extension" }
/// A MIME type, as a tag class.
public var kUTTagClassMIMEType: CFString { "public.mime-type" }

/// The identifier of the type `inTag` of `inTagClass` names, conforming to `inConformingToUTI` (any when
/// nil): a dynamic one (`dyn.`) when no declared type does; nil for an empty tag.
public func UTTypeCreatePreferredIdentifierForTag(
    _ inTagClass: CFString, _ inTag: CFString, _ inConformingToUTI: CFString?
) -> Unmanaged<CFString>? {
    // An identifier the table does not hold is still a type to conform to: nothing declared does.
    let supertype = inConformingToUTI.map { UTType($0 as String) ?? UTType(importedAs: $0 as String) }
    guard
        let type = UTType(
            tag: inTag as String, tagClass: UTTagClass(rawValue: inTagClass as String), conformingTo: supertype)
    else { return nil }
    return Unmanaged.passRetained(type.identifier as CFString)
}

/// The identifiers of every declared type `inTag` of `inTagClass` names.
public func UTTypeCreateAllIdentifiersForTag(
    _ inTagClass: CFString, _ inTag: CFString, _ inConformingToUTI: CFString?
) -> Unmanaged<CFArray>? {
    UTTypeCreatePreferredIdentifierForTag(inTagClass, inTag, inConformingToUTI).map {
        Unmanaged.passRetained([$0.takeRetainedValue()] as NSArray)
    }
}

/// Whether `inUTI` is a dynamic type (`dyn.`), made up for a tag no declared type has.
public func UTTypeIsDynamic(_ inUTI: CFString) -> Bool {
    UTType(inUTI as String)?.isDynamic ?? (inUTI as String).hasPrefix("dyn.")
}

/// Every tag of `inTagClass` of the type `inUTI` (`jpeg`, `jpg`, `jpe`); nil when it has none.
public func UTTypeCopyAllTagsWithClass(_ inUTI: CFString, _ inTagClass: CFString) -> Unmanaged<CFArray>? {
    guard let tags = UTType(inUTI as String)?.tags[UTTagClass(rawValue: inTagClass as String)], !tags.isEmpty else {
        return nil
    }
    return Unmanaged.passRetained(tags as NSArray)
}

/// Core Foundation's array, as MobileCoreServices' API passes it: `NSArray` on Linux.
public typealias CFArray = NSArray

/// The preferred tag of `inTagClass` (`jpeg`, `image/jpeg`) of the type `inUTI`; nil when it has none.
public func UTTypeCopyPreferredTagWithClass(_ inUTI: CFString, _ inTagClass: CFString) -> Unmanaged<CFString>? {
    guard let type = UTType(inUTI as String),
        let tag = type.tags[UTTagClass(rawValue: inTagClass as String)]?.first
    else { return nil }
    return Unmanaged.passRetained(tag as CFString)
}

/// Whether the type `inUTI` is `inConformsToUTI` or conforms to it.
public func UTTypeConformsTo(_ inUTI: CFString, _ inConformsToUTI: CFString) -> Bool {
    guard let type = UTType(inUTI as String), let other = UTType(inConformsToUTI as String) else {
        return (inUTI as String).lowercased() == (inConformsToUTI as String).lowercased()
    }
    return type.conforms(to: other)
}

/// Whether two identifiers name the same type.
public func UTTypeEqual(_ inUTI1: CFString, _ inUTI2: CFString) -> Bool {
    (inUTI1 as String).lowercased() == (inUTI2 as String).lowercased()
}

/// A name for people of the type `inUTI`.
public func UTTypeCopyDescription(_ inUTI: CFString) -> Unmanaged<CFString>? {
    UTType(inUTI as String)?.localizedDescription.map { Unmanaged.passRetained($0 as CFString) }
}
