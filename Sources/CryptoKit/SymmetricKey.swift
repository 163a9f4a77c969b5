public import Foundation

/// A key size, as CryptoKit's.
public struct SymmetricKeySize: Sendable, Hashable {
    /// The size in bits.
    public let bitCount: Int

    /// A size of `bitCount` bits.
    public init(bitCount: Int) {
        precondition(bitCount > 0 && bitCount % 8 == 0, "a key size is a positive multiple of 8 bits")
        self.bitCount = bitCount
    }

    /// 128 bits.
    public static var bits128: SymmetricKeySize { SymmetricKeySize(bitCount: 128) }
    /// 192 bits.
    public static var bits192: SymmetricKeySize { SymmetricKeySize(bitCount: 192) }
    /// 256 bits.
    public static var bits256: SymmetricKeySize { SymmetricKeySize(bitCount: 256) }
}

/// A symmetric key, as CryptoKit's.
public struct SymmetricKey: Sendable, Hashable, ContiguousBytes {
    let bytes: [UInt8]

    /// A key holding `data`'s bytes.
    public init<D: ContiguousBytes>(data: D) {
        bytes = data.withUnsafeBytes { Array($0) }
    }

    /// A random key of `size`, from the system's generator (getrandom(2)), as CryptoKit's.
    public init(size: SymmetricKeySize) {
        bytes = RandomBytes.make(size.bitCount / 8)
    }

    /// The key's size in bits.
    public var bitCount: Int { bytes.count * 8 }

    /// Calls `body` with the key's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Whether both keys hold the same bytes, compared in time independent of where they differ.
    public static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool {
        ConstantTime.equal(lhs.bytes, rhs.bytes)
    }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// Random bytes from the system generator, which reads getrandom(2), as CryptoKit's keys and nonces do.
enum RandomBytes {
    static func make(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}

/// Comparison whose time does not depend on where two byte strings differ, as CryptoKit's for keys and
/// authentication codes.
enum ConstantTime {
    static func equal<L: ContiguousBytes, R: ContiguousBytes>(_ lhs: L, _ rhs: R) -> Bool {
        lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                guard left.count == right.count else { return false }
                var difference: UInt8 = 0
                for index in 0..<left.count { difference |= left[index] ^ right[index] }
                return difference == 0
            }
        }
    }
}
