import CommonCrypto
import Foundation
import Testing

/// `CCKeyDerivationPBKDF` against RFC 6070's PBKDF2-HMAC-SHA1 vectors and the PBKDF2-HMAC-SHA256 ones of RFC 7914
/// §11 and common use, and its parameter checks, Apple's.
@Suite("CommonCrypto: PBKDF2")
struct CommonKeyDerivationTests {
    /// The key derived as extensions write the call: a `String` password, salt bytes, a byte array out.
    static func derive(
        _ password: String, salt: String, rounds: UInt32, length: Int, prf: Int
    ) -> (status: Int32, key: String) {
        let salt = Array(salt.utf8)
        var key = [UInt8](repeating: 0, count: length)
        let status = CCKeyDerivationPBKDF(
            CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
            CCPseudoRandomAlgorithm(prf), rounds, &key, key.count)
        return (status, Vector.text(key))
    }

    @Test("PBKDF2-HMAC-SHA1 of RFC 6070 (1, 2 and 4096 rounds)")
    func sha1() {
        let one = Self.derive("password", salt: "salt", rounds: 1, length: 20, prf: kCCPRFHmacAlgSHA1)
        #expect(one.status == kCCSuccess)
        #expect(one.key == "0c60c80f961f0e71f3a9b524af6012062fe037a6")
        #expect(
            Self.derive("password", salt: "salt", rounds: 2, length: 20, prf: kCCPRFHmacAlgSHA1).key
                == "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957")
        #expect(
            Self.derive("password", salt: "salt", rounds: 4096, length: 20, prf: kCCPRFHmacAlgSHA1).key
                == "4b007901b765489abead49d926f721d065a429c1")
    }

    @Test("PBKDF2-HMAC-SHA256: RFC 7914's 64-byte key, and 4096 rounds into 32 bytes")
    func sha256() {
        let long = Self.derive("passwd", salt: "salt", rounds: 1, length: 64, prf: kCCPRFHmacAlgSHA256)
        #expect(long.status == CCCryptorStatus(kCCSuccess))
        #expect(
            long.key
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
        #expect(
            Self.derive("password", salt: "salt", rounds: 4096, length: 32, prf: kCCPRFHmacAlgSHA256).key
                == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
    }

    @Test("another algorithm, an unknown PRF, no rounds, no key bytes or nil pointers are kCCParamError")
    func parameterErrors() {
        var key = [UInt8](repeating: 0, count: 16)
        let salt: [UInt8] = [1, 2, 3]
        let prf = CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256)
        let pbkdf2 = CCPBKDFAlgorithm(kCCPBKDF2)
        #expect(CCKeyDerivationPBKDF(1, "pw", 2, salt, 3, prf, 10, &key, 16) == kCCParamError)
        #expect(CCKeyDerivationPBKDF(pbkdf2, "pw", 2, salt, 3, 9, 10, &key, 16) == kCCParamError)
        #expect(CCKeyDerivationPBKDF(pbkdf2, "pw", 2, salt, 3, prf, 0, &key, 16) == kCCParamError)
        #expect(CCKeyDerivationPBKDF(pbkdf2, "pw", 2, salt, 3, prf, 10, &key, 0) == kCCParamError)
        #expect(CCKeyDerivationPBKDF(pbkdf2, nil, 2, salt, 3, prf, 10, &key, 16) == kCCParamError)
        #expect(CCKeyDerivationPBKDF(pbkdf2, "pw", 2, nil, 3, prf, 10, &key, 16) == kCCParamError)
        #expect(CCKeyDerivationPBKDF(pbkdf2, "pw", 2, salt, 3, prf, 10, nil, 16) == kCCParamError)
        #expect(key == [UInt8](repeating: 0, count: 16), "nothing is written on a refusal")
        #expect(CCKeyDerivationPBKDF(pbkdf2, "", 0, nil, 0, prf, 1, &key, 16) == kCCSuccess, "empty password, no salt")
    }
}
