import Foundation
import Security
import Testing

/// Security's RSA SecKey as extensions call it: keys made from PKCS #1 data, ciphertexts the `openssl` command line
/// made decrypted, round trips, and failures with Apple's statuses and messages through `Unmanaged<CFError>`.
@Suite("Security: RSA SecKey")
struct SecKeyTests {
    /// The key `data` makes with `type` and `keyClass`, or the error handed back, as extensions write the call.
    static func key(_ data: Data, type: CFString = kSecAttrKeyTypeRSA, class keyClass: CFString) -> (SecKey?, NSError?)
    {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: type,
            kSecAttrKeyClass as String: keyClass,
            kSecAttrKeySizeInBits as String: 2048,
        ]
        var error: Unmanaged<CFError>?
        let key = SecKeyCreateWithData(data as CFData, attributes as CFDictionary, &error)
        return (key, error?.takeRetainedValue())
    }

    static func privateKey(_ data: Data = RSAFixtures.privateA) throws -> SecKey {
        try #require(key(data, class: kSecAttrKeyClassPrivate).0)
    }

    static func decrypt(_ key: SecKey, _ algorithm: SecKeyAlgorithm, _ ciphertext: Data) -> (Data?, NSError?) {
        var error: Unmanaged<CFError>?
        let plaintext = SecKeyCreateDecryptedData(key, algorithm, ciphertext as CFData, &error) as Data?
        return (plaintext, error?.takeRetainedValue())
    }

    static func encrypt(_ key: SecKey, _ algorithm: SecKeyAlgorithm, _ plaintext: Data) -> (Data?, NSError?) {
        var error: Unmanaged<CFError>?
        let ciphertext = SecKeyCreateEncryptedData(key, algorithm, plaintext as CFData, &error) as Data?
        return (ciphertext, error?.takeRetainedValue())
    }

    @Test("ciphertexts `openssl pkeyutl` made with PKCS #1 v1.5, OAEP-SHA1 and OAEP-SHA256 decrypt to the message")
    func decryptsOpenSSLCiphertexts() throws {
        let key = try Self.privateKey()
        let cases: [(SecKeyAlgorithm, Data)] = [
            (.rsaEncryptionPKCS1, RSAFixtures.pkcs1Ciphertext),
            (.rsaEncryptionOAEPSHA1, RSAFixtures.oaepSHA1Ciphertext),
            (.rsaEncryptionOAEPSHA256, RSAFixtures.oaepSHA256Ciphertext),
        ]
        for (algorithm, ciphertext) in cases {
            let (plaintext, error) = Self.decrypt(key, algorithm, ciphertext)
            #expect(error == nil)
            #expect(plaintext.map { String(decoding: $0, as: UTF8.self) } == RSAFixtures.message, "\(algorithm)")
        }
    }

    @Test("the public key exports as `openssl rsa -RSAPublicKey_out` writes it; the private key as it was given")
    func exportsPKCS1() throws {
        let key = try Self.privateKey()
        var error: Unmanaged<CFError>?
        #expect(SecKeyCopyExternalRepresentation(key, &error) as Data? == RSAFixtures.privateA)
        let publicKey = try #require(SecKeyCopyPublicKey(key))
        #expect(SecKeyCopyExternalRepresentation(publicKey, &error) as Data? == RSAFixtures.publicA)
        #expect(error == nil)
        #expect(SecKeyCopyPublicKey(publicKey) === publicKey, "a public key's public key is itself")
    }

    @Test("a public key is made from PKCS #1 or from a SubjectPublicKeyInfo, as corecrypto's import takes both")
    func publicKeyEncodings() throws {
        for data in [RSAFixtures.publicA, RSAFixtures.subjectPublicKeyInfoA] {
            let (key, error) = Self.key(data, class: kSecAttrKeyClassPublic)
            #expect(error == nil)
            var exportError: Unmanaged<CFError>?
            #expect(SecKeyCopyExternalRepresentation(try #require(key), &exportError) as Data? == RSAFixtures.publicA)
        }
    }

    @Test("PKCS #1 v1.5, OAEP-SHA1 to -SHA512 and raw RSA round-trip through the public and private keys")
    func roundTrips() throws {
        let key = try Self.privateKey()
        let publicKey = try #require(SecKeyCopyPublicKey(key))
        let message = Data(RSAFixtures.message.utf8)
        let algorithms: [SecKeyAlgorithm] = [
            .rsaEncryptionPKCS1, .rsaEncryptionOAEPSHA1, .rsaEncryptionOAEPSHA224, .rsaEncryptionOAEPSHA256,
            .rsaEncryptionOAEPSHA384, .rsaEncryptionOAEPSHA512, .rsaEncryptionRaw,
        ]
        for algorithm in algorithms {
            let (ciphertext, error) = Self.encrypt(publicKey, algorithm, message)
            #expect(error == nil && ciphertext?.count == SecKeyGetBlockSize(publicKey), "\(algorithm)")
            let (plaintext, _) = Self.decrypt(key, algorithm, try #require(ciphertext))
            let expected = algorithm == .rsaEncryptionRaw ? Data(count: 256 - message.count) + message : message
            #expect(plaintext == expected, "\(algorithm)")
        }
        let first = Self.encrypt(publicKey, .rsaEncryptionOAEPSHA256, message).0
        #expect(first != Self.encrypt(publicKey, .rsaEncryptionOAEPSHA256, message).0, "OAEP is randomised")
    }

    @Test("the wrong key, a tampered ciphertext or another padding fails with errSecParam, RSAdecrypt wrong input")
    func decryptionFailures() throws {
        let key = try Self.privateKey()
        let other = try Self.privateKey(RSAFixtures.privateB)
        var tampered = RSAFixtures.oaepSHA256Ciphertext
        tampered[100] ^= 0x01
        let failures: [(SecKey, SecKeyAlgorithm, Data)] = [
            (other, .rsaEncryptionOAEPSHA256, RSAFixtures.oaepSHA256Ciphertext),
            (other, .rsaEncryptionPKCS1, RSAFixtures.pkcs1Ciphertext),
            (key, .rsaEncryptionOAEPSHA256, tampered),
            (key, .rsaEncryptionOAEPSHA1, RSAFixtures.oaepSHA256Ciphertext),
        ]
        for (key, algorithm, ciphertext) in failures {
            let (plaintext, error) = Self.decrypt(key, algorithm, ciphertext)
            #expect(plaintext == nil)
            let failure = try #require(error)
            #expect(failure.domain == "NSOSStatusErrorDomain")
            #expect(failure.code == Int(errSecParam))
            #expect(failure.localizedDescription.hasPrefix("RSAdecrypt wrong input"))
        }
        let (tooLong, error) = Self.decrypt(key, .rsaEncryptionPKCS1, RSAFixtures.pkcs1Ciphertext + Data([0]))
        #expect(tooLong == nil && error?.code == Int(errSecParam), "a ciphertext longer than the block")
    }

    @Test("a message longer than the padding leaves room for is errSecParam, RSAencrypt wrong input size")
    func messageTooLong() throws {
        let publicKey = try #require(SecKeyCopyPublicKey(try Self.privateKey()))
        #expect(Self.encrypt(publicKey, .rsaEncryptionPKCS1, Data(count: 245)).1 == nil, "256 - 11 bytes fit")
        let (ciphertext, error) = Self.encrypt(publicKey, .rsaEncryptionPKCS1, Data(count: 246))
        #expect(ciphertext == nil && error?.code == Int(errSecParam))
        #expect(error?.localizedDescription.hasPrefix("RSAencrypt wrong input size") == true)
        #expect(Self.encrypt(publicKey, .rsaEncryptionOAEPSHA256, Data(count: 191)).1?.code == Int(errSecParam))
    }

    @Test("a private key does not encrypt nor a public key decrypt, and unsimulated algorithms are refused")
    func algorithmSupport() throws {
        let key = try Self.privateKey()
        let publicKey = try #require(SecKeyCopyPublicKey(key))
        #expect(SecKeyIsAlgorithmSupported(key, .decrypt, .rsaEncryptionOAEPSHA256))
        #expect(SecKeyIsAlgorithmSupported(publicKey, .encrypt, .rsaEncryptionPKCS1))
        #expect(!SecKeyIsAlgorithmSupported(key, .encrypt, .rsaEncryptionOAEPSHA256))
        #expect(!SecKeyIsAlgorithmSupported(publicKey, .decrypt, .rsaEncryptionOAEPSHA256))
        #expect(!SecKeyIsAlgorithmSupported(key, .decrypt, .rsaEncryptionOAEPSHA256AESGCM))
        #expect(!SecKeyIsAlgorithmSupported(key, .sign, .rsaSignatureMessagePKCS1v15SHA256))
        let small = try Self.privateKey(RSAFixtures.private1024)
        #expect(SecKeyGetBlockSize(small) == 128)
        #expect(SecKeyIsAlgorithmSupported(small, .decrypt, .rsaEncryptionOAEPSHA384), "2 × 48 + 2 ≤ 128")
        #expect(!SecKeyIsAlgorithmSupported(small, .decrypt, .rsaEncryptionOAEPSHA512), "2 × 64 + 2 > 128")
        let (plaintext, error) = Self.decrypt(publicKey, .rsaEncryptionPKCS1, RSAFixtures.pkcs1Ciphertext)
        #expect(plaintext == nil && error?.code == Int(errSecParam))
        #expect(error?.localizedDescription.contains("algorithm not supported by the key") == true)
        #expect(Self.encrypt(key, .rsaEncryptionPKCS1, Data([1])).1?.code == Int(errSecParam))
    }

    @Test("key data that is not the key the attributes name is refused with Apple's status and message")
    func badKeyData() {
        let cases: [(Data, CFString, String)] = [
            (
                Data([0x30, 0x03, 0x02, 0x01, 0x00]), kSecAttrKeyClassPrivate,
                "RSA private key creation from data failed"
            ),
            (RSAFixtures.pkcs8A, kSecAttrKeyClassPrivate, "RSA private key creation from data failed"),
            (RSAFixtures.publicA, kSecAttrKeyClassPrivate, "RSA private key creation from data failed"),
            (RSAFixtures.privateA + Data([0]), kSecAttrKeyClassPrivate, "RSA private key creation from data failed"),
            (RSAFixtures.privateA, kSecAttrKeyClassPublic, "RSA public key creation from data failed"),
            (Data(), kSecAttrKeyClassPublic, "RSA public key creation from data failed"),
        ]
        for (index, (data, keyClass, message)) in cases.enumerated() {
            let (key, error) = Self.key(data, class: keyClass)
            #expect(key == nil, "case \(index)")
            #expect(error?.code == Int(errSecParam), "case \(index)")
            #expect(error?.localizedDescription == message, "case \(index)")
        }
    }

    @Test("a missing or unknown type or class is errSecParam; EC and symmetric keys are errSecUnimplemented")
    func badAttributes() {
        var error: Unmanaged<CFError>?
        let noType = SecKeyCreateWithData(
            RSAFixtures.privateA as CFData, [kSecAttrKeyClass: kSecAttrKeyClassPrivate] as CFDictionary, &error)
        #expect(noType == nil)
        let failure = error?.takeRetainedValue()
        #expect(failure?.code == Int(errSecParam))
        #expect(failure?.localizedDescription == "Unsupported key type: (null)")
        #expect(Self.key(RSAFixtures.privateA, type: "17" as NSString, class: kSecAttrKeyClassPrivate).1?.code == -50)
        #expect(Self.key(RSAFixtures.privateA, class: "7" as NSString).1?.code == Int(errSecParam))
        #expect(
            Self.key(RSAFixtures.privateA, type: kSecAttrKeyTypeECSECPrimeRandom, class: kSecAttrKeyClassPrivate).1?
                .code == Int(errSecUnimplemented))
        #expect(Self.key(RSAFixtures.privateA, class: kSecAttrKeyClassSymmetric).1?.code == Int(errSecUnimplemented))
    }

    @Test("SecKeyCopyAttributes describes the key as iOS does")
    func attributes() throws {
        let key = try Self.privateKey()
        let attributes = try #require(SecKeyCopyAttributes(key) as? [String: Any])
        #expect(attributes[kSecAttrKeyType as String] as? String == kSecAttrKeyTypeRSA as String)
        #expect(attributes[kSecAttrKeyClass as String] as? String == kSecAttrKeyClassPrivate as String)
        #expect(attributes[kSecAttrKeySizeInBits as String] as? Int == 2048)
        #expect(attributes[kSecValueData as String] as? Data == RSAFixtures.privateA)
        #expect(SecKeyGetBlockSize(key) == 256)
    }

    @Test("the older SecKeyEncrypt and SecKeyDecrypt round-trip with PKCS1 and OAEP and check their buffers")
    func legacyCalls() throws {
        let key = try Self.privateKey()
        let publicKey = try #require(SecKeyCopyPublicKey(key))
        let message = Array(RSAFixtures.message.utf8)
        for padding in [SecPadding.PKCS1, .OAEP] {
            var ciphertext = [UInt8](repeating: 0, count: SecKeyGetBlockSize(publicKey))
            var ciphertextLength = ciphertext.count
            #expect(
                SecKeyEncrypt(publicKey, padding, message, message.count, &ciphertext, &ciphertextLength)
                    == errSecSuccess)
            #expect(ciphertextLength == 256)
            var plaintext = [UInt8](repeating: 0, count: 256)
            var plaintextLength = plaintext.count
            #expect(SecKeyDecrypt(key, padding, ciphertext, 256, &plaintext, &plaintextLength) == errSecSuccess)
            #expect(Array(plaintext.prefix(plaintextLength)) == message)
            var small = [UInt8](repeating: 0, count: 10)
            var smallLength = small.count
            #expect(SecKeyDecrypt(key, padding, ciphertext, 256, &small, &smallLength) == errSecParam)
        }
        var plaintext = [UInt8](repeating: 0, count: 256)
        var plaintextLength = plaintext.count
        let oaep = Array(RSAFixtures.oaepSHA1Ciphertext)
        #expect(SecKeyDecrypt(key, .OAEP, oaep, oaep.count, &plaintext, &plaintextLength) == errSecSuccess)
        #expect(String(decoding: plaintext.prefix(plaintextLength), as: UTF8.self) == RSAFixtures.message)
        #expect(SecKeyDecrypt(key, .PKCS1SHA256, oaep, oaep.count, &plaintext, &plaintextLength) == errSecParam)
    }

    @Test("SecKeyDecrypt without padding removes the leading zeros, as its contract on iOS says")
    func legacyRawStripsZeros() throws {
        let key = try Self.privateKey()
        let publicKey = try #require(SecKeyCopyPublicKey(key))
        let message = Data(RSAFixtures.message.utf8)
        let ciphertext = Array(try #require(Self.encrypt(publicKey, .rsaEncryptionRaw, message).0))
        var plaintext = [UInt8](repeating: 0, count: 256)
        var length = plaintext.count
        #expect(SecKeyDecrypt(key, [], ciphertext, ciphertext.count, &plaintext, &length) == errSecSuccess)
        #expect(Data(plaintext.prefix(length)) == message)
    }
}
