import Synchronization

private let nextIdentifier = Atomic<UInt64>(0)

/// A unique identifier for a publisher's or subscriber's stream, as Apple's: from an object's identity, or a
/// fresh value.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let rawValue: UInt64

    /// A new identifier, unique in this process.
    public init() {
        rawValue = nextIdentifier.add(1, ordering: .relaxed).newValue
    }

    /// The identifier of `obj`, by its identity.
    public init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj).hashValue)) | (1 << 63)
    }

    /// The identifier's value in hexadecimal.
    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// A type that can identify its Combine stream; classes get one from their identity, as Apple's.
public protocol CustomCombineIdentifierConvertible {
    /// The stream's identifier.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// The identifier of this object, by its identity.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
