import Foundation
import NSEBenchCore
import SDKProfiles
import Testing

@testable import NSERuntime

/// A push SDK's media key (`--media-field`): parsed as a JSON Pointer, written into payloads in place of
/// `media_url`, read back from replayed ones.
@Suite("Media field")
struct MediaFieldTests {
    static let url = URL(string: "http://127.0.0.1:8080/media/200KB.jpg")!

    @Test func pointersParseAndPrintBack() throws {
        #expect(try MediaField(pointer: "/fcm_options/image").keys == ["fcm_options", "image"])
        let airship = try MediaField(pointer: "/com.urbanairship.media_attachment/url")
        #expect(airship.keys == ["com.urbanairship.media_attachment", "url"], "dots stay inside a key")
        let escaped = try MediaField(pointer: "/a~1b/c~0d")
        #expect(escaped.keys == ["a/b", "c~d"])
        #expect(escaped.description == "/a~1b/c~0d")
        #expect(try MediaField(pointer: "/media_url").isMediaURLKey)
        #expect(MediaField(keys: []) == nil && MediaField(keys: ["a", ""]) == nil)
        // A type key that would overwrite the URL, or beside a top-level URL the payload's own fields.
        #expect(MediaField(keys: ["a", "u"], typeHintKey: "u") == nil)
        #expect(MediaField(keys: ["m"], typeHintKey: "aps") == nil)
        #expect(MediaField(keys: ["m"], typeHintKey: "encrypted_data") == nil)
        #expect(MediaField(keys: ["m"], typeHintKey: "") == nil)
        #expect(MediaField(keys: ["a", "m"], typeHintKey: "aps")?.typeHintKey == "aps", "inside an object of its own")
    }

    @Test(arguments: [
        ("fcm_options/image", "it does not start with /"), ("/a//b", "it names an empty key"),
        ("/", "it names an empty key"), ("/a~2", "~2 is no escape (~0 is ~, ~1 is /)"), ("/a~", "it ends in a lone ~"),
    ])
    func badPointersSayWhy(text: String, reason: String) {
        #expect(throws: MediaFieldError(text: text, reason: reason)) { try MediaField(pointer: text) }
        #expect(MediaFieldError(text: text, reason: reason).description.contains("\"\(text)\""))
    }

    @Test func theURLIsWrittenAtTheFieldKeepingTheObjectsOtherKeys() throws {
        var payload = NotificationPayload(
            alert: NotificationAlert(title: "Sale", body: "40% off"), mediaURL: Self.url,
            customFields: ["fcm_options": .object(["analytics_label": .string("spring")]), "other": .integer(1)])
        payload.mediaField = MediaField(keys: ["fcm_options", "image"])
        let json = String(decoding: payload.serialized(), as: UTF8.self)
        #expect(
            json.contains(
                #""fcm_options":{"analytics_label":"spring","image":"http://127.0.0.1:8080/media/200KB.jpg"}"#),
            "\(json)")
        #expect(!json.contains("media_url"))
        #expect(payload.byteCount == payload.serialized().count)
        #expect(payload.enrichmentsRequested == [.attachment])
        let options = try #require(payload.userInfo["fcm_options"] as? [String: Any])
        #expect(options["image"] as? String == Self.url.absoluteString)
        #expect(payload.userInfo["media_url"] == nil)
        // A value in the way that is no object is replaced by one; the top-level key works too.
        payload.customFields = ["fcm_options": .string("x")]
        #expect(payload.jsonValue.objectValue?["fcm_options"] == .object(["image": .string(Self.url.absoluteString)]))
        payload.mediaField = MediaField(keys: ["rich-media"])
        #expect(payload.jsonValue.objectValue?["rich-media"] == .string(Self.url.absoluteString))
        #expect(payload.byteCount == payload.serialized().count)
    }

    /// The size counted from the fields is the written one, whatever the field's depth, the objects already
    /// on its way and a type written beside the URL.
    @Test(arguments: [
        ["rich-media"], ["fcm_options", "image"], ["com.batch", "at", "u"], ["campaign_id"], ["nested", "deep", "url"],
    ])
    func theCountedSizeIsTheWrittenOne(keys: [String]) throws {
        let hints: [(String?, MediaTypeVocabulary?)] = [(nil, nil), ("t", nil), ("t", .mediaKind)]
        for (typeHintKey, vocabulary) in hints {
            for url in [Self.url, URL(string: "https://cdn.example.com/asset")!] {
                let field = try #require(
                    MediaField(keys: keys, typeHintKey: typeHintKey, typeHintVocabulary: vocabulary))
                var payload = NotificationPayload(
                    alert: NotificationAlert(title: "Sale", body: "40% off"), mediaURL: url,
                    customFields: [
                        "campaign_id": .string("c1"), "nested": .object(["deep": .object(["other": .integer(7)])]),
                        "com.batch": .object(["l": .string("https://a.io")]), "t": .bool(true),
                    ])
                payload.mediaField = field
                #expect(
                    payload.byteCount == payload.serialized().count, "\(keys) \(String(describing: typeHintKey)) \(url)"
                )
            }
        }
    }

    /// Batch's `t` takes the type identifier, CleverTap's `ct_mediaType` the kind (`gif` for a GIF); an
    /// extension iOS takes no attachment of gets no type identifier, and `image` as CleverTap's kind.
    @Test(arguments: [
        ("a.jpg", "public.jpeg", "image"), ("a.PNG", "public.png", "image"), ("a.gif", "com.compuserve.gif", "gif"),
        ("a.mp4", "public.mpeg-4", "video"), ("a.mp3", "public.mp3", "audio"), ("a.webp", nil, "image"),
        ("a", nil, "image"),
    ])
    func theTypeBesideTheURLIsInTheSDKsWords(file: String, uniformType: String?, kind: String?) throws {
        let url = URL(string: "http://127.0.0.1:8080/media/\(file)")!
        let batch = try #require(MediaField(sdk: .batch))
        let cleverTap = try #require(MediaField(sdk: .clevertap))
        #expect(batch.typeHint(for: url) == uniformType)
        #expect(cleverTap.typeHint(for: url) == kind)
        var members: [String: JSONValue] = [:]
        cleverTap.write(url, in: &members)
        #expect(members["ct_mediaUrl"] == .string(url.absoluteString))
        #expect(members["ct_mediaType"] == kind.map(JSONValue.string))
        #expect(cleverTap.sdk == .clevertap && batch.sdk == .batch, "the vocabulary tells the two apart")
        #expect(MediaField(keys: ["ct_mediaUrl"], typeHintKey: "ct_mediaType")?.sdk == nil)
        // Decoded, a field is the one made: the SDK's again, a uniform type's vocabulary left out.
        for field in [batch, cleverTap] {
            #expect(try JSONDecoder().decode(MediaField.self, from: JSONEncoder().encode(field)) == field)
        }
        let spelledOut = #"{"keys":["com.batch","at","u"],"typeHintKey":"t","typeHintVocabulary":"uniformType"}"#
        #expect(try JSONDecoder().decode(MediaField.self, from: Data(spelledOut.utf8)).sdk == .batch)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MediaField.self, from: Data(#"{"keys":["a","u"],"typeHintKey":"u"}"#.utf8))
        }
    }

    @Test func generatedPayloadsCarryTheURLAtTheFieldAndCountItsBytes() throws {
        let field = try MediaField(pointer: "/com.urbanairship.media_attachment/url")
        let generator = try PayloadGenerator(
            seed: 7, mix: PayloadMix(encrypted: 0.5, media: 1), mediaMix: MediaMix(parsing: "200KB.jpg:1"),
            mediaBaseURL: URL(string: "http://127.0.0.1:8080")!, key: [UInt8](repeating: 1, count: 32),
            mediaField: field)
        for index in 0..<20 {
            let generated = try generator.payload(at: index)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(generated.payload.serialized())) as? [String: Any])
            let media = try #require(json["com.urbanairship.media_attachment"] as? [String: Any])
            #expect(media["url"] as? String == "http://127.0.0.1:8080/media/200KB.jpg")
            #expect(json["media_url"] == nil)
            #expect(generated.byteCount == generated.payload.serialized().count)
            #expect(generated.byteCount <= generator.largestByteCount)
            #expect(generated.requested.contains(.attachment))
        }
    }

    @Test func replayedPayloadsHoldingAURLAtTheFieldAskForTheAttachment() throws {
        let firebase =
            #"{"aps":{"alert":"a","mutable-content":1},"fcm_options":{"image":"https://cdn.example.com/a.jpg"}}"#
        let plain = #"{"aps":{"alert":"b","mutable-content":1}}"#
        let notAURL = #"{"aps":{"alert":"c","mutable-content":1},"fcm_options":{"image":"ftp://x/a.jpg"}}"#
        let replay = try PayloadReplay(parsing: [firebase, plain, notAURL].joined(separator: "\n"))
        #expect(replay.payloads.allSatisfy { $0.enrichmentsRequested.isEmpty }, "without the field, nothing asked")
        let field = try MediaField(pointer: "/fcm_options/image")
        let marked = try replay.markingMedia(field: field)
        #expect(marked.payloads.map(\.enrichmentsRequested) == [.attachment, [], []])
        #expect(marked.payloads[0].mediaURL == URL(string: "https://cdn.example.com/a.jpg"))
        #expect(marked.payloads[0].serialized() == replay.payloads[0].serialized(), "the bytes are the file's")
        let missing = try MediaField(pointer: "/att/id")
        #expect(throws: PayloadReplayError.mediaFieldInNoPayload("/att/id")) { try replay.markingMedia(field: missing) }
        #expect(try replay.markingMedia(field: missing, required: false) == replay, "a default field asks for none")
        #expect(PayloadReplayError.mediaFieldInNoPayload("/att/id").description.contains("at /att/id"))
        // Batch's type is the file's to give: a replayed payload without one gains none.
        let batch = try PayloadReplay(
            parsing:
                #"{"aps":{"alert":"d","mutable-content":1},"com.batch":{"at":{"u":"https://cdn.example.com/a.jpg"}}}"#)
        let batchField = try #require(BuiltInExtensions.mediaField(for: "batch"))
        let markedBatch = try batch.markingMedia(field: batchField)
        #expect(markedBatch.payloads[0].serialized() == batch.payloads[0].serialized())
        #expect(markedBatch.payloads[0].enrichmentsRequested == [.attachment])
    }
}
