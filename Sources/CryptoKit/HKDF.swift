public import Foundation

/// HKDF (RFC 5869) over any ``HashFunction``, as CryptoKit's `HKDF<H>`.
public struct HKDF<H: HashFunction>: Sendable {
    /// A key of `outputByteCount` bytes from `inputKeyMaterial`, `salt` and `info`: extract, then expand.
    public static func deriveKey<Salt: DataProtocol, Info: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt, info: Info, outputByteCount: Int
    ) -> SymmetricKey {
        expand(
            pseudoRandomKey: extract(inputKeyMaterial: inputKeyMaterial, salt: salt), info: info,
            outputByteCount: outputByteCount)
    }

    /// A key with no salt (RFC 5869: a block of zeros).
    public static func deriveKey<Info: DataProtocol>(
        inputKeyMaterial: SymmetricKey, info: Info, outputByteCount: Int
    ) -> SymmetricKey {
        deriveKey(inputKeyMaterial: inputKeyMaterial, salt: [UInt8](), info: info, outputByteCount: outputByteCount)
    }

    /// A key with neither salt nor info.
    public static func deriveKey(inputKeyMaterial: SymmetricKey, outputByteCount: Int) -> SymmetricKey {
        deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: [UInt8](), info: [UInt8](), outputByteCount: outputByteCount)
    }

    /// A key with a salt and no info.
    public static func deriveKey<Salt: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt, outputByteCount: Int
    ) -> SymmetricKey {
        deriveKey(inputKeyMaterial: inputKeyMaterial, salt: salt, info: [UInt8](), outputByteCount: outputByteCount)
    }

    /// RFC 5869's extract: `HMAC(salt, inputKeyMaterial)`; an empty salt is `H`'s size of zeros.
    public static func extract<Salt: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt?
    ) -> HashedAuthenticationCode<H> {
        var key = salt.map { Array($0) } ?? []
        if key.isEmpty { key = [UInt8](repeating: 0, count: H.byteCount) }
        return HMAC<H>.authenticationCode(for: inputKeyMaterial.bytes, using: SymmetricKey(data: key))
    }

    /// RFC 5869's expand: `T(1) ‖ T(2) ‖ …` cut to `outputByteCount`, where
    /// `T(n) = HMAC(pseudoRandomKey, T(n-1) ‖ info ‖ n)`. At most 255 blocks, as the RFC allows.
    public static func expand<PRK: ContiguousBytes, Info: DataProtocol>(
        pseudoRandomKey prk: PRK, info: Info?, outputByteCount: Int
    ) -> SymmetricKey {
        // Apple's CryptoKit traps on both, so a user's extension crashes here as it would on a phone.
        precondition(outputByteCount > 0, "HKDF's output is at least 1 byte")
        let blocks = (outputByteCount + H.byteCount - 1) / H.byteCount
        precondition(blocks <= 255, "HKDF can expand to at most 255 blocks of \(H.byteCount) bytes")
        let key = SymmetricKey(data: prk)
        let info = info.map { Array($0) } ?? []
        var output: [UInt8] = []
        var previous: [UInt8] = []
        for counter in 0..<blocks {
            var hmac = HMAC<H>(key: key)
            hmac.update(data: previous + info + [UInt8(counter + 1)])
            previous = hmac.finalize().bytes
            output += previous
        }
        return SymmetricKey(data: output.prefix(outputByteCount))
    }
}
