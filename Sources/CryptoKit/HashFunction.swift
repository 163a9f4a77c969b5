public import Foundation

/// A hash's output, as CryptoKit's `Digest`: its bytes, compared in constant time.
public protocol Digest: Hashable, Sendable, ContiguousBytes, CustomStringConvertible, Sequence
where Element == UInt8 {
    /// The digest's size in bytes.
    static var byteCount: Int { get }
}

extension Digest {
    /// Whether the digest holds `data`'s bytes, compared in constant time.
    public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool {
        ConstantTime.equal(lhs.withUnsafeBytes { Array($0) }, Array(rhs))
    }
}

/// A hash function, as CryptoKit's `HashFunction`: fed piece by piece, or all at once with ``hash(data:)``.
public protocol HashFunction: Sendable {
    /// The digest type.
    associatedtype Digest: CryptoKit.Digest
    /// The size of the blocks the function compresses, in bytes.
    static var blockByteCount: Int { get }
    /// A hash of nothing yet.
    init()
    /// Adds the bytes `bufferPointer` points at.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The digest of everything added; the hash itself is left as it was.
    func finalize() -> Digest
}

extension HashFunction {
    /// The digest's size in bytes.
    public static var byteCount: Int { Digest.byteCount }

    /// The digest of `data`.
    public static func hash<D: DataProtocol>(data: D) -> Digest {
        var function = Self()
        function.update(data: data)
        return function.finalize()
    }

    /// The digest of the bytes `bufferPointer` points at.
    public static func hash(bufferPointer: UnsafeRawBufferPointer) -> Digest {
        var function = Self()
        function.update(bufferPointer: bufferPointer)
        return function.finalize()
    }

    /// Adds `data`'s bytes, region by region.
    public mutating func update<D: DataProtocol>(data: D) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }
}
