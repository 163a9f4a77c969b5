import Foundation
import Testing

@testable import NSEBenchSystem

/// AES-256-GCM against the published test vectors and every malformed input.
@Suite("AES-256-GCM")
struct AESGCMTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: String
        let nonce: String
        let plaintext: String
        let additionalData: String
        let ciphertext: String
        let tag: String
        var testDescription: String { name }
    }

    /// McGrew & Viega, "The Galois/Counter Mode of Operation", test cases 13-16 (AES-256), as
    /// published with NIST SP 800-38D's validation material.
    static let vectors: [Vector] = [
        Vector(
            name: "test case 13: empty plaintext, zero key",
            key: String(repeating: "00", count: 32), nonce: String(repeating: "00", count: 12),
            plaintext: "", additionalData: "", ciphertext: "", tag: "530f8afbc74536b9a963b4f1c4cb738b"),
        Vector(
            name: "test case 14: one zero block",
            key: String(repeating: "00", count: 32), nonce: String(repeating: "00", count: 12),
            plaintext: "00000000000000000000000000000000", additionalData: "",
            ciphertext: "cea7403d4d606b6e074ec5d3baf39d18", tag: "d0d1c8a799996bf0265b98b5d48ab919"),
        Vector(
            name: "test case 15: four blocks",
            key: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
            nonce: "cafebabefacedbaddecaf888",
            plaintext: "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
            additionalData: "",
            ciphertext: "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
            tag: "b094dac5d93471bdec1a502270e3cc6c"),
        Vector(
            name: "test case 16: partial block with additional data",
            key: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
            nonce: "cafebabefacedbaddecaf888",
            plaintext: "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
            additionalData: "feedfacedeadbeeffeedfacedeadbeefabaddad2",
            ciphertext: "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
            tag: "76fc6ece0f4e1768cddf8853bb2d551b"),
    ]

    @Test("seal matches the published vector", arguments: vectors)
    func sealMatchesVector(_ vector: Vector) throws {
        let sealed = try AESGCM.seal(
            hex(vector.plaintext), key: hex(vector.key), nonce: hex(vector.nonce),
            authenticating: hex(vector.additionalData))
        #expect(sealed.ciphertext == hex(vector.ciphertext))
        #expect(sealed.tag == hex(vector.tag))
    }

    @Test("open recovers the published plaintext", arguments: vectors)
    func openMatchesVector(_ vector: Vector) throws {
        let opened = try AESGCM.open(
            hex(vector.ciphertext), tag: hex(vector.tag), key: hex(vector.key), nonce: hex(vector.nonce),
            authenticating: hex(vector.additionalData))
        #expect(opened == hex(vector.plaintext))
    }

    @Test func encryptedDataRoundTrips() throws {
        let key = try AESGCM.randomBytes(32)
        let plaintext = Array(#"{"title":"Sale","body":"50% off"}"#.utf8)
        let encoded = try EncryptedData.seal(plaintext, key: key)
        #expect(try EncryptedData.open(encoded, key: key) == plaintext)
        let decoded = try #require(Data(base64Encoded: encoded))
        #expect(decoded.count == 12 + plaintext.count + 16)
    }

    @Test func fixedNonceGivesTheWireLayout() throws {
        let vector = Self.vectors[2]
        let encoded = try EncryptedData.seal(hex(vector.plaintext), key: hex(vector.key), nonce: hex(vector.nonce))
        let expected = Data(hex(vector.nonce) + hex(vector.ciphertext) + hex(vector.tag)).base64EncodedString()
        #expect(encoded == expected)
    }

    @Test func tamperedTagIsAuthenticationFailure() throws {
        let key = try AESGCM.randomBytes(32)
        var bytes = [UInt8](try #require(Data(base64Encoded: try EncryptedData.seal(Array("hello".utf8), key: key))))
        bytes[bytes.count - 1] ^= 0x01
        #expect(throws: CryptoError.authenticationFailed) {
            try EncryptedData.open(Data(bytes).base64EncodedString(), key: key)
        }
    }

    @Test func tamperedCiphertextIsAuthenticationFailure() throws {
        let key = try AESGCM.randomBytes(32)
        var bytes = [UInt8](try #require(Data(base64Encoded: try EncryptedData.seal(Array("hello".utf8), key: key))))
        bytes[12] ^= 0x80
        #expect(throws: CryptoError.authenticationFailed) {
            try EncryptedData.open(Data(bytes).base64EncodedString(), key: key)
        }
    }

    @Test func wrongKeyIsAuthenticationFailure() throws {
        let encoded = try EncryptedData.seal(Array("hello".utf8), key: try AESGCM.randomBytes(32))
        #expect(throws: CryptoError.authenticationFailed) {
            try EncryptedData.open(encoded, key: try AESGCM.randomBytes(32))
        }
    }

    @Test(arguments: [0, 1, 12, 27])
    func truncatedInputNamesItsLength(byteCount: Int) {
        let encoded = Data(repeating: 7, count: byteCount).base64EncodedString()
        #expect(throws: CryptoError.truncated(byteCount: byteCount)) {
            try EncryptedData.open(encoded, key: Array(repeating: 1, count: 32))
        }
    }

    @Test func emptyPlaintextIsTheShortestValidInput() throws {
        let key = Array(repeating: UInt8(3), count: 32)
        let encoded = try EncryptedData.seal([], key: key)
        #expect(try EncryptedData.open(encoded, key: key) == [])
    }

    @Test(arguments: ["not base64!", "abc", "====", "ab\u{0}c"])
    func badBase64IsTypedError(text: String) {
        #expect(throws: CryptoError.invalidBase64(text)) {
            try EncryptedData.open(text, key: Array(repeating: 1, count: 32))
        }
    }

    @Test func wrongKeyLengthIsRejected() {
        #expect(throws: CryptoError.invalidKeyLength(16)) {
            try AESGCM.seal([1], key: Array(repeating: 0, count: 16), nonce: Array(repeating: 0, count: 12))
        }
    }

    @Test func wrongNonceLengthIsRejected() {
        #expect(throws: CryptoError.invalidNonceLength(8)) {
            try AESGCM.seal([1], key: Array(repeating: 0, count: 32), nonce: Array(repeating: 0, count: 8))
        }
    }

    @Test func wrongTagLengthIsRejected() {
        #expect(throws: CryptoError.invalidTagLength(4)) {
            try AESGCM.open(
                [1], tag: [1, 2, 3, 4], key: Array(repeating: 0, count: 32), nonce: Array(repeating: 0, count: 12))
        }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(CryptoError.truncated(byteCount: 5).description.contains("5 bytes"))
        #expect(CryptoError.invalidBase64("xyz").description.contains("\"xyz\""))
    }
}

/// Bytes from a hex string; the vectors above are all well-formed.
func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
        index = next
    }
    return bytes
}
