// AES over whole blocks, padding off, through OpenSSL EVP: the cipher under CommonCrypto's `CCCrypt`, which pads
// and unpads as Apple's does (its PKCS#7 check reads only the last byte), so that stays in the CommonCrypto module.
import COpenSSL

/// How a block cipher chains its blocks, for ``BlockCipher``.
public enum BlockCipherMode: Sendable, Hashable {
    /// Electronic codebook: each block alone, no IV.
    case ecb
    /// Cipher block chaining from a one-block IV.
    case cbc
}

/// AES (FIPS 197) in ECB or CBC over a whole number of 16-byte blocks.
///
/// ```swift
/// let ciphertext = try plaintext.withUnsafeBytes {
///     try BlockCipher.aes($0, encrypting: true, mode: .cbc, key: key, iv: iv)
/// }
/// ```
public enum BlockCipher {
    /// AES's block: 16 bytes.
    public static let aesBlockByteCount = 16

    /// The key sizes AES takes, in bytes (AES-128, -192, -256).
    public static let aesKeyByteCounts: Set<Int> = [16, 24, 32]

    /// `input` encrypted or decrypted with AES under `key` in `mode`, as many bytes as it has. `input` must be a
    /// whole number of blocks (none is taken too); `iv` is CBC's first block, 16 bytes (ECB reads none).
    public static func aes(
        _ input: UnsafeRawBufferPointer, encrypting: Bool, mode: BlockCipherMode, key: [UInt8], iv: [UInt8]
    ) throws(BlockCipherError) -> [UInt8] {
        guard aesKeyByteCounts.contains(key.count) else { throw .invalidKeyLength(key.count) }
        guard mode == .ecb || iv.count == aesBlockByteCount else { throw .invalidIVLength(iv.count) }
        guard input.count % aesBlockByteCount == 0 else { throw .unalignedInput(input.count) }
        guard input.count <= Int(Int32.max) - aesBlockByteCount else { throw .unalignedInput(input.count) }
        guard let context = EVP_CIPHER_CTX_new() else { throw .library(.capture("EVP_CIPHER_CTX_new")) }
        defer { EVP_CIPHER_CTX_free(context) }
        let cipher = evp(mode, keyByteCount: key.count)
        let initialise = encrypting ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
        let status = iv.withUnsafeBufferPointer { iv in
            initialise(context, cipher, nil, key, mode == .cbc ? iv.baseAddress : nil)
        }
        guard status == 1 else { throw .library(.capture(encrypting ? "EVP_EncryptInit_ex" : "EVP_DecryptInit_ex")) }
        guard EVP_CIPHER_CTX_set_padding(context, 0) == 1 else {
            throw .library(.capture("EVP_CIPHER_CTX_set_padding"))
        }
        var output = [UInt8](repeating: 0, count: input.count + aesBlockByteCount)
        var written: Int32 = 0
        if let bytes = input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count > 0 {
            let update = encrypting ? EVP_EncryptUpdate : EVP_DecryptUpdate
            guard update(context, &output, &written, bytes, Int32(input.count)) == 1 else {
                throw .library(.capture("EVP_CipherUpdate"))
            }
        }
        var last: Int32 = 0
        let finish = encrypting ? EVP_EncryptFinal_ex : EVP_DecryptFinal_ex
        let finished = output.withUnsafeMutableBufferPointer { buffer in
            finish(context, buffer.baseAddress.map { $0 + Int(written) }, &last)
        }
        guard finished == 1 else { throw .library(.capture("EVP_CipherFinal_ex")) }
        output.removeLast(output.count - Int(written + last))
        return output
    }

    private static func evp(_ mode: BlockCipherMode, keyByteCount: Int) -> OpaquePointer? {
        switch (mode, keyByteCount) {
        case (.ecb, 16): EVP_aes_128_ecb()
        case (.ecb, 24): EVP_aes_192_ecb()
        case (.ecb, _): EVP_aes_256_ecb()
        case (.cbc, 16): EVP_aes_128_cbc()
        case (.cbc, 24): EVP_aes_192_cbc()
        case (.cbc, _): EVP_aes_256_cbc()
        }
    }
}

/// Why ``BlockCipher/aes(_:encrypting:mode:key:iv:)`` failed: the caller's input, or OpenSSL itself.
public enum BlockCipherError: Error, Equatable, CustomStringConvertible {
    /// The key's size, in bytes, is not AES's 16, 24 or 32.
    case invalidKeyLength(Int)
    /// CBC's IV, in bytes, is not one 16-byte block.
    case invalidIVLength(Int)
    /// The input's size, in bytes, is not a whole number of 16-byte blocks (or is too large for OpenSSL).
    case unalignedInput(Int)
    /// OpenSSL itself failed.
    case library(OpenSSLError)

    public var description: String {
        switch self {
        case .invalidKeyLength(let count): "an AES key must be 16, 24 or 32 bytes, got \(count)"
        case .invalidIVLength(let count): "a CBC IV must be 16 bytes, got \(count)"
        case .unalignedInput(let count): "AES without padding takes whole 16-byte blocks, got \(count) bytes"
        case .library(let error): error.description
        }
    }
}
