public import Foundation

/// The secret a key agreement (``P256/KeyAgreement``, ``Curve25519/KeyAgreement``) gives, as CryptoKit's:
/// not a key until derived with ``hkdfDerivedSymmetricKey(using:salt:sharedInfo:outputByteCount:)`` or
/// ``x963DerivedSymmetricKey(using:sharedInfo:outputByteCount:)``.
public struct SharedSecret: ContiguousBytes, Sendable, CustomStringConvertible, Hashable {
    let bytes: [UInt8]

    /// A secret of `bytes`: the raw output of a key agreement (P-256's x coordinate, X25519's 32 bytes).
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Calls `body` with the secret's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// What CryptoKit prints: the type and the secret's bytes in hexadecimal.
    public var description: String { "SharedSecret: \(Hexadecimal.text(bytes))" }

    /// Whether both secrets hold the same bytes, compared in constant time.
    public static func == (lhs: SharedSecret, rhs: SharedSecret) -> Bool { ConstantTime.equal(lhs.bytes, rhs.bytes) }

    /// Whether the secret holds `data`'s bytes, compared in constant time.
    public static func == <D: DataProtocol>(lhs: SharedSecret, rhs: D) -> Bool {
        ConstantTime.equal(lhs.bytes, Array(rhs))
    }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// A key derived with HKDF (RFC 5869) over `H`, the secret as input key material.
    public func hkdfDerivedSymmetricKey<H: HashFunction, Salt: DataProtocol, SharedInfo: DataProtocol>(
        using hashFunction: H.Type, salt: Salt, sharedInfo: SharedInfo, outputByteCount: Int
    ) -> SymmetricKey {
        HKDF<H>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: bytes), salt: salt, info: sharedInfo, outputByteCount: outputByteCount)
    }

    /// A key derived with ANSI X9.63's KDF over `H`: `H(secret ‖ counter ‖ sharedInfo)` for counters 1, 2, …,
    /// concatenated and cut to `outputByteCount`.
    public func x963DerivedSymmetricKey<H: HashFunction, SharedInfo: DataProtocol>(
        using hashFunction: H.Type, sharedInfo: SharedInfo, outputByteCount: Int
    ) -> SymmetricKey {
        var output: [UInt8] = []
        var counter: UInt32 = 1
        let info = Array(sharedInfo)
        while output.count < outputByteCount {
            var hash = H()
            hash.update(data: bytes)
            hash.update(data: Swift.withUnsafeBytes(of: counter.bigEndian) { Array($0) })
            hash.update(data: info)
            output += hash.finalize().withUnsafeBytes { Array($0) }
            counter += 1
        }
        return SymmetricKey(data: output.prefix(outputByteCount))
    }
}

/// Lowercase hexadecimal, as CryptoKit's descriptions print bytes.
enum Hexadecimal {
    static func text<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
