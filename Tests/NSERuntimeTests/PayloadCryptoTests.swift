import NSEBenchCore
import NSEBenchSystem
import Testing

@testable import NSERuntime

/// Sealing title and body into `encrypted_data` and reading them back.
@Suite("Payload crypto")
struct PayloadCryptoTests {
    static let key = [UInt8](0..<32)
    static let text = NotificationText(title: "Your order has shipped", body: "Order #48213 arrives Thursday \"by 9\"")

    @Test("seal then open gives the text back")
    func roundTrip() throws {
        var generator = Xoshiro256StarStar(seed: 1)
        let sealed = try PayloadCrypto.seal(Self.text, key: Self.key, using: &generator)
        #expect(try PayloadCrypto.open(sealed, key: Self.key) == Self.text)
    }

    @Test("the nonce comes from the generator, so the same seed gives the same field")
    func seededNonce() throws {
        var first = Xoshiro256StarStar(seed: 9)
        var second = Xoshiro256StarStar(seed: 9)
        var other = Xoshiro256StarStar(seed: 10)
        let a = try PayloadCrypto.seal(Self.text, key: Self.key, using: &first)
        #expect(try PayloadCrypto.seal(Self.text, key: Self.key, using: &second) == a)
        #expect(try PayloadCrypto.seal(Self.text, key: Self.key, using: &other) != a)
        var nonceSource = Xoshiro256StarStar(seed: 9)
        let nonce = PayloadCrypto.nonce(using: &nonceSource)
        #expect(nonce.count == 12)
        #expect(Array(Base64.decode(a)!.prefix(12)) == nonce)
    }

    @Test("the plaintext is compact JSON with title and body")
    func plaintextForm() {
        let plaintext = PayloadCrypto.plaintext(of: NotificationText(title: "A", body: "B"))
        #expect(String(decoding: plaintext, as: UTF8.self) == #"{"body":"B","title":"A"}"#)
    }

    @Test("a wrong key fails authentication")
    func wrongKey() throws {
        let sealed = try PayloadCrypto.seal(Self.text, key: Self.key, nonce: [UInt8](repeating: 1, count: 12))
        let otherKey = [UInt8](repeating: 7, count: 32)
        #expect(throws: PayloadDecryptionError.crypto(.authenticationFailed)) {
            try PayloadCrypto.open(sealed, key: otherKey)
        }
    }

    struct BadPlaintext: Sendable, CustomTestStringConvertible {
        let plaintext: String
        let expected: PayloadDecryptionError
        var testDescription: String { plaintext }
    }

    static let badPlaintexts: [BadPlaintext] = [
        BadPlaintext(
            plaintext: #"["title","body"]"#,
            expected: .plaintextNotObject(found: .array([.string("title"), .string("body")]))),
        BadPlaintext(plaintext: #"{"body":"B"}"#, expected: .plaintextField("title", found: nil)),
        BadPlaintext(plaintext: #"{"title":"A"}"#, expected: .plaintextField("body", found: nil)),
        BadPlaintext(plaintext: #"{"title":1,"body":"B"}"#, expected: .plaintextField("title", found: .integer(1))),
        BadPlaintext(plaintext: #"{"title":"A","body":null}"#, expected: .plaintextField("body", found: .null)),
    ]

    @Test("a plaintext that is not {title, body} is a typed error", arguments: badPlaintexts)
    func badPlaintext(_ example: BadPlaintext) throws {
        let sealed = try EncryptedData.seal(
            Array(example.plaintext.utf8), key: Self.key, nonce: [UInt8](repeating: 0, count: 12))
        #expect(throws: example.expected) { try PayloadCrypto.open(sealed, key: Self.key) }
    }

    @Test("a plaintext that is not JSON carries Foundation's reason")
    func plaintextNotJSON() throws {
        let sealed = try EncryptedData.seal(
            Array("title=A".utf8), key: Self.key, nonce: [UInt8](repeating: 0, count: 12))
        let error = try #require(throws: PayloadDecryptionError.self) { try PayloadCrypto.open(sealed, key: Self.key) }
        guard case .plaintextNotJSON(let reason) = error else {
            Issue.record("expected plaintextNotJSON, got \(error)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(error.description.contains(#"expected {"title":"…","body":"…"}"#))
    }

    @Test("extra plaintext keys are ignored")
    func extraKeys() throws {
        let plaintext = #"{"title":"A","body":"B","subtitle":"C"}"#
        let sealed = try EncryptedData.seal(
            Array(plaintext.utf8), key: Self.key, nonce: [UInt8](repeating: 0, count: 12))
        #expect(try PayloadCrypto.open(sealed, key: Self.key) == NotificationText(title: "A", body: "B"))
    }
}
