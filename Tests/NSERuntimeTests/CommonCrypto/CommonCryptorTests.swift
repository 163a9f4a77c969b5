import CommonCrypto
import Foundation
import Testing

/// `CCCrypt` with AES against NIST SP 800-38A's CBC and ECB vectors, and Apple's behaviour around them (CommonCryptor.c
/// and corecrypto's padding): output sizes, `kCCBufferTooSmall`, alignment, key sizes, PKCS #7's last-byte check.
@Suite("CommonCrypto: CCCrypt")
struct CommonCryptorTests {
    static let plaintext = Vector.hex(
        "6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51 30c81c46a35ce411e5fbc1191a0a52ef "
            + "f69f2445df4f9b17ad2b417be66c3710")
    static let iv = Vector.hex("000102030405060708090a0b0c0d0e0f")
    static let key128 = Vector.hex("2b7e151628aed2a6abf7158809cf4f3c")
    static let key192 = Vector.hex("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b")
    static let key256 = Vector.hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")

    /// One `CCCrypt` call as extensions write it: `Data` in, a buffer of input + one block out, trimmed to what
    /// `dataOutMoved` says.
    static func crypt(
        _ operation: Int, _ options: Int, key: [UInt8], iv: [UInt8]?, _ input: [UInt8], capacity: Int? = nil
    ) -> (status: CCCryptorStatus, output: [UInt8], moved: Int) {
        let data = Data(input)
        var output = Data(count: capacity ?? data.count + kCCBlockSizeAES128)
        var moved: size_t = 0
        let available = output.count
        let status = output.withUnsafeMutableBytes { outputBytes in
            data.withUnsafeBytes { dataBytes in
                CCCrypt(
                    CCOperation(operation), CCAlgorithm(kCCAlgorithmAES), CCOptions(options), key, key.count,
                    iv, dataBytes.baseAddress, data.count, outputBytes.baseAddress, available, &moved)
            }
        }
        return (status, Array(output.prefix(status == CCCryptorStatus(kCCSuccess) ? moved : 0)), moved)
    }

    @Test("AES-128, -192 and -256 in CBC encrypt and decrypt NIST SP 800-38A F.2's blocks")
    func cbcVectors() {
        let vectors: [([UInt8], String)] = [
            (
                Self.key128,
                "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
                    + "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"
            ),
            (
                Self.key192,
                "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
                    + "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd"
            ),
            (
                Self.key256,
                "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
                    + "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"
            ),
        ]
        for (key, expected) in vectors {
            let encrypted = Self.crypt(kCCEncrypt, 0, key: key, iv: Self.iv, Self.plaintext)
            #expect(encrypted.status == kCCSuccess)
            #expect(Vector.text(encrypted.output) == expected, "AES-\(key.count * 8)-CBC")
            let decrypted = Self.crypt(kCCDecrypt, 0, key: key, iv: Self.iv, Vector.hex(expected))
            #expect(decrypted.status == CCCryptorStatus(kCCSuccess))
            #expect(decrypted.output == Self.plaintext)
        }
    }

    @Test("AES-128 in ECB encrypts NIST SP 800-38A F.1.1's blocks, and reads no IV")
    func ecbVector() {
        let expected =
            "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
            + "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4"
        let withIV = Self.crypt(kCCEncrypt, kCCOptionECBMode, key: Self.key128, iv: Self.iv, Self.plaintext)
        let withoutIV = Self.crypt(kCCEncrypt, kCCOptionECBMode, key: Self.key128, iv: nil, Self.plaintext)
        #expect(Vector.text(withIV.output) == expected)
        #expect(withoutIV.output == withIV.output)
    }

    @Test("PKCS #7 padding adds a whole block to whole blocks and is removed again, in CBC and ECB")
    func paddingRoundTrip() {
        let message = Array("Meet at the usual place at 9.".utf8)
        for mode in [0, kCCOptionECBMode] {
            let options = kCCOptionPKCS7Padding | mode
            let sealed = Self.crypt(kCCEncrypt, options, key: Self.key256, iv: Self.iv, message)
            #expect(sealed.status == kCCSuccess && sealed.moved == 32)
            #expect(Self.crypt(kCCDecrypt, options, key: Self.key256, iv: Self.iv, sealed.output).output == message)
            let blocks = Self.crypt(kCCEncrypt, options, key: Self.key256, iv: Self.iv, Self.plaintext)
            #expect(blocks.moved == 80 && Array(blocks.output.prefix(64)) != Self.plaintext)
            #expect(
                Self.crypt(kCCDecrypt, options, key: Self.key256, iv: Self.iv, blocks.output).output == Self.plaintext)
        }
        // The last block of SP 800-38A's CBC-AES128 run encrypts one block of 16 × 0x10 more: what `openssl enc`
        // writes with padding on.
        let padded = Self.crypt(kCCEncrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, Self.plaintext)
        #expect(Vector.text(padded.output.prefix(16)) == "7649abac8119b246cee98e9b12e9197d")
        let empty = Self.crypt(kCCEncrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: nil, [])
        #expect(empty.status == kCCSuccess && empty.moved == 16)
    }

    @Test("a missing IV in CBC is zeros")
    func nilIVIsZeros() {
        let zeros = Self.crypt(kCCEncrypt, 0, key: Self.key128, iv: [UInt8](repeating: 0, count: 16), Self.plaintext)
        let missing = Self.crypt(kCCEncrypt, 0, key: Self.key128, iv: nil, Self.plaintext)
        #expect(missing.status == kCCSuccess && missing.output == zeros.output)
    }

    @Test("a buffer too small is kCCBufferTooSmall with the size needed in dataOutMoved, nothing written")
    func bufferTooSmall() {
        let message = [UInt8](repeating: 1, count: 20)
        let encrypting = Self.crypt(
            kCCEncrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, message, capacity: 16)
        #expect(encrypting.status == kCCBufferTooSmall)
        #expect(encrypting.moved == 32)
        let sealed = Self.crypt(kCCEncrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, message)
        let exact = Self.crypt(
            kCCDecrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, sealed.output, capacity: 32)
        #expect(exact.status == kCCSuccess && exact.output == message, "decrypting needs the input's size, no more")
        let short = Self.crypt(
            kCCDecrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, sealed.output, capacity: 31)
        #expect(short.status == kCCBufferTooSmall && short.moved == 32)
    }

    @Test("input that is not whole blocks is kCCAlignmentError after its whole blocks")
    func alignment() {
        let message = Array(Self.plaintext.prefix(20))
        let encrypted = Self.crypt(kCCEncrypt, 0, key: Self.key128, iv: Self.iv, message)
        #expect(encrypted.status == kCCAlignmentError)
        #expect(encrypted.moved == 16)
        let decrypted = Self.crypt(kCCDecrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, message)
        #expect(decrypted.status == kCCAlignmentError)
    }

    @Test("decrypting with padding reads the last byte only, as corecrypto does: a wrong key is no error")
    func paddingCheckIsTheLastByte() {
        // Blocks chosen so that the decrypted last byte is 5 with the other padding bytes wrong, 0, and 17.
        for (last, kept) in [(UInt8(5), 27), (0, 32), (17, 32)] {
            var blocks = [UInt8](repeating: 0x41, count: 32)
            blocks[31] = last
            let sealed = Self.crypt(kCCEncrypt, 0, key: Self.key128, iv: Self.iv, blocks)
            let opened = Self.crypt(kCCDecrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, sealed.output)
            #expect(opened.status == kCCSuccess, "last byte \(last)")
            #expect(opened.output == Array(blocks.prefix(kept)), "last byte \(last)")
        }
        let sealed = Self.crypt(kCCEncrypt, kCCOptionPKCS7Padding, key: Self.key128, iv: Self.iv, Self.plaintext)
        let wrongKey = Self.crypt(kCCDecrypt, kCCOptionPKCS7Padding, key: Self.key192, iv: Self.iv, sealed.output)
        #expect(wrongKey.status == kCCSuccess && wrongKey.output != Self.plaintext)
    }

    @Test("bad keys, operations and algorithms are refused with Apple's statuses")
    func badInput() {
        let message = Array(Self.plaintext.prefix(16))
        #expect(
            Self.crypt(kCCEncrypt, 0, key: Array(Self.key128.prefix(10)), iv: nil, message).status == kCCKeySizeError)
        #expect(Self.crypt(7, 0, key: Self.key128, iv: nil, message).status == kCCParamError)
        var output = [UInt8](repeating: 0, count: 32)
        var moved = 0
        let noKey = CCCrypt(
            CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES128), 0, nil, 16, nil, message, 16, &output, 32, &moved)
        #expect(noKey == kCCParamError)
        let des = CCCrypt(
            CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithm3DES), 0, Self.key192, kCCKeySize3DES, nil, message, 16,
            &output, 32, &moved)
        #expect(des == kCCUnimplemented)
        let unknown = CCCrypt(
            CCOperation(kCCEncrypt), 9, 0, Self.key128, 16, nil, message, 16, &output, 32, &moved)
        #expect(unknown == kCCParamError)
        #expect(output == [UInt8](repeating: 0, count: 32), "nothing is written on a refusal")
    }

    @Test("CCRandomGenerateBytes fills the buffer, and refuses nil with a count")
    func randomBytes() {
        var bytes = [UInt8](repeating: 0, count: 64)
        #expect(CCRandomGenerateBytes(&bytes, bytes.count) == kCCSuccess)
        #expect(bytes != [UInt8](repeating: 0, count: 64))
        #expect(CCRandomGenerateBytes(nil, 4) == kCCParamError)
    }
}
