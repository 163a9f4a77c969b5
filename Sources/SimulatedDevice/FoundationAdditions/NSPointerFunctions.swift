public import Foundation

// `NSPointerFunctions` and its options, which Foundation on Linux does not have: extension code that keeps
// weak references in an `NSMapTable` or `NSHashTable` names them (`keyOptions: .weakMemory`). Each user's
// module imports SimulatedDevice implicitly, so the unchanged code finds these. Only the options are used:
// their raw values are Apple's, a memory kind in the low byte, a personality in the next one.

/// How an `NSMapTable` or `NSHashTable` holds and compares its objects.
open class NSPointerFunctions: NSObject {
    /// A memory kind, a personality and `copyIn`, with Apple's raw values.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Holds its objects strongly (the default).
        public static let strongMemory: Options = []
        /// Pointers not managed (treated as strong here: the tables hold objects only).
        public static let opaqueMemory = Options(rawValue: 2)
        /// Memory from `malloc` (treated as strong here).
        public static let mallocMemory = Options(rawValue: 3)
        /// Mach virtual memory (treated as strong here).
        public static let machVirtualMemory = Options(rawValue: 4)
        /// Holds its objects weakly: an entry whose object is gone is gone.
        public static let weakMemory = Options(rawValue: 5)
        /// Compares with `isEqual(_:)` and `hash` (the default).
        public static let objectPersonality: Options = []
        /// Compares pointers (as `objectPointerPersonality` here).
        public static let opaquePersonality = Options(rawValue: 1 << 8)
        /// Compares pointers: `===`.
        public static let objectPointerPersonality = Options(rawValue: 2 << 8)
        /// C strings (compared as objects here).
        public static let cStringPersonality = Options(rawValue: 3 << 8)
        /// Structs (compared as objects here).
        public static let structPersonality = Options(rawValue: 4 << 8)
        /// Integers (compared as objects here).
        public static let integerPersonality = Options(rawValue: 5 << 8)
        /// Copies an object that can be copied (`NSCopying`) as it goes in.
        public static let copyIn = Options(rawValue: 1 << 16)

        /// Whether objects are held weakly: the memory kind is `weakMemory`.
        var holdsWeakly: Bool { rawValue & 0xFF == Self.weakMemory.rawValue }

        /// Whether objects are compared by identity rather than `isEqual(_:)`.
        var comparesIdentity: Bool {
            let personality = rawValue & 0xFF00
            return personality == Self.objectPointerPersonality.rawValue
                || personality == Self.opaquePersonality.rawValue
        }

        /// Whether objects are copied as they go in.
        var copiesIn: Bool { rawValue & Self.copyIn.rawValue != 0 }
    }

    /// The options these functions were made with.
    public let options: Options

    /// Functions for `options`.
    public init(options: Options = []) {
        self.options = options
        super.init()
    }
}

// The options' older names, which Swift code still passes (`keyOptions: NSMapTableWeakMemory`).

/// `NSPointerFunctions.Options.strongMemory`, by its `NSMapTable` name.
public let NSMapTableStrongMemory: NSPointerFunctions.Options = .strongMemory
/// `NSPointerFunctions.Options.weakMemory`, by its `NSMapTable` name.
public let NSMapTableWeakMemory: NSPointerFunctions.Options = .weakMemory
/// `NSPointerFunctions.Options.weakMemory`, by its older `NSMapTable` name.
public let NSMapTableZeroingWeakMemory: NSPointerFunctions.Options = .weakMemory
/// `NSPointerFunctions.Options.copyIn`, by its `NSMapTable` name.
public let NSMapTableCopyIn: NSPointerFunctions.Options = .copyIn
/// `NSPointerFunctions.Options.objectPointerPersonality`, by its `NSMapTable` name.
public let NSMapTableObjectPointerPersonality: NSPointerFunctions.Options = .objectPointerPersonality
/// `NSPointerFunctions.Options.strongMemory`, by its `NSHashTable` name.
public let NSHashTableStrongMemory: NSPointerFunctions.Options = .strongMemory
/// `NSPointerFunctions.Options.weakMemory`, by its `NSHashTable` name.
public let NSHashTableWeakMemory: NSPointerFunctions.Options = .weakMemory
/// `NSPointerFunctions.Options.weakMemory`, by its older `NSHashTable` name.
public let NSHashTableZeroingWeakMemory: NSPointerFunctions.Options = .weakMemory
/// `NSPointerFunctions.Options.copyIn`, by its `NSHashTable` name.
public let NSHashTableCopyIn: NSPointerFunctions.Options = .copyIn
/// `NSPointerFunctions.Options.objectPointerPersonality`, by its `NSHashTable` name.
public let NSHashTableObjectPointerPersonality: NSPointerFunctions.Options = .objectPointerPersonality
