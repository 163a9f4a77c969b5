import Foundation
import Testing

@testable import NSEBenchSystem

/// The system layer's RSA keys, under Security's SecKey: a generated key's encodings read back, each padding
/// round-trips, and what is not a key, or does not fit one, is refused with the reason.
@Suite("RSA keys")
struct RSAKeyTests {
    static let key: RSAKey = {
        do {
            return try RSAKey.generate(bitCount: 2048)
        } catch {
            preconditionFailure("RSA key generation failed: \(error)")
        }
    }()

    @Test("a generated key's PKCS #1 and SubjectPublicKeyInfo encodings read back as the same key")
    func encodings() throws {
        let key = Self.key
        #expect(key.isPrivate && key.bitCount == 2048 && key.modulusByteCount == 256)
        let reread = try RSAKey(pkcs1PrivateKey: key.pkcs1())
        #expect(try reread.pkcs1() == key.pkcs1())
        let publicKey = try key.publicKey()
        #expect(!publicKey.isPrivate)
        #expect(try RSAKey(publicKey: publicKey.pkcs1()).pkcs1() == publicKey.pkcs1())
        #expect(try RSAKey(publicKey: key.subjectPublicKeyInfo()).pkcs1() == publicKey.pkcs1())
        #expect(try publicKey.publicKey() === publicKey)
    }

    @Test("PKCS #1 v1.5, OAEP with each digest, and raw RSA round-trip")
    func roundTrips() throws {
        let message = Array("attack at dawn".utf8)
        let publicKey = try Self.key.publicKey()
        for padding in [RSAPadding.pkcs1, .oaep(.sha1), .oaep(.sha224), .oaep(.sha256), .oaep(.sha384), .oaep(.sha512)]
        {
            let ciphertext = try publicKey.encrypt(message, padding: padding)
            #expect(ciphertext.count == 256)
            #expect(try Self.key.decrypt(ciphertext, padding: padding) == message, "\(padding)")
        }
        let raw = try publicKey.encrypt(message, padding: .raw)
        #expect(try Self.key.decrypt(raw, padding: .raw) == [UInt8](repeating: 0, count: 256 - message.count) + message)
    }

    @Test("a message the padding has no room for, a public key decrypting and a mangled ciphertext are refused")
    func refusals() throws {
        let publicKey = try Self.key.publicKey()
        #expect(RSAPadding.oaep(.sha256).maximumMessageByteCount(modulusByteCount: 256) == 190)
        #expect(throws: AsymmetricKeyError.self) {
            try publicKey.encrypt([UInt8](repeating: 1, count: 191), padding: .oaep(.sha256))
        }
        let ciphertext = try publicKey.encrypt([1, 2, 3], padding: .pkcs1)
        #expect(throws: AsymmetricKeyError.invalid("a public key cannot decrypt")) {
            try publicKey.decrypt(ciphertext, padding: .pkcs1)
        }
        #expect(throws: AsymmetricKeyError.self) { try Self.key.decrypt(ciphertext + [0], padding: .pkcs1) }
        #expect(throws: AsymmetricKeyError.self) { try Self.key.decrypt(ciphertext, padding: .oaep(.sha1)) }
    }

    @Test("PKCS #8, a public key, trailing bytes and bytes that are no key are not a PKCS #1 private key")
    func notPKCS1() throws {
        let pkcs1 = try Self.key.pkcs1()
        let pkcs8 = try Self.key.privateKeyInfo()
        #expect(RSAKey.opensWithTwoIntegers(pkcs1))
        #expect(!RSAKey.opensWithTwoIntegers(pkcs8))
        for bad in [pkcs8, try Self.key.publicKey().pkcs1(), pkcs1 + [0], [0x30, 0x00], []] {
            #expect(throws: AsymmetricKeyError.self) { try RSAKey(pkcs1PrivateKey: bad) }
        }
        #expect(throws: AsymmetricKeyError.self) { try RSAKey(publicKey: pkcs1) }
        #expect(throws: AsymmetricKeyError.self) { try RSAKey.generate(bitCount: 512) }
    }
}
