import Testing

@testable import NSEBenchCore

@Suite("Strict base64")
struct Base64Tests {
    /// RFC 4648 section 10 test vectors.
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfcVectors(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test func allByteValuesRoundTrip() {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
    }

    @Test(arguments: ["====", "Zg=", "Zg", "Z===", "Zh==", "Zm9=v", "Zm 9v", "Zm9v\n", "Zm-v", "=Zm9", "Zg==Zg=="])
    func malformedInputIsRejected(text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
