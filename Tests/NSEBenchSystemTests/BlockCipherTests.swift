import Foundation
import Testing

@testable import NSEBenchSystem

/// The system layer's AES over whole blocks, under CommonCrypto's `CCCrypt` (whose own tests hold the NIST vectors):
/// what it refuses, and the keyed hashes beside it.
@Suite("AES blocks, HMAC and PBKDF2")
struct BlockCipherTests {
    @Test("a key of another size, a CBC IV of another size and input that is not whole blocks are refused")
    func refusals() {
        let block = [UInt8](repeating: 0, count: 16)
        func aes(_ input: [UInt8], key: [UInt8], iv: [UInt8], mode: BlockCipherMode = .cbc) throws(BlockCipherError) {
            _ = try input.withUnsafeBytes { bytes -> Result<[UInt8], BlockCipherError> in
                Result { () throws(BlockCipherError) in
                    try BlockCipher.aes(bytes, encrypting: true, mode: mode, key: key, iv: iv)
                }
            }.get()
        }
        #expect(throws: BlockCipherError.invalidKeyLength(15)) {
            try aes(block, key: Array(block.prefix(15)), iv: block)
        }
        #expect(throws: BlockCipherError.invalidIVLength(8)) { try aes(block, key: block, iv: Array(block.prefix(8))) }
        #expect(throws: BlockCipherError.unalignedInput(17)) { try aes(block + [1], key: block, iv: block) }
        #expect(throws: Never.self) { try aes(block, key: block, iv: [], mode: .ecb) }
    }

    @Test("HMAC and PBKDF2 take empty input, and PBKDF2 refuses no rounds or no key")
    func keyedHashes() throws {
        let empty = [UInt8]()
        let mac = empty.withUnsafeBytes { HMACDigest.authenticate($0, key: $0, using: .sha256) }
        // HMAC-SHA256 of the empty message under the empty key (Python's hmac gives the same).
        #expect(
            mac.map { String(format: "%02x", $0) }.joined()
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
        #expect(throws: PBKDF2Error.outOfRange("rounds", 0)) {
            try empty.withUnsafeBytes {
                try PBKDF2.derive(password: $0, salt: $0, rounds: 0, byteCount: 16, using: .sha1)
            }
        }
        #expect(throws: PBKDF2Error.outOfRange("the derived key's size", 0)) {
            try empty.withUnsafeBytes {
                try PBKDF2.derive(password: $0, salt: $0, rounds: 1, byteCount: 0, using: .sha1)
            }
        }
    }
}
