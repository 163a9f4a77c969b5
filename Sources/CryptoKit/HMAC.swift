public import Foundation

/// A message authentication code, as CryptoKit's protocol: bytes compared in constant time.
public protocol MessageAuthenticationCode: Hashable, Sendable, ContiguousBytes, CustomStringConvertible, Sequence
where Element == UInt8 {
    /// The code's size in bytes.
    var byteCount: Int { get }
}

/// A message authentication code algorithm, as CryptoKit's protocol: keyed, fed piece by piece.
public protocol MACAlgorithm {
    /// The key type.
    associatedtype Key
    /// The code type.
    associatedtype MAC: MessageAuthenticationCode
    /// An algorithm keyed with `key`.
    init(key: Key)
    /// Adds the bytes `bufferPointer` points at.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The code of everything added.
    func finalize() -> MAC
}

/// An HMAC's output, as CryptoKit's `HashedAuthenticationCode<H>`.
public struct HashedAuthenticationCode<H: HashFunction>: MessageAuthenticationCode {
    let bytes: [UInt8]

    /// The code's size in bytes: `H`'s digest size.
    public var byteCount: Int { bytes.count }

    /// Calls `body` with the code's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// The code's bytes, in order.
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

    /// What CryptoKit prints: the hash's name and the code in hexadecimal.
    public var description: String { "HMAC with \(H.self): \(Hexadecimal.text(bytes))" }

    /// Whether both hold the same bytes, compared in constant time.
    public static func == (lhs: Self, rhs: Self) -> Bool { ConstantTime.equal(lhs.bytes, rhs.bytes) }

    /// Whether the code holds `data`'s bytes, compared in constant time.
    public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool { ConstantTime.equal(lhs.bytes, Array(rhs)) }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// HMAC (RFC 2104) over any ``HashFunction``, as CryptoKit's `HMAC<H>`: fed piece by piece, or all at
/// once with ``authenticationCode(for:using:)``.
public struct HMAC<H: HashFunction>: MACAlgorithm, Sendable {
    /// The code type.
    public typealias MAC = HashedAuthenticationCode<H>
    /// The key type.
    public typealias Key = SymmetricKey

    private var inner: H
    private let outerKey: [UInt8]

    /// An HMAC keyed with `key`: a key longer than `H`'s block is hashed first, then padded with zeros.
    public init(key: SymmetricKey) {
        var block = key.bytes
        if block.count > H.blockByteCount { block = H.hash(data: block).withUnsafeBytes { Array($0) } }
        block += [UInt8](repeating: 0, count: H.blockByteCount - block.count)
        inner = H()
        inner.update(data: block.map { $0 ^ 0x36 })
        outerKey = block.map { $0 ^ 0x5C }
    }

    /// Adds `data`'s bytes.
    public mutating func update<D: DataProtocol>(data: D) { inner.update(data: data) }

    /// Adds the bytes `bufferPointer` points at.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { inner.update(bufferPointer: bufferPointer) }

    /// The code of everything added.
    public func finalize() -> MAC {
        var outer = H()
        outer.update(data: outerKey)
        outer.update(data: inner.finalize().withUnsafeBytes { Array($0) })
        return MAC(bytes: outer.finalize().withUnsafeBytes { Array($0) })
    }

    /// The code of `data` under `key`.
    public static func authenticationCode<D: DataProtocol>(for data: D, using key: SymmetricKey) -> MAC {
        var hmac = HMAC(key: key)
        hmac.update(data: data)
        return hmac.finalize()
    }

    /// The code of the bytes `bufferPointer` points at, under `key`.
    public static func authenticationCode(bufferPointer: UnsafeRawBufferPointer, using key: SymmetricKey) -> MAC {
        var hmac = HMAC(key: key)
        hmac.update(bufferPointer: bufferPointer)
        return hmac.finalize()
    }

    /// Whether `mac` is `data`'s code under `key`, compared in constant time.
    public static func isValidAuthenticationCode<D: DataProtocol>(
        _ mac: MAC, authenticating data: D, using key: SymmetricKey
    ) -> Bool {
        authenticationCode(for: data, using: key) == mac
    }

    /// Whether `authenticationCode`'s bytes are `data`'s code under `key`, compared in constant time.
    public static func isValidAuthenticationCode<C: ContiguousBytes, D: DataProtocol>(
        _ authenticationCode: C, authenticating data: D, using key: SymmetricKey
    ) -> Bool {
        ConstantTime.equal(self.authenticationCode(for: data, using: key).bytes, authenticationCode)
    }

    /// Whether `authenticationCode`'s bytes are the code of the bytes at `bufferPointer` under `key`.
    public static func isValidAuthenticationCode<C: ContiguousBytes>(
        _ authenticationCode: C, authenticating bufferPointer: UnsafeRawBufferPointer, using key: SymmetricKey
    ) -> Bool {
        ConstantTime.equal(self.authenticationCode(bufferPointer: bufferPointer, using: key).bytes, authenticationCode)
    }
}
