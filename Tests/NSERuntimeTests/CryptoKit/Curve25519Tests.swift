// CryptoKit's Curve25519 on Linux: RFC 7748's X25519 and RFC 8032's Ed25519 vectors, round trips, refused input.
import CryptoKit
import Foundation
import Testing

/// X25519 key agreement and Ed25519 signatures against their RFCs' published vectors.
@Suite("CryptoKit: Curve25519")
struct Curve25519Tests {
    // RFC 7748 §6.1.
    static let alicePrivate = Vector.hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
    static let alicePublic = Vector.hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
    static let bobPrivate = Vector.hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
    static let bobPublic = Vector.hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
    static let shared = Vector.hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")

    /// RFC 8032 §7.1's TEST 1 (the empty message) and TEST 2 (one byte, 0x72).
    static let ed25519Tests: [(secret: [UInt8], public: [UInt8], message: [UInt8], signature: [UInt8])] = [
        (
            Vector.hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"),
            Vector.hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"), [],
            Vector.hex(
                "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                    + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
        ),
        (
            Vector.hex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"),
            Vector.hex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"), [0x72],
            Vector.hex(
                "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                    + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")
        ),
    ]

    @Test("RFC 7748 §6.1: Alice's and Bob's public keys and their shared secret")
    func rfc7748() throws {
        let alice = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: Self.alicePrivate)
        let bob = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: Self.bobPrivate)
        #expect(Array(alice.publicKey.rawRepresentation) == Self.alicePublic)
        #expect(Array(bob.publicKey.rawRepresentation) == Self.bobPublic)
        #expect(Array(alice.rawRepresentation) == Self.alicePrivate)
        let aliceSide = try alice.sharedSecretFromKeyAgreement(
            with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: Self.bobPublic))
        let bobSide = try bob.sharedSecretFromKeyAgreement(
            with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: Self.alicePublic))
        #expect(aliceSide == Self.shared)
        #expect(bobSide == Self.shared)
    }

    @Test("generated X25519 keys are clamped, agree, and read back from their bytes")
    func x25519Generated() throws {
        let one = Curve25519.KeyAgreement.PrivateKey()
        let other = Curve25519.KeyAgreement.PrivateKey()
        let raw = Array(one.rawRepresentation)
        #expect(raw.count == 32)
        #expect(raw[0] & 0x07 == 0 && raw[31] & 0x80 == 0 && raw[31] & 0x40 != 0)
        #expect(
            try one.sharedSecretFromKeyAgreement(with: other.publicKey)
                == other.sharedSecretFromKeyAgreement(with: one.publicKey))
        let again = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: one.rawRepresentation)
        #expect(again.publicKey.rawRepresentation == one.publicKey.rawRepresentation)
        let derived = try one.sharedSecretFromKeyAgreement(with: other.publicKey).hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: Data(), sharedInfo: Data("info".utf8), outputByteCount: 32)
        #expect(derived.bitCount == 256)
    }

    @Test("RFC 8032 §7.1 TEST 1 and 2: public keys and signatures; a flipped bit or other message fails")
    func rfc8032() throws {
        for test in Self.ed25519Tests {
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: test.secret)
            #expect(Array(key.publicKey.rawRepresentation) == test.public)
            #expect(Array(try key.signature(for: test.message)) == test.signature)

            let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: test.public)
            #expect(publicKey.isValidSignature(test.signature, for: test.message))
            var flipped = test.signature
            flipped[5] ^= 0x20
            #expect(!publicKey.isValidSignature(flipped, for: test.message))
            #expect(!publicKey.isValidSignature(test.signature, for: test.message + [0]))
            #expect(!publicKey.isValidSignature(test.signature.dropLast(), for: test.message))
        }
    }

    @Test("generated Ed25519 keys sign, verify, and read back from their bytes")
    func ed25519Generated() throws {
        let key = Curve25519.Signing.PrivateKey()
        let message = Data("When I grow up, I want to be a watermelon".utf8)
        let signature = try key.signature(for: message)
        #expect(signature.count == 64)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!Curve25519.Signing.PrivateKey().publicKey.isValidSignature(signature, for: message))
        let again = try Curve25519.Signing.PrivateKey(rawRepresentation: key.rawRepresentation)
        #expect(again.publicKey.rawRepresentation == key.publicKey.rawRepresentation)
        let publicAgain = try Curve25519.Signing.PublicKey(rawRepresentation: key.publicKey.rawRepresentation)
        #expect(publicAgain.isValidSignature(signature, for: message))
    }

    @Test("keys of the wrong length throw incorrectKeySize; a small-order X25519 point agrees all zeros")
    func invalidInput() throws {
        for count in [0, 31, 33] {
            let bytes = [UInt8](repeating: 9, count: count)
            #expect(throws: CryptoKitError.incorrectKeySize) {
                try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: bytes)
            }
            #expect(throws: CryptoKitError.incorrectKeySize) {
                try Curve25519.KeyAgreement.PublicKey(rawRepresentation: bytes)
            }
            #expect(throws: CryptoKitError.incorrectKeySize) {
                try Curve25519.Signing.PrivateKey(rawRepresentation: bytes)
            }
            #expect(throws: CryptoKitError.incorrectKeySize) {
                try Curve25519.Signing.PublicKey(rawRepresentation: bytes)
            }
        }
        // u = 0 has order 4: the secret is all zeros, which Apple's CryptoKit returns (OpenSSL refuses it).
        let zeros = try Curve25519.KeyAgreement.PrivateKey().sharedSecretFromKeyAgreement(
            with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: [UInt8](repeating: 0, count: 32)))
        #expect(zeros == Data(count: 32))
    }
}
