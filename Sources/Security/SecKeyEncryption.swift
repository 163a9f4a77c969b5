// Security's RSA encryption on Linux: `SecKeyCreateEncryptedData` / `SecKeyCreateDecryptedData` with
// `.rsaEncryptionRaw`, `.rsaEncryptionPKCS1` and `.rsaEncryptionOAEPSHA1` to `SHA512`, `SecKeyIsAlgorithmSupported`,
// and the older `SecKeyEncrypt` / `SecKeyDecrypt` with `SecPadding`, over OpenSSL, answering as Apple's
// SecKeyAdaptors.m does: a public key encrypts and a private key decrypts (not the other way round), a message
// too long for the padding or a padding that does not check is `errSecParam`. The CPU time is this machine's: how
// long RSA takes on a phone is not modelled.
public import CoreFoundationTypes

@_implementationOnly import NSEBenchSystem

/// `plaintext` encrypted with the public `key` under `algorithm`: `SecKeyGetBlockSize(key)` bytes. Nil, with
/// `error` set to `errSecParam`, for a private key, an algorithm the key does not run, or a message longer than the
/// padding leaves room for.
public func SecKeyCreateEncryptedData(
    _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ plaintext: CFData,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
    SecKeyCall.run(error) { () throws(SecKeyFailure) in
        Data(try RSAEncryption.run(key, .encrypt, algorithm, [UInt8](plaintext)))
    }
}

/// `ciphertext` decrypted with the private `key` under `algorithm`. Nil, with `error` set to `errSecParam`, for a
/// public key, an algorithm the key does not run, a ciphertext longer than the key's block, or one whose padding
/// does not check (a wrong key, tampered data): Apple's "RSAdecrypt wrong input".
public func SecKeyCreateDecryptedData(
    _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ ciphertext: CFData,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
    SecKeyCall.run(error) { () throws(SecKeyFailure) in
        Data(try RSAEncryption.run(key, .decrypt, algorithm, [UInt8](ciphertext)))
    }
}

/// Whether `key` runs `algorithm` for `operation`: encryption algorithms that are simulated, a public key
/// encrypting and a private key decrypting, the key large enough for the padding. Signatures and key exchange
/// answer false here (not simulated), though iOS's RSA keys sign and verify.
public func SecKeyIsAlgorithmSupported(
    _ key: SecKey, _ operation: SecKeyOperationType, _ algorithm: SecKeyAlgorithm
) -> Bool {
    RSAEncryption.padding(key, operation, algorithm) != nil
}

/// Encrypts `plainTextLen` bytes at `plainText` with the public `key` into `cipherText`, whose size
/// `cipherTextLen` gives and then receives: `errSecSuccess`, or `errSecParam` for a padding other than none
/// (`[]`), `.PKCS1` or `.OAEP` (SHA-1), a message the padding has no room for, or a buffer smaller than the block.
public func SecKeyEncrypt(
    _ key: SecKey, _ padding: SecPadding, _ plainText: UnsafePointer<UInt8>, _ plainTextLen: Int,
    _ cipherText: UnsafeMutablePointer<UInt8>, _ cipherTextLen: UnsafeMutablePointer<Int>
) -> OSStatus {
    RSAEncryption.legacy(key, .encrypt, padding, UnsafeBufferPointer(start: plainText, count: plainTextLen)) {
        result throws(SecKeyFailure) in
        try RSAEncryption.write(result, to: cipherText, length: cipherTextLen)
    }
}

/// Decrypts `cipherTextLen` bytes at `cipherText` with the private `key` into `plainText`, whose size
/// `plainTextLen` gives and then receives: `errSecSuccess`, or `errSecParam` for a padding other than none (`[]`,
/// whose leading zero bytes are removed, as iOS's contract for this call says), `.PKCS1` or `.OAEP` (SHA-1), a
/// padding that does not check, or a buffer too small.
public func SecKeyDecrypt(
    _ key: SecKey, _ padding: SecPadding, _ cipherText: UnsafePointer<UInt8>, _ cipherTextLen: Int,
    _ plainText: UnsafeMutablePointer<UInt8>, _ plainTextLen: UnsafeMutablePointer<Int>
) -> OSStatus {
    RSAEncryption.legacy(key, .decrypt, padding, UnsafeBufferPointer(start: cipherText, count: cipherTextLen)) {
        result throws(SecKeyFailure) in
        let stripped = padding == [] ? Array(result.drop { $0 == 0 }) : result
        try RSAEncryption.write(stripped, to: plainText, length: plainTextLen)
    }
}

/// The encryption algorithms an RSA key runs, and the calls' shared body.
enum RSAEncryption {
    /// The padding `algorithm` means, nil for one that is not RSA encryption (or not simulated).
    static func padding(of algorithm: SecKeyAlgorithm) -> RSAPadding? {
        switch algorithm {
        case .rsaEncryptionRaw: .raw
        case .rsaEncryptionPKCS1: .pkcs1
        case .rsaEncryptionOAEPSHA1: .oaep(.sha1)
        case .rsaEncryptionOAEPSHA224: .oaep(.sha224)
        case .rsaEncryptionOAEPSHA256: .oaep(.sha256)
        case .rsaEncryptionOAEPSHA384: .oaep(.sha384)
        case .rsaEncryptionOAEPSHA512: .oaep(.sha512)
        default: nil
        }
    }

    /// The padding `key` runs `algorithm` with for `operation`, nil when it does not run it: a public key only
    /// encrypts, a private one only decrypts, and a key too small for the padding (OAEP-SHA512 needs a 130-byte
    /// block) runs none, as Apple's adaptors answer.
    static func padding(_ key: SecKey, _ operation: SecKeyOperationType, _ algorithm: SecKeyAlgorithm) -> RSAPadding? {
        let rsa = key.material.key
        guard let padding = padding(of: algorithm),
            operation == .encrypt && !rsa.isPrivate || operation == .decrypt && rsa.isPrivate,
            padding.maximumMessageByteCount(modulusByteCount: rsa.modulusByteCount) >= 0
        else { return nil }
        return padding
    }

    /// `input` encrypted or decrypted by `key` under `algorithm`, or the failure iOS reports.
    static func run(_ key: SecKey, _ operation: SecKeyOperationType, _ algorithm: SecKeyAlgorithm, _ input: [UInt8])
        throws(SecKeyFailure) -> [UInt8]
    {
        guard let padding = padding(key, operation, algorithm) else {
            throw SecKeyFailure(errSecParam, "\(algorithm.identifier): algorithm not supported by the key \(key)")
        }
        let rsa = key.material.key
        do throws(AsymmetricKeyError) {
            return operation == .encrypt
                ? try rsa.encrypt(input, padding: padding) : try rsa.decrypt(input, padding: padding)
        } catch {
            switch error {
            case .library(let failure): throw SecKeyFailure(errSecInternalComponent, "\(failure)")
            default:
                let call = operation == .encrypt ? "RSAencrypt wrong input size" : "RSAdecrypt wrong input"
                throw SecKeyFailure(errSecParam, "\(call) (\(error))")
            }
        }
    }

    /// The older calls' body: `padding` as an algorithm (none: raw, `.PKCS1`, `.OAEP`: OAEP with SHA-1; any other
    /// `errSecParam`, as iOS's `SecKeyDecrypt`), the operation run, `write` handed the result.
    static func legacy(
        _ key: SecKey, _ operation: SecKeyOperationType, _ padding: SecPadding, _ input: UnsafeBufferPointer<UInt8>,
        write: ([UInt8]) throws(SecKeyFailure) -> Void
    ) -> OSStatus {
        let algorithm: SecKeyAlgorithm
        switch padding {
        case []: algorithm = .rsaEncryptionRaw
        case .PKCS1: algorithm = .rsaEncryptionPKCS1
        case .OAEP: algorithm = .rsaEncryptionOAEPSHA1
        default: return errSecParam
        }
        do throws(SecKeyFailure) {
            try write(try run(key, operation, algorithm, Array(input)))
            return errSecSuccess
        } catch {
            return error.status
        }
    }

    /// Copies `result` to `buffer`, whose size `length` gives and then receives; a smaller buffer is `errSecParam`.
    static func write(_ result: [UInt8], to buffer: UnsafeMutablePointer<UInt8>, length: UnsafeMutablePointer<Int>)
        throws(SecKeyFailure)
    {
        guard result.count <= length.pointee else {
            throw SecKeyFailure(errSecParam, "buffer too small: \(result.count) bytes needed, \(length.pointee) given")
        }
        buffer.update(from: result, count: result.count)
        length.pointee = result.count
    }
}

extension SecKey: CustomStringConvertible {
    /// The key as iOS prints a SecKeyRef, in brief: its type and block size.
    public var description: String {
        let rsa = material.key
        return "<SecKeyRef algorithm id: 1, key type: \(rsa.isPrivate ? "RSAPrivateKey" : "RSAPublicKey"), "
            + "block size: \(rsa.bitCount) bits>"
    }
}
