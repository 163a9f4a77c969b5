import Foundation
import Testing

@testable import NSERuntime

/// Parsing APNs payloads: every accepted shape, and every malformed one with the error it must give.
@Suite("Notification payload parsing")
struct NotificationPayloadParsingTests {
    struct Good: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let expected: NotificationPayload
        var testDescription: String { name }
    }

    static let good: [Good] = [
        Good(
            name: "alert object with title, subtitle and body",
            json: #"{"aps":{"alert":{"title":"Flash sale","subtitle":"Today only","body":"40% off"},"#
                + #""mutable-content":1}}"#,
            expected: NotificationPayload(
                alert: NotificationAlert(title: "Flash sale", subtitle: "Today only", body: "40% off"))),
        Good(
            name: "alert as a plain string is the body",
            json: #"{"aps":{"alert":"Your order has shipped","mutable-content":1}}"#,
            expected: NotificationPayload(alert: .text("Your order has shipped"))),
        Good(
            name: "no mutable-content: the extension would not run",
            json: #"{"aps":{"alert":{"title":"Hi"}}}"#,
            expected: NotificationPayload(alert: NotificationAlert(title: "Hi"), isMutable: false)),
        Good(
            name: "mutable-content 0",
            json: #"{"aps":{"alert":{"title":"Hi"},"mutable-content":0}}"#,
            expected: NotificationPayload(alert: NotificationAlert(title: "Hi"), isMutable: false)),
        Good(
            name: "badge, sound, thread-id and category",
            json: #"{"aps":{"alert":"x","mutable-content":1,"badge":3,"sound":"default","thread-id":"orders","#
                + #""category":"ORDER_UPDATE"}}"#,
            expected: NotificationPayload(
                alert: .text("x"), badge: 3, sound: .string("default"), threadIdentifier: "orders",
                category: "ORDER_UPDATE")),
        Good(
            name: "critical sound object and an integral badge written as 2.0",
            json: #"{"aps":{"alert":"x","mutable-content":1,"badge":2.0,"sound":{"critical":1,"name":"a.caf"}}}"#,
            expected: NotificationPayload(
                alert: .text("x"), badge: 2, sound: .object(["critical": .integer(1), "name": .string("a.caf")]))),
        Good(
            name: "encrypted_data and media_url",
            json: #"{"aps":{"alert":{"title":"New message","body":"Open to read"},"mutable-content":1},"#
                + #""encrypted_data":"AAAA","media_url":"https://cdn.example.com/img.jpg"}"#,
            expected: NotificationPayload(
                alert: NotificationAlert(title: "New message", body: "Open to read"), encryptedData: "AAAA",
                mediaURL: URL(string: "https://cdn.example.com/img.jpg"))),
        Good(
            name: "custom keys of every JSON type, unknown aps and alert keys",
            json: #"{"aps":{"alert":{"body":"b","loc-key":"K"},"mutable-content":1,"interruption-level":"active"},"#
                + #""order":48213,"price":19.5,"gift":true,"note":null,"tags":["a",1],"meta":{"x":"y"}}"#,
            expected: NotificationPayload(
                alert: NotificationAlert(body: "b", otherFields: ["loc-key": .string("K")]),
                otherAPSFields: ["interruption-level": .string("active")],
                customFields: [
                    "order": .integer(48_213), "price": .double(19.5), "gift": .bool(true), "note": .null,
                    "tags": .array([.string("a"), .integer(1)]), "meta": .object(["x": .string("y")]),
                ])),
    ]

    @Test("accepts", arguments: good)
    func accepts(_ example: Good) throws {
        let payload = try NotificationPayload(parsing: example.json)
        #expect(payload == example.expected)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let json: String
        let expected: PayloadError
        var testDescription: String { json }
    }

    static let bad: [Bad] = [
        Bad(json: "[1,2]", expected: .notAnObject(found: .array([.integer(1), .integer(2)]))),
        Bad(json: #""aps""#, expected: .notAnObject(found: .string("aps"))),
        Bad(json: #"{"alert":"x"}"#, expected: .missingAPS),
        Bad(json: #"{"aps":"x"}"#, expected: .wrongType(keyPath: "aps", expected: "an object", found: .string("x"))),
        Bad(json: #"{"aps":{"badge":1}}"#, expected: .missingAlert),
        Bad(
            json: #"{"aps":{"alert":5}}"#,
            expected: .wrongType(keyPath: "aps.alert", expected: "an object or a string", found: .integer(5))),
        Bad(
            json: #"{"aps":{"alert":{"title":1}}}"#,
            expected: .wrongType(keyPath: "aps.alert.title", expected: "a string", found: .integer(1))),
        Bad(
            json: #"{"aps":{"alert":{"subtitle":[]}}}"#,
            expected: .wrongType(keyPath: "aps.alert.subtitle", expected: "a string", found: .array([]))),
        Bad(
            json: #"{"aps":{"alert":{"body":null}}}"#,
            expected: .wrongType(keyPath: "aps.alert.body", expected: "a string", found: .null)),
        Bad(
            json: #"{"aps":{"alert":"x","mutable-content":"1"}}"#,
            expected: .wrongType(
                keyPath: "aps.mutable-content", expected: "the number 1 (or 0)", found: .string("1"))),
        Bad(
            json: #"{"aps":{"alert":"x","mutable-content":true}}"#,
            expected: .wrongType(
                keyPath: "aps.mutable-content", expected: "the number 1 (or 0)", found: .bool(true))),
        Bad(
            json: #"{"aps":{"alert":"x","badge":"3"}}"#,
            expected: .wrongType(keyPath: "aps.badge", expected: "an integer", found: .string("3"))),
        Bad(
            json: #"{"aps":{"alert":"x","badge":1.5}}"#,
            expected: .wrongType(keyPath: "aps.badge", expected: "an integer", found: .double(1.5))),
        Bad(
            json: #"{"aps":{"alert":"x","sound":1}}"#,
            expected: .wrongType(keyPath: "aps.sound", expected: "a string or an object", found: .integer(1))),
        Bad(
            json: #"{"aps":{"alert":"x","thread-id":7}}"#,
            expected: .wrongType(keyPath: "aps.thread-id", expected: "a string", found: .integer(7))),
        Bad(
            json: #"{"aps":{"alert":"x","category":false}}"#,
            expected: .wrongType(keyPath: "aps.category", expected: "a string", found: .bool(false))),
        Bad(
            json: #"{"aps":{"alert":"x"},"encrypted_data":{"v":1}}"#,
            expected: .wrongType(
                keyPath: "encrypted_data", expected: "a string", found: .object(["v": .integer(1)]))),
        Bad(
            json: #"{"aps":{"alert":"x"},"media_url":42}"#,
            expected: .wrongType(keyPath: "media_url", expected: "a string", found: .integer(42))),
        Bad(json: #"{"aps":{"alert":"x"},"media_url":"ftp://h/a.jpg"}"#, expected: .invalidMediaURL("ftp://h/a.jpg")),
        Bad(json: #"{"aps":{"alert":"x"},"media_url":"/media/a.jpg"}"#, expected: .invalidMediaURL("/media/a.jpg")),
        Bad(json: #"{"aps":{"alert":"x"},"media_url":"http://"}"#, expected: .invalidMediaURL("http://")),
        Bad(json: #"{"aps":{"alert":"x"},"media_url":""}"#, expected: .invalidMediaURL("")),
        // Duplicate keys: Foundation keeps one of the values without a word.
        Bad(json: #"{"aps":{"alert":"x"},"aps":{"alert":"y"}}"#, expected: .duplicateKey(keyPath: "aps")),
        Bad(json: #"{"a\u0070s":{"alert":"x"},"aps":{"alert":"y"}}"#, expected: .duplicateKey(keyPath: "aps")),
        Bad(
            json: #"{"aps":{"alert":{"title":"a","body":"b","title":"c"}}}"#,
            expected: .duplicateKey(keyPath: "aps.alert.title")),
        Bad(
            json: #"{"aps":{"alert":"x"},"list":[{"k":1},{"k":2,"k":3}]}"#,
            expected: .duplicateKey(keyPath: "list[1].k")),
    ]

    @Test("the same key in different objects is not a duplicate")
    func sameKeyInDifferentObjects() throws {
        let payload = try NotificationPayload(
            parsing:
                #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"x":{"title":"t"},"t":"\"title\""}"#)
        #expect(payload.alert.title == "t")
    }

    @Test("rejects", arguments: bad)
    func rejects(_ example: Bad) {
        #expect(throws: example.expected) { try NotificationPayload(parsing: example.json) }
    }

    @Test("not JSON carries Foundation's reason", arguments: ["", "{", "{\"aps\":}", "{\"a\":1}x", "\u{FF}"])
    func notJSON(_ text: String) throws {
        let error = try #require(throws: PayloadError.self) { try NotificationPayload(parsing: text) }
        guard case .notJSON(let reason) = error else {
            Issue.record("expected notJSON, got \(error)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(error.description.hasPrefix("the payload is not valid JSON: "))
    }

    @Test("messages name the key path, the expected type and what was found")
    func messages() {
        let error = PayloadError.wrongType(keyPath: "aps.badge", expected: "an integer", found: .string("3"))
        #expect(error.description == #"aps.badge must be an integer, found "3" (a string)"#)
        #expect(PayloadError.tooLarge(byteCount: 4097).description.contains("APNs rejects payloads over 4096 bytes"))
        #expect(PayloadError.invalidMediaURL("ftp://h/a.jpg").description.contains("\"ftp://h/a.jpg\""))
    }

    @Test("the 4096-byte limit: exactly 4096 is accepted, 4097 is too large")
    func sizeLimit() throws {
        let skeleton = #"{"aps":{"alert":"x","mutable-content":1},"pad":""}"#
        let padding = String(repeating: "a", count: 4096 - skeleton.utf8.count)
        let atLimit = skeleton.replacingOccurrences(of: #""pad":"""#, with: #""pad":""# + padding + "\"")
        #expect(atLimit.utf8.count == 4096)
        let payload = try NotificationPayload(parsing: atLimit)
        #expect(payload.byteCount == 4096)
        let overLimit = atLimit.replacingOccurrences(of: #""pad":""#, with: #""pad":"a"#)
        #expect(overLimit.utf8.count == 4097)
        #expect(throws: PayloadError.tooLarge(byteCount: 4097)) { try NotificationPayload(parsing: overLimit) }
    }

    @Test("the limit counts UTF-8 bytes, not characters")
    func sizeLimitCountsBytes() {
        let text = #"{"aps":{"alert":""# + String(repeating: "é", count: 2100) + #""}}"#
        #expect(text.count < 4096)
        #expect(throws: PayloadError.tooLarge(byteCount: text.utf8.count)) { try NotificationPayload(parsing: text) }
    }

    @Test("enrichments requested follow encrypted_data and media_url")
    func enrichments() throws {
        let plain = try NotificationPayload(parsing: #"{"aps":{"alert":"x","mutable-content":1}}"#)
        #expect(plain.enrichmentsRequested == [])
        let both = try NotificationPayload(
            parsing: #"{"aps":{"alert":"x","mutable-content":1},"encrypted_data":"A","media_url":"http://h/a.png"}"#)
        #expect(both.enrichmentsRequested == [.decryptedText, .attachment])
        #expect(both.enrichmentsRequested.description == "decrypted-text+attachment")
        #expect(!both.enrichmentsRequested.isSubset(of: [.decryptedText]))
    }
}
