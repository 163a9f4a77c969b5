import Foundation
import MobileCoreServices
import Testing
import UniformTypeIdentifiers
import UserNotifications

/// UTType and the older MobileCoreServices API, as extensions name an attachment's type with them.
@Suite("UniformTypeIdentifiers and MobileCoreServices")
struct UniformTypeIdentifiersTests {
    @Test("a file extension or MIME type names its declared type, in any case")
    func declaredTypes() throws {
        #expect(UTType(filenameExtension: "JPG") == .jpeg)
        #expect(UTType(filenameExtension: "mp4") == .mpeg4Movie)
        #expect(UTType(mimeType: "image/png; charset=binary") == .png)
        #expect(UTType(mimeType: "audio/mpeg")?.preferredFilenameExtension == "mp3")
        #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
        #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
        #expect(UTType("PUBLIC.JPEG") == .jpeg)
        #expect(UTType("com.example.unknown") == nil)
        #expect(UTType.heic.conforms(to: .image) && UTType.heic.conforms(to: .data))
        #expect(UTType.jpeg.isSubtype(of: .image) && !UTType.image.isSubtype(of: .jpeg))
        #expect(!UTType.mp3.conforms(to: .image))
        #expect(UTType.image.preferredFilenameExtension == nil, "an abstract type has no extension")
    }

    @Test("an unknown extension is a dynamic type conforming to what was asked, as on iOS")
    func dynamicTypes() throws {
        let type = try #require(UTType(filenameExtension: "xyz"))
        #expect(type.isDynamic && !type.isDeclared)
        #expect(type.identifier.hasPrefix("dyn."))
        #expect(type.conforms(to: .data))
        #expect(type.preferredFilenameExtension == "xyz")
        #expect(UTType(filenameExtension: "xyz") == type, "the same tag, the same type")
        #expect(UTType(filenameExtension: "jpg", conformingTo: .audio)?.isDynamic == true, "no audio type has jpg")
        #expect(UTType(filenameExtension: "") == nil)
    }

    @Test("kUTType constants and the UTType functions read as on iOS through CFString")
    func mobileCoreServices() throws {
        #expect(kUTTypeJPEG as String == "public.jpeg")
        let png = UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, "png" as CFString, nil)?
            .takeRetainedValue()
        #expect(png.map { $0 as String } == "public.png")
        let mime = UTTypeCopyPreferredTagWithClass(kUTTypeMPEG4, kUTTagClassMIMEType)?.takeRetainedValue()
        #expect(mime.map { $0 as String } == "video/mp4")
        #expect(UTTypeConformsTo(kUTTypeGIF, kUTTypeImage))
        #expect(!UTTypeConformsTo(kUTTypeGIF, kUTTypeMovie))
    }

    @Test("a kUTType hint is an attachment's type hint, as a String is")
    func hintAttachesAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("uti-\(UUID().uuidString)")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let attachment = try UNNotificationAttachment(
            identifier: "a", url: file, options: [UNNotificationAttachmentOptionsTypeHintKey: kUTTypeJPEG])
        #expect(attachment.type == "public.jpeg")
    }
}
