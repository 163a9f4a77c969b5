import Testing

@testable import MediaServer

@Suite("Media types: extensions, MIME types, mismatched types")
struct MediaTypeTests {
    static let extensions: [(String, MediaType)] = [
        ("jpg", .jpeg), ("jpeg", .jpeg), ("JPG", .jpeg), ("png", .png), ("gif", .gif), ("mp4", .mp4),
        ("mp3", .mp3), ("m4a", .m4a), ("wav", .wav), ("WaV", .wav),
    ]

    @Test(arguments: extensions)
    func extensionsMapToTypes(fileExtension: String, type: MediaType) {
        #expect(MediaType(fileExtension: fileExtension) == type)
        #expect(MediaType(name: fileExtension) == type)
    }

    @Test(arguments: ["tmp", "", "jpe", "mov", "webp", "aiff", ".jpg"])
    func otherExtensionsAreUnknown(fileExtension: String) {
        #expect(MediaType(fileExtension: fileExtension) == nil)
    }

    static let mimeTypes: [(MediaType, String, String, MediaType.Kind)] = [
        (.jpeg, "image/jpeg", "image/png", .image),
        (.png, "image/png", "image/gif", .image),
        (.gif, "image/gif", "image/jpeg", .image),
        (.mp4, "video/mp4", "video/quicktime", .movie),
        (.mp3, "audio/mpeg", "audio/wav", .audio),
        (.m4a, "audio/mp4", "audio/mpeg", .audio),
        (.wav, "audio/wav", "audio/mpeg", .audio),
    ]

    @Test(arguments: mimeTypes)
    func mimeTypesMatchTheType(type: MediaType, right: String, wrong: String, kind: MediaType.Kind) {
        #expect(type.mimeType == right)
        #expect(type.mismatchedMimeType == wrong)
        #expect(type.mismatchedMimeType != type.mimeType)
        #expect(type.kind == kind)
        #expect(MediaContentTypeMode.right.contentType(for: type) == right)
        #expect(MediaContentTypeMode.wrong.contentType(for: type) == wrong)
        #expect(MediaContentTypeMode.missing.contentType(for: type) == nil)
        #expect(MediaType(fileExtension: type.fileExtension) == type)
    }
}
