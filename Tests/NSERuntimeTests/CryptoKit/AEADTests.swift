import CryptoKit
import Foundation
import Testing

/// AES-GCM with each of AES's key sizes, and ChaChaPoly, give the published vectors' bytes and refuse what
/// Apple's refuse.
@Suite("CryptoKit: AES-GCM and ChaChaPoly")
struct AEADTests {
    @Test("AES-128-GCM is the GCM specification's test case 3, both ways")
    func aes128() throws {
        let key = SymmetricKey(data: Vector.hex("feffe9928665731c6d6a8f9467308308"))
        let nonce = try AES.GCM.Nonce(data: Vector.hex("cafebabefacedbaddecaf888"))
        let plaintext = Vector.hex(
            "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")
        let box = try AES.GCM.seal(plaintext, using: key, nonce: nonce)
        #expect(
            Vector.text(box.ciphertext)
                == "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
                + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985")
        #expect(Vector.text(box.tag) == "4d5c2af327cd64a62cf35abd2ba6fab4")
        let reopened = try AES.GCM.SealedBox(combined: try #require(box.combined))
        #expect(Array(try AES.GCM.open(reopened, using: key)) == plaintext)
    }

    @Test("192- and 256-bit keys round-trip with authenticated data; the wrong data or key fails authentication")
    func sizes() throws {
        for size in [SymmetricKeySize.bits128, .bits192, .bits256] {
            let key = SymmetricKey(size: size)
            let box = try AES.GCM.seal(Data("hello".utf8), using: key, authenticating: Data("header".utf8))
            #expect(try AES.GCM.open(box, using: key, authenticating: Data("header".utf8)) == Data("hello".utf8))
            #expect(throws: CryptoKitError.authenticationFailure) {
                try AES.GCM.open(box, using: key, authenticating: Data("other".utf8))
            }
            #expect(throws: CryptoKitError.authenticationFailure) {
                try AES.GCM.open(box, using: SymmetricKey(size: size), authenticating: Data("header".utf8))
            }
        }
    }

    @Test("bad input: a 20-byte key, an 11-byte nonce, a short box, a 15-byte tag")
    func badInput() throws {
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try AES.GCM.seal([1], using: SymmetricKey(data: [UInt8](repeating: 0, count: 20)))
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try AES.GCM.Nonce(data: [UInt8](repeating: 0, count: 11))
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try AES.GCM.SealedBox(combined: [UInt8](repeating: 0, count: 27))
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(), ciphertext: [1], tag: [UInt8](repeating: 0, count: 15))
        }
        let long = try AES.GCM.Nonce(data: [UInt8](repeating: 7, count: 16))
        let key = SymmetricKey(size: .bits128)
        let box = try AES.GCM.seal([1, 2, 3], using: key, nonce: long)
        #expect(box.combined == nil, "a box with a nonce other than 12 bytes has no combined form, as CryptoKit's")
        let longest = try AES.GCM.Nonce(data: [UInt8](repeating: 7, count: 128))
        #expect(Array(try AES.GCM.open(AES.GCM.seal([4], using: key, nonce: longest), using: key)) == [4])
        #expect(throws: CryptoKitError.incorrectParameterSize, "OpenSSL's limit: 128 bytes") {
            try AES.GCM.seal([4], using: key, nonce: AES.GCM.Nonce(data: [UInt8](repeating: 7, count: 129)))
        }
        #expect(Array(try AES.GCM.open(box, using: key)) == [1, 2, 3])
    }

    @Test("ChaChaPoly is RFC 8439 §2.8.2's; a flipped bit fails; a nonce of 16 bytes is refused")
    func chaChaPoly() throws {
        let key = SymmetricKey(data: Array(UInt8(0x80)...UInt8(0x9F)))
        let nonce = try ChaChaPoly.Nonce(data: Vector.hex("070000004041424344454647"))
        let aad = Vector.hex("50515253c0c1c2c3c4c5c6c7")
        let plaintext = Data(
            "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
                .utf8)
        let box = try ChaChaPoly.seal(plaintext, using: key, nonce: nonce, authenticating: aad)
        #expect(Vector.text(box.ciphertext.prefix(16)) == "d31a8d34648e60db7b86afbc53ef7ec2")
        #expect(Vector.text(box.tag) == "1ae10b594f09e26a7e902ecbd0600691")
        #expect(
            try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: box.combined), using: key, authenticating: aad)
                == plaintext)
        var flipped = box.combined
        flipped[20] ^= 1
        #expect(throws: CryptoKitError.authenticationFailure) {
            try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: flipped), using: key, authenticating: aad)
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try ChaChaPoly.Nonce(data: [UInt8](repeating: 0, count: 16))
        }
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try ChaChaPoly.seal([1], using: SymmetricKey(size: .bits128))
        }
    }
}
