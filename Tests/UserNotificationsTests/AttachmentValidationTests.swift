import Foundation
import NSEBenchTestSupport
import Testing
import UserNotifications

/// One row of the attachment table: where the file is, what hint is given, and what iOS would do.
struct AttachmentCase: Sendable, CustomTestStringConvertible {
    enum Location: Sendable {
        case file(name: String, size: Int)
        case missing(name: String)
        case directory(name: String)
        case remote(String)
    }

    enum Hint: Sendable {
        case type(String)
        case notAString(Int)
    }

    enum Expected: Sendable, Equatable {
        case accepted(type: String)
        case rejected(UNError.Code)
    }

    let label: String
    let location: Location
    var hint: Hint?
    let expected: Expected

    var testDescription: String { label }
}

private let kb = 1_000

private func accepted(_ name: String, as type: String, size: Int = kb, hint: String? = nil) -> AttachmentCase {
    AttachmentCase(
        label: "\(name) (\(size) bytes\(hint.map { ", hint \($0)" } ?? "")) → \(type)",
        location: .file(name: name, size: size), hint: hint.map { .type($0) }, expected: .accepted(type: type)
    )
}

private func rejected(
    _ label: String, _ location: AttachmentCase.Location, hint: AttachmentCase.Hint? = nil, _ code: UNError.Code
) -> AttachmentCase {
    AttachmentCase(label: "\(label) → \(code)", location: location, hint: hint, expected: .rejected(code))
}

/// Every extension iOS recognises, with the type it maps to.
private let extensionRows: [AttachmentCase] = [
    ("aif", "public.aiff-audio"), ("aiff", "public.aiff-audio"), ("aifc", "public.aifc-audio"),
    ("wav", "com.microsoft.waveform-audio"), ("wave", "com.microsoft.waveform-audio"), ("mp3", "public.mp3"),
    ("m4a", "com.apple.m4a-audio"), ("aac", "public.aac-audio"),
    ("jpg", "public.jpeg"), ("jpeg", "public.jpeg"), ("jpe", "public.jpeg"), ("gif", "com.compuserve.gif"),
    ("png", "public.png"),
    ("mpg", "public.mpeg"), ("mpeg", "public.mpeg"), ("mpe", "public.mpeg"), ("m2v", "public.mpeg-2-video"),
    ("mp4", "public.mpeg-4"), ("m4v", "com.apple.m4v-video"), ("avi", "public.avi"),
].map { accepted("media.\($0.0)", as: $0.1) }

/// Every hint the brief lists, on a `.tmp` file (what a download task leaves).
private let hintRows: [AttachmentCase] = [
    "public.jpeg", "public.png", "com.compuserve.gif", "public.mpeg-4", "public.mp3", "com.apple.m4a-audio",
    "com.microsoft.waveform-audio", "public.mpeg", "public.avi", "public.aiff-audio", "public.mpeg-4-audio",
].map { accepted("download.tmp", as: $0, hint: $0) }

/// Each kind at its cap (accepted) and one byte over (rejected), by extension and by hint.
private let capRows: [AttachmentCase] = [
    ("mp3", "public.mp3", 5_000_000), ("jpg", "public.jpeg", 10_000_000), ("mp4", "public.mpeg-4", 50_000_000),
].flatMap { ext, type, cap in
    [
        accepted("at-cap.\(ext)", as: type, size: cap),
        rejected(
            "over-cap.\(ext) (\(cap + 1) bytes)", .file(name: "over-cap.\(ext)", size: cap + 1),
            .attachmentInvalidFileSize),
        accepted("at-cap.tmp", as: type, size: cap, hint: type),
        rejected(
            "over-cap.tmp (\(cap + 1) bytes, hint \(type))", .file(name: "over-cap.tmp", size: cap + 1),
            hint: .type(type), .attachmentInvalidFileSize),
    ]
}

private let otherRows: [AttachmentCase] = [
    accepted("UPPER.JPG", as: "public.jpeg"),
    accepted("Mixed.Mp4", as: "public.mpeg-4"),
    accepted("image.png", as: "public.jpeg", hint: "public.jpeg"),
    accepted("download.tmp", as: "PUBLIC.JPEG", hint: "PUBLIC.JPEG"),
    rejected("download.tmp without hint", .file(name: "download.tmp", size: kb), .attachmentUnrecognizedType),
    rejected("no extension, no hint", .file(name: "download", size: kb), .attachmentUnrecognizedType),
    rejected(
        "download.tmp with a MIME type as hint", .file(name: "download.tmp", size: kb),
        hint: .type("image/jpeg"), .attachmentUnrecognizedType),
    rejected("image.heic", .file(name: "image.heic", size: kb), .attachmentUnrecognizedType),
    rejected(
        "hint of an unsupported type", .file(name: "image.jpg", size: kb), hint: .type("public.heic"),
        .attachmentUnrecognizedType),
    rejected(
        "hint that is not a string", .file(name: "image.jpg", size: kb), hint: .notAString(1),
        .attachmentUnrecognizedType),
    rejected("empty file", .file(name: "empty.jpg", size: 0), .attachmentInvalidFileSize),
    rejected("missing file", .missing(name: "missing.jpg"), .attachmentInvalidURL),
    rejected("directory", .directory(name: "folder.jpg"), .attachmentInvalidURL),
    rejected("https URL", .remote("https://cdn.example.com/image.jpg"), .attachmentInvalidURL),
]

@Suite("Attachment validation")
struct AttachmentValidationTests {
    @Test(arguments: extensionRows + hintRows + capRows + otherRows)
    func table(_ row: AttachmentCase) throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-unapi")
        defer { directory.remove() }
        let url: URL
        switch row.location {
        case .file(let name, let size): url = try directory.file(named: name, size: size)
        case .missing(let name): url = directory.url.appendingPathComponent(name)
        case .directory(let name):
            url = directory.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        case .remote(let string): url = try #require(URL(string: string))
        }
        var options: [AnyHashable: Any] = [:]
        switch row.hint {
        case .type(let type): options[UNNotificationAttachmentOptionsTypeHintKey] = type
        case .notAString(let number): options[UNNotificationAttachmentOptionsTypeHintKey] = number
        case nil: break
        }

        switch row.expected {
        case .accepted(let type):
            let attachment = try UNNotificationAttachment(identifier: "media", url: url, options: options)
            #expect(attachment.type == type)
            #expect(attachment.url == url)
            #expect(attachment.identifier == "media")
        case .rejected(let code):
            let error = try #require(throws: UNError.self) {
                try UNNotificationAttachment(identifier: "media", url: url, options: options)
            }
            #expect(error.code == code)
            let description = try #require(error.errorUserInfo[NSLocalizedDescriptionKey] as? String)
            #expect(description.contains(url.isFileURL ? url.path : url.absoluteString), "\(description)")
            #expect(error.errorUserInfo[NSURLErrorKey] as? URL == url)
        }
    }

    @Test func emptyIdentifierGetsAUniqueOne() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-unapi")
        defer { directory.remove() }
        let url = try directory.file(named: "image.png", size: kb)
        let first = try UNNotificationAttachment(identifier: "", url: url)
        let second = try UNNotificationAttachment(identifier: "", url: url)
        #expect(!first.identifier.isEmpty)
        #expect(first.identifier != second.identifier)
    }

    @Test func sizeErrorNamesTheSizeAndTheCap() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-unapi")
        defer { directory.remove() }
        let url = try directory.file(named: "song.mp3", size: 5_000_001)
        let error = try #require(throws: UNError.self) { try UNNotificationAttachment(identifier: "a", url: url) }
        let description = try #require(error.errorUserInfo[NSLocalizedDescriptionKey] as? String)
        #expect(description.hasPrefix("Invalid attachment file size: "))
        #expect(description.contains("5000001 bytes"))
        #expect(description.contains("at most 5000000 bytes"))
        #expect(error.errorUserInfo[NSFilePathErrorKey] as? String == url.path)
    }
}

@Suite("Attachment kinds")
struct AttachmentKindTests {
    @Test func capsAreDecimalMegabytes() {
        #expect(AttachmentKind.audio.maximumFileSize == 5_000_000)
        #expect(AttachmentKind.image.maximumFileSize == 10_000_000)
        #expect(AttachmentKind.movie.maximumFileSize == 50_000_000)
    }

    @Test(arguments: AttachmentKind.allCases)
    func everyTypeOfAKindClassifiesBackToIt(kind: AttachmentKind) {
        #expect(!kind.types.isEmpty)
        for type in kind.types {
            #expect(AttachmentKind(type: type) == kind, "\(type)")
        }
    }

    @Test func unknownTypesAndExtensionsHaveNoKind() {
        #expect(AttachmentKind(type: "public.heic") == nil)
        #expect(AttachmentKind(type: "image/jpeg") == nil)
        #expect(AttachmentKind.type(forFileExtension: "tmp") == nil)
        #expect(AttachmentKind.type(forFileExtension: "") == nil)
        #expect(AttachmentKind.type(forFileExtension: "JPEG") == "public.jpeg")
    }
}
