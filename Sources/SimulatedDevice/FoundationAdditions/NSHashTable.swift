public import Foundation

// `NSHashTable`, which Foundation on Linux does not have: extension code keeps weak sets of observers or
// delegates in one (`NSHashTable<AnyObject>.weakObjects()`). Each user's module imports SimulatedDevice
// implicitly, so the unchanged code finds this one. Like Apple's, it is no `Sequence` (iterate `allObjects`). Members are compared with `isEqual(_:)` and `hash`
// (by identity with `objectPointerPersonality`), held strongly or weakly as the options say; a weakly
// held member that is gone is gone. Not thread-safe, like Apple's.

/// A set of objects that can be held weakly, as Apple's Foundation has it.
open class NSHashTable<ObjectType: AnyObject>: NSObject, NSCopying {
    private var table: ReferenceTable<Void>

    /// A set holding and comparing its members as `options` says.
    public init(options: NSPointerFunctions.Options = [], capacity initialCapacity: Int) {
        table = ReferenceTable(keyOptions: options, valuesWeak: false) { _ in true }
        super.init()
    }

    /// A set holding and comparing its members as `options` says.
    public convenience init(options: NSPointerFunctions.Options = []) { self.init(options: options, capacity: 0) }

    /// A set with these functions' options.
    public convenience init(pointerFunctions functions: NSPointerFunctions, capacity initialCapacity: Int) {
        self.init(options: functions.options, capacity: initialCapacity)
    }

    /// A set holding its members weakly.
    open class func weakObjects() -> NSHashTable<ObjectType> { NSHashTable(options: .weakMemory) }

    /// The options members are held and compared with.
    open var pointerFunctions: NSPointerFunctions { NSPointerFunctions(options: table.keyOptions) }

    /// The members still there.
    open var count: Int { table.count }

    /// The member equal to `object`, or nil.
    open func member(_ object: ObjectType?) -> ObjectType? {
        guard let object else { return nil }
        return table.entry(for: object)?.key as? ObjectType
    }

    /// Whether a member equals `anObject`.
    open func contains(_ anObject: ObjectType?) -> Bool { member(anObject) != nil }

    /// Adds `object` unless an equal member is there; nil does nothing.
    open func add(_ object: ObjectType?) {
        guard let object, member(object) == nil else { return }
        let options = table.keyOptions
        table.set((), for: object) { copiedIn(object, options, as: ObjectType.self) }
    }

    /// Removes the member equal to `object`, if any.
    open func remove(_ object: ObjectType?) {
        guard let object else { return }
        table.remove(object)
    }

    /// Removes every member.
    open func removeAllObjects() { table.removeAll() }

    /// The members, as they are now.
    open var allObjects: [ObjectType] { table.entries.compactMap { $0.key as? ObjectType } }

    /// One of the members, or nil when there are none.
    open var anyObject: ObjectType? { allObjects.first }

    /// The members, as they are now.
    open func objectEnumerator() -> NSEnumerator { SnapshotEnumerator(allObjects) }

    /// The members as a set: strings as `String`s (as on Apple's platforms), other `Hashable` members as
    /// themselves, the rest as their `ObjectIdentifier`.
    open var setRepresentation: Set<AnyHashable> {
        Set(allObjects.map { representationKey($0) })
    }

    /// Whether a member of `other` is a member here too.
    open func intersects(_ other: NSHashTable<ObjectType>) -> Bool { other.allObjects.contains { contains($0) } }

    /// Whether both have the same members.
    open func isEqual(to other: NSHashTable<ObjectType>) -> Bool { count == other.count && isSubset(of: other) }

    /// Whether every member is one of `other`'s.
    open func isSubset(of other: NSHashTable<ObjectType>) -> Bool { allObjects.allSatisfy { other.contains($0) } }

    /// Adds `other`'s members.
    open func union(_ other: NSHashTable<ObjectType>) {
        for object in other.allObjects { add(object) }
    }

    /// Removes the members not in `other`.
    open func intersect(_ other: NSHashTable<ObjectType>) {
        for object in allObjects where !other.contains(object) { remove(object) }
    }

    /// Removes `other`'s members.
    open func minus(_ other: NSHashTable<ObjectType>) {
        for object in other.allObjects { remove(object) }
    }

    /// A set with the same options and members.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSHashTable(options: table.keyOptions)
        copy.table = table
        return copy
    }
}
