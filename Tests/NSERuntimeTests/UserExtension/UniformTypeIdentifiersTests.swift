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
        #expect(!UTType.heic.conforms(to: .heif), "siblings under public.heif-standard, as Apple declares them")
        #expect(UTType(filenameExtension: "m4a")?.identifier == "com.apple.m4a-audio")
        #expect(UTType.mpeg4Audio.conforms(to: .mpeg4Movie) && UTType.mpeg4Audio.conforms(to: .audio))
        #expect(UTType.mpeg2Video.conforms(to: .video))
        #expect(UTType(filenameExtension: "mp4", conformingTo: .audio)?.isDynamic == true, "no audio type has mp4")
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
        // Its identifier gives the same type back, with its tag and what it conforms to.
        let image = try #require(UTType(filenameExtension: "xyz", conformingTo: .image))
        #expect(image != type, "another supertype, another type")
        #expect(UTType(image.identifier) == image)
        #expect(UTType(image.identifier)?.conforms(to: .image) == true)
        #expect(UTTypeIsDynamic(image.identifier as CFString))
        let tag = UTTypeCopyPreferredTagWithClass(type.identifier as CFString, kUTTagClassFilenameExtension)?
            .takeRetainedValue()
        #expect(tag.map { $0 as String } == "xyz")
    }

    @Test("an app's own type conforms to what it says; URLs take a type's extension")
    func importedTypesAndURLs() throws {
        let own = UTType(importedAs: "com.example.sticker", conformingTo: .png)
        #expect(own.conforms(to: .png) && own.conforms(to: .image) && own.isDeclared)
        let hinted = UTTypeCreatePreferredIdentifierForTag(
            kUTTagClassFilenameExtension, "jpg" as CFString, "com.example.x")?
            .takeRetainedValue()
        #expect(hinted.map { ($0 as String).hasPrefix("dyn.") } == true, "no declared type conforms to an unknown one")
        let base = URL(fileURLWithPath: "/tmp/media")
        #expect(base.appendingPathExtension(for: .jpeg).lastPathComponent == "media.jpeg")
        #expect(base.appendingPathComponent("clip", conformingTo: .mpeg4Movie).lastPathComponent == "clip.mp4")
        #expect(base.appendingPathComponent("clip.mov", conformingTo: .mpeg4Movie).lastPathComponent == "clip.mov")
        #expect(UTType.types(tag: "JPG", tagClass: .filenameExtension, conformingTo: nil) == [.jpeg])
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

/// `import CoreServices`, Apple's umbrella for the type identifier API, in a compiled extension.
@Suite("CoreServices in a user's extension", .timeLimit(.minutes(3)))
struct CoreServicesImportTests {
    @Test("an extension importing CoreServices names its attachment's type with kUTType and UTType")
    func compilesAndRuns() async throws {
        let service = """
            import CoreServices
            import UserNotifications

            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    let legacy = UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, "jpg" as CFString, nil)
                    content.title = (legacy?.takeRetainedValue() as String?) == UTType.jpeg.identifier ? "typed" : "untyped"
                    contentHandler(content)
                }
            }
            """
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": service], title: "Sale")
        #expect(record.visible.title == "typed")
    }
}
