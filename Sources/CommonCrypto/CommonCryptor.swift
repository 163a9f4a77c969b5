// CommonCrypto's one-shot symmetric cipher, `CCCrypt` (CommonCryptor.h), as Swift imports it: the typedefs are
// `uint32_t`, the constants come from anonymous enums and import as `Int` (so extensions write
// `CCOperation(kCCDecrypt)`, `CCOptions(kCCOptionPKCS7Padding)`, `data.count + kCCBlockSizeAES128`).
//
// AES-128, -192 and -256 in CBC (the default) or ECB (`kCCOptionECBMode`), with or without PKCS #7 padding, run
// here over OpenSSL, following Apple's CommonCryptor.c: the output size is worked out first and a buffer too small
// for it is `kCCBufferTooSmall` with the size in `dataOutMoved`; a missing IV is zeros; and decrypting with
// padding reads only the last byte, as corecrypto's `ccpad_pkcs7_decode` does: 1 to 16 bytes are removed, and a
// last byte of 0 or over 16 removes none, the call still succeeding (a wrong key is not `kCCDecodeError` there).
// DES, 3DES, CAST, RC4, RC2 and Blowfish are named so code naming them compiles; their calls return
// `kCCUnimplemented`, and the cryptor objects (`CCCryptorCreate`, ...) are not here.
@_implementationOnly import NSEBenchSystem

/// Encrypt or decrypt: `kCCEncrypt`, `kCCDecrypt`.
public typealias CCOperation = UInt32
/// The cipher: `kCCAlgorithmAES`, ...
public typealias CCAlgorithm = UInt32
/// Option bits: `kCCOptionPKCS7Padding`, `kCCOptionECBMode`.
public typealias CCOptions = UInt32

/// Encrypt.
public var kCCEncrypt: Int { 0 }
/// Decrypt.
public var kCCDecrypt: Int { 1 }

/// AES (the older name, from when only 128-bit blocks were meant; any AES key size).
public var kCCAlgorithmAES128: Int { 0 }
/// AES, with a 16-, 24- or 32-byte key.
public var kCCAlgorithmAES: Int { 0 }
/// DES: not simulated (`kCCUnimplemented`).
public var kCCAlgorithmDES: Int { 1 }
/// Triple DES: not simulated (`kCCUnimplemented`).
public var kCCAlgorithm3DES: Int { 2 }
/// CAST: not simulated (`kCCUnimplemented`).
public var kCCAlgorithmCAST: Int { 3 }
/// RC4: not simulated (`kCCUnimplemented`).
public var kCCAlgorithmRC4: Int { 4 }
/// RC2: not simulated (`kCCUnimplemented`).
public var kCCAlgorithmRC2: Int { 5 }
/// Blowfish: not simulated (`kCCUnimplemented`).
public var kCCAlgorithmBlowfish: Int { 6 }

/// PKCS #7 padding: encrypting adds 1 to 16 bytes, decrypting removes them.
public var kCCOptionPKCS7Padding: Int { 0x0001 }
/// ECB mode (each block alone, no IV) instead of CBC.
public var kCCOptionECBMode: Int { 0x0002 }

/// AES-128's key: 16 bytes.
public var kCCKeySizeAES128: Int { 16 }
/// AES-192's key: 24 bytes.
public var kCCKeySizeAES192: Int { 24 }
/// AES-256's key: 32 bytes.
public var kCCKeySizeAES256: Int { 32 }
/// DES's key: 8 bytes.
public var kCCKeySizeDES: Int { 8 }
/// Triple DES's key: 24 bytes.
public var kCCKeySize3DES: Int { 24 }
/// CAST's shortest key: 5 bytes.
public var kCCKeySizeMinCAST: Int { 5 }
/// CAST's longest key: 16 bytes.
public var kCCKeySizeMaxCAST: Int { 16 }
/// RC4's shortest key: 1 byte.
public var kCCKeySizeMinRC4: Int { 1 }
/// RC4's longest key: 512 bytes.
public var kCCKeySizeMaxRC4: Int { 512 }
/// RC2's shortest key: 1 byte.
public var kCCKeySizeMinRC2: Int { 1 }
/// RC2's longest key: 128 bytes.
public var kCCKeySizeMaxRC2: Int { 128 }
/// Blowfish's shortest key: 8 bytes.
public var kCCKeySizeMinBlowfish: Int { 8 }
/// Blowfish's longest key: 56 bytes.
public var kCCKeySizeMaxBlowfish: Int { 56 }

/// AES's block (whatever the key size): 16 bytes.
public var kCCBlockSizeAES128: Int { 16 }
/// DES's block: 8 bytes.
public var kCCBlockSizeDES: Int { 8 }
/// Triple DES's block: 8 bytes.
public var kCCBlockSize3DES: Int { 8 }
/// CAST's block: 8 bytes.
public var kCCBlockSizeCAST: Int { 8 }
/// RC2's block: 8 bytes.
public var kCCBlockSizeRC2: Int { 8 }
/// Blowfish's block: 8 bytes.
public var kCCBlockSizeBlowfish: Int { 8 }

/// Encrypts or decrypts `dataInLength` bytes at `dataIn` with `alg` under `key` into `dataOut`, in one call.
///
/// `options` picks ECB (`kCCOptionECBMode`, else CBC from `iv`, zeros when nil) and PKCS #7 padding. The output's
/// size is worked out first (encrypting with padding: the input rounded up past the next block; decrypting with
/// padding: the input's size; without: the input rounded down to whole blocks) and written to `dataOutMoved`;
/// when `dataOutAvailable` is smaller the call returns `kCCBufferTooSmall`, having written nothing. Otherwise
/// `dataOutMoved` receives the bytes written. Input that is not whole blocks (decrypting, or encrypting without
/// padding) returns `kCCAlignmentError` after its whole blocks; a key of another size `kCCKeySizeError`; a nil key
/// or an unknown operation or algorithm `kCCParamError`; an algorithm other than AES `kCCUnimplemented`.
public func CCCrypt(
    _ op: CCOperation, _ alg: CCAlgorithm, _ options: CCOptions, _ key: UnsafeRawPointer!, _ keyLength: Int,
    _ iv: UnsafeRawPointer!, _ dataIn: UnsafeRawPointer!, _ dataInLength: Int, _ dataOut: UnsafeMutableRawPointer!,
    _ dataOutAvailable: Int, _ dataOutMoved: UnsafeMutablePointer<Int>!
) -> CCCryptorStatus {
    let request = CryptRequest(
        op: op, alg: alg, options: options, key: key, keyLength: keyLength, iv: iv, dataIn: dataIn,
        dataInLength: dataInLength)
    return request.run(into: dataOut, available: dataOutAvailable, moved: dataOutMoved)
}

/// One `CCCrypt` call's arguments, checked and run in the order Apple's CommonCryptor.c checks them.
struct CryptRequest {
    var op: CCOperation
    var alg: CCAlgorithm
    var options: CCOptions
    var key: UnsafeRawPointer?
    var keyLength: Int
    var iv: UnsafeRawPointer?
    var dataIn: UnsafeRawPointer?
    var dataInLength: Int

    private var encrypting: Bool { op == CCOperation(kCCEncrypt) }
    private var padded: Bool { options & CCOptions(kCCOptionPKCS7Padding) != 0 }
    private var mode: BlockCipherMode { options & CCOptions(kCCOptionECBMode) != 0 ? .ecb : .cbc }
    private static let block = kCCBlockSizeAES128

    /// The bytes the call writes when it succeeds (CommonCrypto's `CCCryptorGetOutputLength(..., final: true)`).
    var outputByteCount: Int {
        let whole = dataInLength / Self.block * Self.block
        guard padded else { return whole }
        return encrypting ? whole + Self.block : dataInLength
    }

    func run(into dataOut: UnsafeMutableRawPointer?, available: Int, moved: UnsafeMutablePointer<Int>?)
        -> CCCryptorStatus
    {
        guard op == CCOperation(kCCEncrypt) || op == CCOperation(kCCDecrypt), alg <= CCAlgorithm(kCCAlgorithmBlowfish),
            let key, keyLength >= 0, dataInLength >= 0
        else { return CryptorStatus.parameter }
        guard alg == CCAlgorithm(kCCAlgorithmAES) else { return CryptorStatus.unimplemented }
        guard BlockCipher.aesKeyByteCounts.contains(keyLength) else { return CryptorStatus.keySize }
        let needed = outputByteCount
        moved?.pointee = needed
        guard needed <= available else { return CryptorStatus.bufferTooSmall }
        guard dataIn != nil || dataInLength == 0, dataOut != nil || needed == 0 else { return CryptorStatus.parameter }
        let input = UnsafeRawBufferPointer(start: dataIn, count: dataInLength)
        let keyBytes = Array(UnsafeRawBufferPointer(start: key, count: keyLength))
        let ivBytes = iv.map { Array(UnsafeRawBufferPointer(start: $0, count: Self.block)) }
        let output: [UInt8]
        var status = CryptorStatus.success
        do throws(BlockCipherError) {
            if encrypting && padded {
                output = try cipher(Self.padded(input), key: keyBytes, iv: ivBytes)
            } else {
                let whole = dataInLength / Self.block * Self.block
                if whole != dataInLength { status = CryptorStatus.alignment }
                let blocks = try cipher(Array(input.prefix(whole)), key: keyBytes, iv: ivBytes)
                output = encrypting || !padded || status != CryptorStatus.success ? blocks : Self.unpadded(blocks)
            }
        } catch {
            // Only OpenSSL itself fails here (the sizes were checked above): out of memory, or a provider missing.
            return CryptorStatus.unspecified
        }
        if let dataOut, !output.isEmpty { dataOut.copyMemory(from: output, byteCount: output.count) }
        moved?.pointee = output.count
        return status
    }

    private func cipher(_ input: [UInt8], key: [UInt8], iv: [UInt8]?) throws(BlockCipherError) -> [UInt8] {
        let result = input.withUnsafeBytes { bytes -> Result<[UInt8], BlockCipherError> in
            Result { () throws(BlockCipherError) in
                try BlockCipher.aes(
                    bytes, encrypting: encrypting, mode: mode, key: key,
                    iv: iv ?? [UInt8](repeating: 0, count: Self.block))
            }
        }
        return try result.get()
    }

    /// `input` with PKCS #7 padding: 1 to 16 bytes, each the count.
    static func padded(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        let count = block - input.count % block
        return Array(input) + [UInt8](repeating: UInt8(count), count: count)
    }

    /// `blocks` less the padding its last byte counts, as corecrypto's `ccpad_pkcs7_decode` reads it: that byte
    /// alone, 1 to 16 bytes removed, none when it is 0 or over 16 (the other padding bytes are not checked).
    static func unpadded(_ blocks: [UInt8]) -> [UInt8] {
        guard let last = blocks.last, (1...block).contains(Int(last)) else { return blocks }
        return Array(blocks.dropLast(Int(last)))
    }
}
