// CryptoKit's P256 on Linux: published ECDH and ECDSA vectors, every key representation, and refused input.
import CryptoKit
import Foundation
import Testing

/// P-256 key agreement and signatures against RFC 5903, RFC 8291 and RFC 6979, and the representations Apple's
/// API reads and writes.
@Suite("CryptoKit: P256")
struct P256Tests {
    // RFC 5903 §8.1: the 256-bit random ECP group's exchange.
    static let i = Vector.hex("C88F01F5 10D9AC3F 70A292DA A2316DE5 44E9AAB8 AFE84049 C62A9C57 862D1433")
    static let gi = Vector.hex(
        "04 DAD0B653 94221CF9 B051E1FE CA5787D0 98DFE637 FC90B9EF 945D0C37 72581180"
            + "5271A046 1CDB8252 D61F1C45 6FA3E59A B1F45B33 ACCF5F58 389E0577 B8990BB3")
    static let r = Vector.hex("C6EF9C5D 78AE012A 011164AC B397CE20 88685D8F 06BF9BE0 B283AB46 476BEE53")
    static let gr = Vector.hex(
        "04 D12DFB52 89C8D4F8 1208B702 70398C34 2296970A 0BCCB74C 736FC755 4494BF63"
            + "56FBF3CA 366CC23E 8157854C 13C58D6A AC23F046 ADA30F83 53E74F33 039872AB")
    static let gir = Vector.hex("D6840F6B 42F6EDAF D13116E0 E1256520 2FEF8E9E CE7DCE03 812464D0 4B9442DE")

    // RFC 6979 A.2.5: the P-256 key, and its SHA-256 signature of "sample".
    static let signingScalar = Vector.hex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721")
    static let signingX = Vector.hex("60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6")
    static let signingY = Vector.hex("7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299")
    static let sampleSignature = Vector.hex(
        "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
            + "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8")

    /// SubjectPublicKeyInfo's prefix for a P-256 key (id-ecPublicKey, prime256v1, a 66-byte BIT STRING).
    static let spkiPrefix = Vector.hex("3059301306072a8648ce3d020106082a8648ce3d030107034200")

    @Test("RFC 5903 §8.1: each side's public key and the shared x coordinate")
    func rfc5903() throws {
        let initiator = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.i)
        let responder = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.r)
        #expect(Array(initiator.publicKey.x963Representation) == Self.gi)
        #expect(Array(responder.publicKey.x963Representation) == Self.gr)
        let one = try initiator.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(x963Representation: Self.gr))
        let other = try responder.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(rawRepresentation: Self.gi.dropFirst()))
        #expect(one == Self.gir)
        #expect(one == other)
    }

    @Test("RFC 8291's Web Push example: the user agent's key and the ECDH secret")
    func rfc8291() throws {
        let userAgent = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: Vector.base64URL("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"))
        #expect(
            Array(userAgent.publicKey.x963Representation)
                == Vector.base64URL(
                    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"))
        let server = try P256.KeyAgreement.PublicKey(
            x963Representation: Vector.base64URL(
                "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"))
        let secret = try userAgent.sharedSecretFromKeyAgreement(with: server)
        #expect(secret == Vector.base64URL("kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs"))
    }

    @Test("RFC 6979 A.2.5: the public key, and its signature of \"sample\" verifies; a flipped bit does not")
    func rfc6979() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: Self.signingScalar)
        #expect(Array(key.publicKey.rawRepresentation) == Self.signingX + Self.signingY)
        let publicKey = try P256.Signing.PublicKey(rawRepresentation: Self.signingX + Self.signingY)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Self.sampleSignature)
        #expect(publicKey.isValidSignature(signature, for: Data("sample".utf8)))
        #expect(publicKey.isValidSignature(signature, for: SHA256.hash(data: Data("sample".utf8))))
        #expect(!publicKey.isValidSignature(signature, for: Data("samplf".utf8)))

        var flipped = Self.sampleSignature
        flipped[40] ^= 0x01
        #expect(
            !publicKey.isValidSignature(
                try P256.Signing.ECDSASignature(rawRepresentation: flipped), for: Data("sample".utf8)))

        // DER: SEQUENCE { INTEGER 00 ‖ r, INTEGER 00 ‖ s } (both have the top bit set).
        let der =
            Vector.hex("3046022100") + Self.sampleSignature.prefix(32) + Vector.hex("022100")
            + Self.sampleSignature.suffix(32)
        #expect(Array(signature.derRepresentation) == der)
        #expect(
            Array(try P256.Signing.ECDSASignature(derRepresentation: der).rawRepresentation) == Self.sampleSignature)
    }

    @Test("signatures are randomised, verify, and fail under another key")
    func signAndVerify() throws {
        let key = P256.Signing.PrivateKey()
        let message = Data("When I grow up, I want to be a watermelon".utf8)
        let first = try key.signature(for: message)
        let second = try key.signature(for: message)
        #expect(first.rawRepresentation != second.rawRepresentation)
        #expect(key.publicKey.isValidSignature(first, for: message))
        #expect(key.publicKey.isValidSignature(second, for: message))
        #expect(!P256.Signing.PrivateKey().publicKey.isValidSignature(first, for: message))

        let digest = SHA384.hash(data: message)
        let ofDigest = try key.signature(for: digest)
        #expect(key.publicKey.isValidSignature(ofDigest, for: digest))
        #expect(!key.publicKey.isValidSignature(ofDigest, for: message))
        let again = try P256.Signing.ECDSASignature(derRepresentation: ofDigest.derRepresentation)
        #expect(again.rawRepresentation == ofDigest.rawRepresentation)
    }

    @Test("a generated key pair's every representation reads back as the same key")
    func representationsRoundTrip() throws {
        let key = P256.KeyAgreement.PrivateKey()
        let publicKey = key.publicKey
        let x963 = publicKey.x963Representation
        #expect(x963.count == 65 && x963.first == 0x04)
        #expect(publicKey.rawRepresentation == x963.dropFirst())
        #expect(publicKey.compressedRepresentation.count == 33)
        #expect(publicKey.compressedRepresentation.dropFirst() == x963[1...32])
        let compact = try #require(publicKey.compactRepresentation, "init() makes compact-representable keys")
        #expect(compact == x963[1...32])
        #expect(Array(publicKey.derRepresentation) == Self.spkiPrefix + Array(x963))

        let readers: [(String, () throws -> P256.KeyAgreement.PublicKey)] = [
            ("raw", { try .init(rawRepresentation: publicKey.rawRepresentation) }),
            ("x963", { try .init(x963Representation: x963) }),
            ("compressed", { try .init(compressedRepresentation: publicKey.compressedRepresentation) }),
            ("compact", { try .init(compactRepresentation: compact) }),
            ("der", { try .init(derRepresentation: publicKey.derRepresentation) }),
            ("pem", { try .init(pemRepresentation: publicKey.pemRepresentation) }),
        ]
        for (name, read) in readers {
            #expect(try read().x963Representation == x963, "\(name)")
        }

        let pem = publicKey.pemRepresentation
        #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----\n") && pem.hasSuffix("\n-----END PUBLIC KEY-----"))

        #expect(key.rawRepresentation.count == 32)
        #expect(key.x963Representation == x963 + key.rawRepresentation)
        let privatePEM = key.pemRepresentation
        #expect(
            privatePEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n") && privatePEM.hasSuffix("\n-----END PRIVATE KEY-----")
        )
        let privateReaders: [(String, () throws -> P256.KeyAgreement.PrivateKey)] = [
            ("raw", { try .init(rawRepresentation: key.rawRepresentation) }),
            ("x963", { try .init(x963Representation: key.x963Representation) }),
            ("der", { try .init(derRepresentation: key.derRepresentation) }),
            ("pem", { try .init(pemRepresentation: privatePEM) }),
        ]
        for (name, read) in privateReaders {
            let again = try read()
            #expect(again.rawRepresentation == key.rawRepresentation, "\(name)")
            #expect(again.publicKey.x963Representation == x963, "\(name)")
        }

        let signing = P256.Signing.PrivateKey(compactRepresentable: false)
        let signingAgain = try P256.Signing.PrivateKey(pemRepresentation: signing.pemRepresentation)
        #expect(signingAgain.rawRepresentation == signing.rawRepresentation)
        let signingPublic = try P256.Signing.PublicKey(derRepresentation: signing.publicKey.derRepresentation)
        #expect(signingPublic.compressedRepresentation == signing.publicKey.compressedRepresentation)
    }

    @Test("init() keys are compact-representable (half are, before n − k replaces k), and read back from x alone")
    func compactKeys() throws {
        for _ in 0..<16 {
            let key = P256.KeyAgreement.PrivateKey()
            let compact = try #require(key.publicKey.compactRepresentation)
            let again = try P256.KeyAgreement.PublicKey(compactRepresentation: compact)
            #expect(again.x963Representation == key.publicKey.x963Representation)
            let other = P256.KeyAgreement.PrivateKey()
            #expect(
                try key.sharedSecretFromKeyAgreement(with: other.publicKey)
                    == other.sharedSecretFromKeyAgreement(with: again))
        }
    }

    @Test("PKCS #8 output has Apple's layout; SEC 1 input, DER or PEM, is read")
    func privateKeyEncodings() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: Self.signingScalar)
        let point = [0x04] + Self.signingX + Self.signingY
        let pkcs8 =
            Vector.hex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420") + Self.signingScalar
            + Vector.hex("a144034200") + point
        #expect(Array(key.derRepresentation) == pkcs8)

        // SEC 1 ECPrivateKey with the curve and no public key: the point is computed.
        let sec1 =
            Vector.hex("30310201010420") + Self.signingScalar + Vector.hex("a00a06082a8648ce3d030107")
        let fromDER = try P256.Signing.PrivateKey(derRepresentation: sec1)
        #expect(Array(fromDER.publicKey.x963Representation) == point)
        let pem = "-----BEGIN EC PRIVATE KEY-----\n\(Data(sec1).base64EncodedString())\n-----END EC PRIVATE KEY-----\n"
        #expect(Array(try P256.KeyAgreement.PrivateKey(pemRepresentation: pem).rawRepresentation) == Self.signingScalar)
    }

    @Test("the compressed representation carries y's parity, and reads back")
    func compressed() throws {
        let publicKey = try P256.Signing.PublicKey(rawRepresentation: Self.signingX + Self.signingY)
        #expect(Array(publicKey.compressedRepresentation) == [0x03] + Self.signingX)  // y ends in 0x99: odd
        let again = try P256.Signing.PublicKey(compressedRepresentation: publicKey.compressedRepresentation)
        #expect(Array(again.rawRepresentation) == Self.signingX + Self.signingY)

        // A SubjectPublicKeyInfo may carry the point compressed; the key reads it and writes it uncompressed.
        let compressedSPKI =
            Vector.hex("3039301306072a8648ce3d020106082a8648ce3d030107032200")
            + Array(publicKey.compressedRepresentation)
        let fromDER = try P256.Signing.PublicKey(derRepresentation: compressedSPKI)
        #expect(fromDER.derRepresentation == publicKey.derRepresentation)
    }

    @Test("wrong lengths throw incorrectParameterSize; a wrong first byte incorrectKeySize")
    func wrongSizes() {
        let point = [0x04] + Self.signingX + Self.signingY
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.KeyAgreement.PublicKey(rawRepresentation: point.dropFirst(2))
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.KeyAgreement.PublicKey(x963Representation: point.dropLast())
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.KeyAgreement.PublicKey(x963Representation: [0x03] + Self.signingX)
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.KeyAgreement.PublicKey(compactRepresentation: Self.signingX + [0])
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.Signing.PrivateKey(rawRepresentation: Self.signingScalar.dropLast())
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.Signing.PrivateKey(x963Representation: point)
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.Signing.ECDSASignature(rawRepresentation: Self.sampleSignature.dropLast())
        }
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try P256.KeyAgreement.PublicKey(x963Representation: [0x05] + point.dropFirst())
        }
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try P256.KeyAgreement.PublicKey(compressedRepresentation: [0x04] + Self.signingX)
        }
    }

    @Test("a point off the curve or an out-of-range scalar is the library's refusal; a mismatched x9.63 key invalid")
    func invalidKeys() {
        var offCurve = [0x04] + Self.signingX + Self.signingY
        offCurve[64] ^= 0x01
        #expect(throws: CryptoKitError.underlyingCoreCryptoError(error: -1)) {
            try P256.KeyAgreement.PublicKey(x963Representation: offCurve)
        }
        #expect(throws: CryptoKitError.underlyingCoreCryptoError(error: -1)) {
            try P256.Signing.PublicKey(rawRepresentation: offCurve.dropFirst())
        }
        let all0xFF = [UInt8](repeating: 0xFF, count: 32)  // x ≥ p
        #expect(throws: CryptoKitError.underlyingCoreCryptoError(error: -1)) {
            try P256.KeyAgreement.PublicKey(compressedRepresentation: [0x02] + all0xFF)
        }
        #expect(throws: CryptoKitError.underlyingCoreCryptoError(error: -1)) {
            try P256.KeyAgreement.PublicKey(compactRepresentation: all0xFF)
        }

        let order = Vector.hex("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")
        for scalar in [[UInt8](repeating: 0, count: 32), order, all0xFF] {
            #expect(throws: CryptoKitError.underlyingCoreCryptoError(error: -1)) {
                try P256.KeyAgreement.PrivateKey(rawRepresentation: scalar)
            }
        }
        let otherPoint = Array(P256.Signing.PrivateKey().publicKey.x963Representation)
        #expect(throws: CryptoKitError.invalidParameter) {
            try P256.Signing.PrivateKey(x963Representation: otherPoint + Self.signingScalar)
        }
    }

    @Test("garbage, truncated, trailing or foreign DER and PEM throw CryptoKit's ASN.1 errors")
    func invalidEncodings() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: Self.signingScalar)
        let spki = Array(key.publicKey.derRepresentation)
        let pkcs8 = Array(key.derRepresentation)
        let garbage: [[UInt8]] = [[], [0x30, 0x03, 0x02, 0x01], Array("not DER".utf8)]
        for der in garbage + [Array(spki.dropLast()), spki + [0]] {
            #expect(throws: CryptoKitASN1Error.invalidASN1Object) { try P256.Signing.PublicKey(derRepresentation: der) }
        }
        for der in garbage + [Array(pkcs8.dropLast()), pkcs8 + [0], spki] {
            #expect(throws: CryptoKitASN1Error.invalidASN1Object) {
                try P256.Signing.PrivateKey(derRepresentation: der)
            }
        }
        // An Ed25519 key (RFC 8410) and a P-384 key are not P-256 keys.
        let ed25519 = Vector.hex("302a300506032b6570032100") + [UInt8](repeating: 7, count: 32)
        #expect(throws: CryptoKitASN1Error.invalidASN1Object) { try P256.Signing.PublicKey(derRepresentation: ed25519) }
        let p384 = """
            -----BEGIN PUBLIC KEY-----
            MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEYlbYkTTCT3Nnst7y5icPurKlrRIcc8El
            0YPOAdaa9KsNP6QPrlZmh14zmpT/VEUWfQMtRBhJ7tdENqsQmCFIkS5P5XIDVV2r
            UDlPYi+9vMp9yNK9jaXOH0xtpnjfOR5G
            -----END PUBLIC KEY-----
            """
        #expect(throws: CryptoKitASN1Error.invalidASN1Object) {
            try P256.KeyAgreement.PublicKey(pemRepresentation: p384)
        }

        for pem in ["", "hello", "-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----"] {
            #expect(throws: CryptoKitASN1Error.invalidPEMDocument) {
                try P256.KeyAgreement.PublicKey(pemRepresentation: pem)
            }
            #expect(throws: CryptoKitASN1Error.invalidPEMDocument) {
                try P256.KeyAgreement.PrivateKey(pemRepresentation: pem)
            }
        }
        #expect(throws: CryptoKitASN1Error.invalidPEMDocument) {
            try P256.Signing.PublicKey(pemRepresentation: key.pemRepresentation)
        }
        #expect(throws: CryptoKitASN1Error.invalidPEMDocument) {
            try P256.Signing.PrivateKey(pemRepresentation: key.publicKey.pemRepresentation)
        }

        let signatureDER = Array(
            try P256.Signing.ECDSASignature(rawRepresentation: Self.sampleSignature).derRepresentation)
        for der in garbage + [Array(signatureDER.dropLast()), signatureDER + [0]] {
            #expect(throws: CryptoKitASN1Error.invalidASN1Object) {
                try P256.Signing.ECDSASignature(derRepresentation: der)
            }
        }
    }
}
