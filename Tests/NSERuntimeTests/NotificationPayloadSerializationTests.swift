import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// Writing payloads back: compact, sorted, stable, and parsed back to the same value.
@Suite("Notification payload serialisation")
struct NotificationPayloadSerializationTests {
    static let samples: [String] = [
        #"{"aps":{"alert":"Your order has shipped","mutable-content":1}}"#,
        #"{"aps":{"alert":{"title":"Flash sale","subtitle":"Today","body":"40% off"},"mutable-content":1,"#
            + #""badge":4,"sound":"default","thread-id":"promo","category":"SALE"},"campaign":"spring"}"#,
        #"{"aps":{"alert":{"title":"New message","body":"Open to read","loc-key":"K"},"mutable-content":1,"#
            + #""interruption-level":"time-sensitive"},"encrypted_data":"QUJD","#
            + #""media_url":"http://127.0.0.1:8080/media/200KB.jpg","#
            + #""n":-12,"f":0.1,"big":1e+20,"two":2.0,"t":true,"z":null,"list":[1,"two",[3]],"#
            + #""obj":{"b":1,"a":"\n\"/é"}}"#,
        // Foundation percent-encodes the space and the é; the encoded form is stable from then on.
        #"{"aps":{"alert":"x","mutable-content":1},"media_url":"https://cdn.example.com/a b/é.jpg"}"#,
    ]

    /// `userInfo` built from the fields gives what the JSON value gives as Foundation objects, for every
    /// sample, generated payloads of each kind, and one whose own keys collide with the known fields.
    @Test("userInfo is the JSON value's Foundation objects, the known fields winning")
    func userInfoIsTheJSONValues() throws {
        var payloads = try Self.samples.map { try NotificationPayload(parsing: $0) }
        var clashing = try NotificationPayload(
            parsing: #"{"aps":{"alert":{"body":"b"},"badge":2,"sound":{"critical":1,"name":"a.caf","volume":0.5},"#
                + #""content-available":1},"aps_extra":[1,{"k":null}],"encrypted_data":"old","#
                + #""aps2":{"t":true}}"#)
        clashing.otherAPSFields["alert"] = .string("theirs")
        clashing.otherAPSFields["mutable-content"] = .integer(0)
        clashing.otherAPSFields["badge"] = .string("x")
        clashing.customFields["aps"] = .string("theirs")
        clashing.customFields["media_url"] = .string("old")
        clashing.mediaURL = URL(string: "https://cdn.example.com/new.jpg")
        clashing.encryptedData = "new"
        clashing.badge = 3
        clashing.isMutable = true
        clashing.threadIdentifier = "t"
        clashing.category = "c"
        payloads.append(clashing)
        var sdkField = clashing
        sdkField.mediaField = MediaField(keys: ["fcm_options", "image"])
        payloads.append(sdkField)
        var notMutable = clashing
        notMutable.isMutable = false
        notMutable.alert = .text("plain")
        payloads.append(notMutable)
        let generator = try PayloadGenerator(
            seed: 7, mix: PayloadMix(encrypted: 0.5, media: 0.5, oversize: 0.1),
            mediaMix: try MediaMix(parsing: "200KB.jpg:1"), mediaBaseURL: URL(string: "http://127.0.0.1:8080")!,
            key: Array(repeating: 1, count: 32))
        payloads += try (0..<40).map { try generator.payload(at: $0).payload }
        for payload in payloads {
            // Read back as JSON values: numbers keep their kind (a boolean, an integer, a double), strings,
            // nulls, arrays and objects theirs.
            #expect(JSONValue(foundationObject: payload.userInfo) == payload.jsonValue, "\(payload.userInfo)")
        }
        let aps = try #require(clashing.userInfo["aps"] as? [String: Any])
        #expect(
            aps["alert"] as? [String: Any] != nil && aps["mutable-content"] as? Int == 1 && aps["badge"] as? Int == 3)
        #expect(clashing.userInfo["media_url"] as? String == "https://cdn.example.com/new.jpg")
    }

    @Test("parse, serialise, parse gives the same payload", arguments: samples)
    func roundTrip(_ text: String) throws {
        let payload = try NotificationPayload(parsing: text)
        let bytes = payload.serialized()
        let again = try NotificationPayload(parsing: bytes)
        #expect(again == payload)
        #expect(again.serialized() == bytes)
        #expect(payload.byteCount == bytes.count)
    }

    @Test("keys are sorted and nothing is escaped that need not be")
    func compactSortedForm() {
        let payload = NotificationPayload(
            alert: NotificationAlert(title: "Café \"deals\"", body: "a/b\tc"), badge: 1,
            mediaURL: URL(string: "https://cdn.example.com/x.jpg"),
            customFields: ["z": .integer(1), "a": .bool(false)])
        let text = String(decoding: payload.serialized(), as: UTF8.self)
        let expected =
            #"{"a":false,"aps":{"alert":{"body":"a/b\tc","title":"Café \"deals\""},"badge":1,"mutable-content":1},"#
            + #""media_url":"https://cdn.example.com/x.jpg","z":1}"#
        #expect(text == expected)
    }

    @Test("a plain-string alert is written back as a string")
    func plainStringAlert() throws {
        let payload = try NotificationPayload(parsing: #"{"aps":{"alert":"hello"}}"#)
        #expect(String(decoding: payload.serialized(), as: UTF8.self) == #"{"aps":{"alert":"hello"}}"#)
    }

    @Test(
        "the byte count, counted without writing, is the written length",
        arguments: [
            JSONValue.null, .bool(true), .bool(false), .integer(0), .integer(9), .integer(10), .integer(-1),
            .integer(-10), .integer(Int.max), .integer(Int.min), .double(0.1), .double(-2.0), .double(1e20),
            .double(.nan), .double(-.infinity), .string(""), .string("\u{1}\u{1F}\"\\\n\r\t\u{8}\u{C}/"),
            .string("Café 🎉 日本"), .array([]), .object([:]), .array([.null, .array([.integer(3)]), .object([:])]),
            .object(["b": .integer(1), "a\"q": .object(["é": .array([.string("x"), .bool(false)])]), "": .null]),
        ])
    func byteCountIsTheWrittenLength(_ value: JSONValue) {
        #expect(value.compactJSONByteCount == value.compactJSONBytes.count, "\(value.compactJSONText)")
    }

    /// Payloads whose other keys share names with the known fields, which the known fields are written
    /// over, and payloads with each field left out.
    static let overlapping: [NotificationPayload] = [
        NotificationPayload(alert: .text("plain")),
        NotificationPayload(alert: .text("plain \"quoted\""), isMutable: false),
        NotificationPayload(alert: NotificationAlert(), isMutable: false),
        NotificationPayload(
            alert: NotificationAlert(
                title: "T", subtitle: "S", body: "B",
                otherFields: ["title": .string("an older, longer title"), "loc-key": .string("K")]),
            badge: -120, sound: .object(["name": .string("a.caf"), "critical": .integer(1)]),
            threadIdentifier: "thread", category: "CAT",
            otherAPSFields: [
                "alert": .string("replaced"), "badge": .integer(7), "mutable-content": .integer(10),
                "sound": .null, "thread-id": .string("old"), "category": .string(""),
                "interruption-level": .string("time-sensitive"),
            ],
            encryptedData: "QUJD\n", mediaURL: URL(string: "https://cdn.example.com/a b/é.jpg"),
            customFields: [
                "aps": .string("replaced"), "encrypted_data": .null, "media_url": .array([.integer(1)]),
                "campaign": .object(["é": .double(0.1)]),
            ]),
        // A plain-text alert with other fields is written as an object.
        {
            var alert = NotificationAlert.text("body")
            alert.otherFields = ["body": .integer(1)]
            return NotificationPayload(alert: alert, customFields: ["x": .bool(true)])
        }(),
        // A plain-text alert with a title or a subtitle is written as an object.
        {
            var alert = NotificationAlert.text("b")
            alert.title = "t"
            return NotificationPayload(alert: alert)
        }(),
        {
            var alert = NotificationAlert.text("b")
            alert.subtitle = "s"
            return NotificationPayload(alert: alert)
        }(),
        // Known fields left out: the other keys of their names are written, and counted.
        NotificationPayload(
            alert: NotificationAlert(body: "b", otherFields: ["title": .string("kept"), "subtitle": .integer(1)]),
            isMutable: false,
            otherAPSFields: [
                "mutable-content": .integer(10), "badge": .integer(3), "sound": .string("default"),
                "thread-id": .string("t"), "category": .string("c"),
            ],
            customFields: ["encrypted_data": .string("x"), "media_url": .string("y")]),
    ]

    @Test("a payload's byte count, counted from its fields, is its written length", arguments: overlapping)
    func payloadByteCountIsTheWrittenLength(_ payload: NotificationPayload) {
        #expect(
            payload.byteCount == payload.serialized().count, "\(String(decoding: payload.serialized(), as: UTF8.self))")
    }

    @Test("the byte count is the written length for random payloads, each field set or not, over other keys or not")
    func randomPayloadByteCounts() {
        var random = Xoshiro256StarStar(seed: 20_261_205)
        func chance() -> Bool { random.next() & 1 == 0 }
        func text() -> String { ["", "x", "a \"q\"\n", "Café 🎉", "\u{1}"][Int(random.nextUInt64(below: 5))] }
        func value() -> JSONValue {
            [.integer(Int(random.nextUInt64(below: 2_000)) - 1_000), .string(text()), .null, .bool(chance())][
                Int(random.nextUInt64(below: 4))]
        }
        func others(_ keys: [String]) -> [String: JSONValue] {
            var fields: [String: JSONValue] = [:]
            for key in keys + ["other"] where chance() { fields[key] = value() }
            return fields
        }
        for _ in 0..<2_000 {
            var alert = chance() ? NotificationAlert.text(text()) : NotificationAlert()
            if chance() { alert.title = text() }
            if chance() { alert.subtitle = text() }
            if chance() { alert.body = text() }
            alert.otherFields = others(["title", "subtitle", "body"])
            let payload = NotificationPayload(
                alert: alert, isMutable: chance(), badge: chance() ? Int(random.nextUInt64(below: 200)) - 100 : nil,
                sound: chance() ? value() : nil, threadIdentifier: chance() ? text() : nil,
                category: chance() ? text() : nil,
                otherAPSFields: others(["alert", "mutable-content", "badge", "sound", "thread-id", "category"]),
                encryptedData: chance() ? text() : nil,
                mediaURL: chance()
                    ? URL(string: "https://cdn.example.com/a%20b/\(text().isEmpty ? "x" : "y").jpg") : nil,
                customFields: others(["aps", "encrypted_data", "media_url"]))
            let written = payload.serialized()
            #expect(payload.byteCount == written.count, "\(String(decoding: written, as: UTF8.self))")
        }
    }

    @Test("control characters are escaped")
    func controlCharacters() {
        #expect(JSONValue.string("\u{1}\r\n").compactJSONText == #""\u0001\r\n""#)
    }

    @Test("userInfo holds the whole payload as Foundation objects")
    func userInfo() throws {
        let payload = try NotificationPayload(
            parsing: #"{"aps":{"alert":"x","mutable-content":1},"order":48213,"gift":true,"tags":["a"],"#
                + #""meta":{"k":1.5},"none":null}"#)
        let info = payload.userInfo
        let aps = try #require(info["aps"] as? [String: Any])
        #expect(aps["mutable-content"] as? Int == 1)
        #expect(aps["alert"] as? String == "x")
        #expect(info["order"] as? Int == 48_213)
        #expect(info["gift"] as? Bool == true)
        #expect(info["tags"] as? [String] == ["a"])
        #expect((info["meta"] as? [String: Any])?["k"] as? Double == 1.5)
        #expect(info["none"] is NSNull)
        #expect(JSONValue(foundationObject: info) == payload.jsonValue)
    }

    @Test("booleans, integers and fractional numbers stay apart through JSONSerialization")
    func numberKinds() throws {
        let json = #"{"t":true,"f":false,"one":1,"onePointZero":1.0,"half":0.5,"max":9223372036854775807}"#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let expected: JSONValue = .object([
            "t": .bool(true), "f": .bool(false), "one": .integer(1), "onePointZero": .double(1),
            "half": .double(0.5), "max": .integer(Int.max),
        ])
        #expect(JSONValue(foundationObject: object) == expected)
        #expect(JSONValue(foundationObject: ["flag": true, "n": 3, "d": Date()] as [String: Any]) == nil)
        let native: [String: Any] = ["flag": true, "n": 3]
        #expect(JSONValue(foundationObject: native) == .object(["flag": .bool(true), "n": .integer(3)]))
    }
}
