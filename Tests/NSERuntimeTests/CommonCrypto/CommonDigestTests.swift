import CommonCrypto
import Foundation
import Testing

/// CommonCrypto's one-shot digests and HMAC against the published vectors (FIPS 180 examples, RFC 1321, RFC 2202,
/// RFC 4231), called the way extensions call them.
@Suite("CommonCrypto: digests and HMAC")
struct CommonDigestTests {
    /// The digest `function` writes for `text`, through `Data.withUnsafeBytes` as extensions write it.
    static func digest(
        _ text: String, length: Int32,
        _ function: (UnsafeRawPointer?, CC_LONG, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?
    ) -> String {
        let data = Data(text.utf8)
        var digest = [UInt8](repeating: 0, count: Int(length))
        data.withUnsafeBytes { _ = function($0.baseAddress, CC_LONG(data.count), &digest) }
        return Vector.text(digest)
    }

    @Test("each digest of \"abc\" is the published one")
    func abc() {
        #expect(Self.digest("abc", length: CC_MD5_DIGEST_LENGTH, CC_MD5) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(
            Self.digest("abc", length: CC_SHA1_DIGEST_LENGTH, CC_SHA1) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            Self.digest("abc", length: CC_SHA224_DIGEST_LENGTH, CC_SHA224)
                == "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
        #expect(
            Self.digest("abc", length: CC_SHA256_DIGEST_LENGTH, CC_SHA256)
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.digest("abc", length: CC_SHA384_DIGEST_LENGTH, CC_SHA384)
                == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                + "8086072ba1e7cc2358baeca134c825a7")
        #expect(
            Self.digest("abc", length: CC_SHA512_DIGEST_LENGTH, CC_SHA512)
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    }

    @Test("SHA-256 of the empty string and of the two-block message are the published ones")
    func sha256Vectors() {
        #expect(
            Self.digest("", length: CC_SHA256_DIGEST_LENGTH, CC_SHA256)
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.digest(
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", length: CC_SHA256_DIGEST_LENGTH, CC_SHA256)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("the digest functions return md, and the sizes import as Apple's macros do")
    func returnsItsOutput() {
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        let written = digest.withUnsafeMutableBufferPointer { buffer in
            CC_SHA256("abc", 3, buffer.baseAddress) == buffer.baseAddress
        }
        #expect(written)
        #expect(digest.first == 0xba)
        let sizes: [Int32] = [CC_SHA1_BLOCK_BYTES, CC_SHA256_BLOCK_BYTES, CC_SHA512_BLOCK_BYTES]
        #expect(sizes == [64, 64, 128])
    }

    @Test("a nil output, or nil input with a length, writes nothing and returns nil")
    func nilPointers() {
        #expect(CC_SHA256("abc", 3, nil) == nil)
        var digest = [UInt8](repeating: 7, count: 32)
        #expect(CC_SHA256(nil, 3, &digest) == nil)
        #expect(digest == [UInt8](repeating: 7, count: 32))
        #expect(CC_SHA256(nil, 0, &digest) != nil)
        #expect(Vector.text(digest) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// The HMAC `CCHmac` writes with `algorithm` under `key` for `message`.
    static func hmac(_ algorithm: Int, key: [UInt8], _ message: String, length: Int32) -> String {
        let data = Data(message.utf8)
        var mac = [UInt8](repeating: 0, count: Int(length))
        data.withUnsafeBytes { bytes in
            CCHmac(CCHmacAlgorithm(algorithm), key, key.count, bytes.baseAddress, data.count, &mac)
        }
        return Vector.text(mac)
    }

    @Test("HMAC of RFC 2202 and RFC 4231 test case 1 (key 0x0b…, \"Hi There\") with each hash")
    func hmacCaseOne() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        #expect(
            Self.hmac(kCCHmacAlgMD5, key: Array(key.prefix(16)), "Hi There", length: CC_MD5_DIGEST_LENGTH)
                == "9294727a3638bb1c13f48ef8158bfc9d")
        #expect(
            Self.hmac(kCCHmacAlgSHA1, key: key, "Hi There", length: CC_SHA1_DIGEST_LENGTH)
                == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(
            Self.hmac(kCCHmacAlgSHA224, key: key, "Hi There", length: CC_SHA224_DIGEST_LENGTH)
                == "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22")
        #expect(
            Self.hmac(kCCHmacAlgSHA256, key: key, "Hi There", length: CC_SHA256_DIGEST_LENGTH)
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            Self.hmac(kCCHmacAlgSHA384, key: key, "Hi There", length: CC_SHA384_DIGEST_LENGTH)
                == "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
                + "faea9ea9076ede7f4af152e8b2fa9cb6")
        #expect(
            Self.hmac(kCCHmacAlgSHA512, key: key, "Hi There", length: CC_SHA512_DIGEST_LENGTH)
                == "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
    }

    @Test("HMAC-SHA256 of RFC 4231 cases 2 (a short key) and 6 (a key longer than the block)")
    func hmacKeySizes() {
        #expect(
            Self.hmac(kCCHmacAlgSHA256, key: Array("Jefe".utf8), "what do ya want for nothing?", length: 32)
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            Self.hmac(
                kCCHmacAlgSHA256, key: [UInt8](repeating: 0xaa, count: 131),
                "Test Using Larger Than Block-Size Key - Hash Key First", length: 32)
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("an unknown HMAC algorithm, or a nil key with a length, writes nothing")
    func hmacBadInput() {
        var mac = [UInt8](repeating: 7, count: 32)
        CCHmac(CCHmacAlgorithm(9), "key", 3, "data", 4, &mac)
        #expect(mac == [UInt8](repeating: 7, count: 32))
        CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), nil, 3, "data", 4, &mac)
        #expect(mac == [UInt8](repeating: 7, count: 32))
    }
}
