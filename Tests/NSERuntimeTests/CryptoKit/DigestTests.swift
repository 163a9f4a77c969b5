import Foundation
import Synchronization
import Testing

@testable import CryptoKit

/// CryptoKit's hash functions, HMAC and HKDF on Linux give the published test vectors' bytes, and behave as
/// Apple's values do (a copy hashes on independently; digests compare with data).
@Suite("CryptoKit: hashes, HMAC and HKDF")
struct DigestTests {
    @Test("SHA-2, SHA-1 and MD5 of \"abc\" are FIPS 180-4's and RFC 1321's")
    func hashes() {
        let abc = Data("abc".utf8)
        #expect(
            Vector.text(SHA256.hash(data: abc))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Vector.text(SHA384.hash(data: abc))
                == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
        #expect(
            Vector.text(SHA512.hash(data: abc))
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        #expect(Vector.text(Insecure.SHA1.hash(data: abc)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Vector.text(Insecure.MD5.hash(data: abc)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(SHA256.byteCount == 32 && SHA384.byteCount == 48 && SHA512.byteCount == 64)
        #expect(SHA256Digest.byteCount == 32 && Insecure.MD5Digest.byteCount == 16)
    }

    @Test("fed in pieces equals all at once; a copy taken midway hashes on independently")
    func incremental() {
        var hash = SHA256()
        hash.update(data: Data("a".utf8))
        var copy = hash
        hash.update(data: Data("bc".utf8))
        copy.update(data: Data("x".utf8))
        #expect(hash.finalize() == SHA256.hash(data: Data("abc".utf8)))
        #expect(copy.finalize() == SHA256.hash(data: Data("ax".utf8)))
        #expect(hash.finalize() == hash.finalize(), "finalize leaves the hash as it was")
        let digest = SHA256.hash(data: Data("abc".utf8))
        #expect(digest == Data(Vector.hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")))
        #expect(!(digest == Data(repeating: 0, count: 32)))
        #expect(digest.description == "SHA256 digest: ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Array(digest).count == 32)
    }

    @Test("HMAC is RFC 4231's: test 2 (a short key) and test 6 (a key longer than the block, hashed first)")
    func hmac() {
        let jefe = SymmetricKey(data: Data("Jefe".utf8))
        let message = Data("what do ya want for nothing?".utf8)
        #expect(
            Vector.text(HMAC<SHA256>.authenticationCode(for: message, using: jefe))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            Vector.text(HMAC<SHA512>.authenticationCode(for: message, using: jefe))
                == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737")
        let long = SymmetricKey(data: [UInt8](repeating: 0xAA, count: 131))
        let test6 = Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        let code = HMAC<SHA256>.authenticationCode(for: test6, using: long)
        #expect(Vector.text(code) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: test6, using: long))
        #expect(HMAC<SHA256>.isValidAuthenticationCode(Data(code), authenticating: test6, using: long))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: long))
        var pieces = HMAC<SHA256>(key: jefe)
        pieces.update(data: Data("what do ya ".utf8))
        pieces.update(data: Data("want for nothing?".utf8))
        #expect(pieces.finalize() == HMAC<SHA256>.authenticationCode(for: message, using: jefe))
    }

    @Test("HKDF is RFC 5869's: test 1 (salt and info) and test 3 (neither)")
    func hkdf() {
        let ikm = SymmetricKey(data: [UInt8](repeating: 0x0B, count: 22))
        let salt = Vector.hex("000102030405060708090a0b0c")
        let info = Vector.hex("f0f1f2f3f4f5f6f7f8f9")
        #expect(
            Vector.text(HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt))
                == "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5")
        let okm = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: info, outputByteCount: 42)
        #expect(
            okm.withUnsafeBytes { Vector.text($0) }
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        #expect(okm.bitCount == 42 * 8)
        let bare = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, outputByteCount: 42)
        #expect(
            bare.withUnsafeBytes { Vector.text($0) }
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
    }

    @Test("X9.63's KDF is ANSI X9.63's (NIST CAVS, SHA-256, COUNT 0); with shared info, as Python's cryptography")
    func x963() {
        let secret = SharedSecret(bytes: Vector.hex("96c05619d56c328ab95fe84b18264b08725b85e33fd34f08"))
        let key = secret.x963DerivedSymmetricKey(using: SHA256.self, sharedInfo: Data(), outputByteCount: 16)
        #expect(key.withUnsafeBytes { Vector.text($0) } == "443024c3dae66b95e6f5670601558f71")
        let longer = secret.x963DerivedSymmetricKey(
            using: SHA256.self, sharedInfo: Data("nse-bench".utf8), outputByteCount: 40)
        #expect(
            longer.withUnsafeBytes { Vector.text($0) }
                == "187d19fc74c450059dcc851dbdb4dd77b15ab22b372dc94f08be8241271b1e0e56f1969e81527e8f")
    }

    @Test("HKDF expands to its limit, 255 blocks (8,160 bytes of SHA-256), as Python's cryptography does")
    func hkdfLimit() {
        let okm = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Data("ikm".utf8)), salt: Data("s".utf8), info: Data("i".utf8),
            outputByteCount: 8160)
        #expect(
            Vector.text(okm.withUnsafeBytes { SHA256.hash(data: Data($0)) })
                == "053eb67a03efe70bb3d1c759df018329096d7e3dfd051d17fb583960969a62b8")
    }

    @Test("copies of one hash value, updated and finalized on many threads at once, stay independent")
    func concurrentCopies() {
        var started = SHA256()
        started.update(data: Data("a".utf8))
        let shared = started
        let expected = SHA256.hash(data: Data("ab".utf8))
        let mismatches = Count()
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            var copy = shared
            copy.update(data: Data("b".utf8))
            if copy.finalize() != expected || shared.finalize() != SHA256.hash(data: Data("a".utf8)) {
                mismatches.add()
            }
        }
        #expect(mismatches.value == 0)
    }

    @Test("keys: random of each size, equal by bytes; a different key, a different code")
    func keys() {
        let a = SymmetricKey(size: .bits256)
        let b = SymmetricKey(size: .bits256)
        #expect(a.bitCount == 256 && SymmetricKey(size: .bits128).bitCount == 128)
        #expect(a != b, "two random keys")
        #expect(a == SymmetricKey(data: a.withUnsafeBytes { Data($0) }))
        #expect(
            HMAC<SHA256>.authenticationCode(for: [1], using: a) != HMAC<SHA256>.authenticationCode(for: [1], using: b))
    }
}

/// A count shared by threads.
private final class Count: Sendable {
    private let storage = Mutex(0)
    func add() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}
