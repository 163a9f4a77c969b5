public import Foundation

// `NSMapTable`, which Foundation on Linux does not have: extension code keeps its in-flight downloads or
// per-user state in one, often with weak keys or values (Bluesky's extension keeps its image downloads in
// a weak-to-weak table). Each user's module imports SimulatedDevice implicitly, so the unchanged code
// finds this one. Like Apple's, it is no `Sequence` (iterate `keyEnumerator()`). Keys are compared with `isEqual(_:)` and `hash` (by identity with
// `objectPointerPersonality`), held strongly or weakly as the options say; an entry whose weakly held key
// or value is gone is gone. Not thread-safe, like Apple's.

/// A dictionary of objects whose keys and values can be held weakly, as Apple's Foundation has it.
open class NSMapTable<KeyType: AnyObject, ObjectType: AnyObject>: NSObject, NSCopying {
    private var table: ReferenceTable<HeldReference>
    private let valueOptions: NSPointerFunctions.Options

    /// A table holding and comparing keys and values as the options say.
    public init(
        keyOptions: NSPointerFunctions.Options = [], valueOptions: NSPointerFunctions.Options = [],
        capacity initialCapacity: Int
    ) {
        self.valueOptions = valueOptions
        table = ReferenceTable(keyOptions: keyOptions, valuesWeak: valueOptions.holdsWeakly) { $0.object != nil }
        super.init()
    }

    /// A table holding and comparing keys and values as the options say.
    public convenience init(
        keyOptions: NSPointerFunctions.Options = [], valueOptions: NSPointerFunctions.Options = []
    ) {
        self.init(keyOptions: keyOptions, valueOptions: valueOptions, capacity: 0)
    }

    /// A table with these key and value functions' options.
    public convenience init(
        keyPointerFunctions: NSPointerFunctions, valuePointerFunctions: NSPointerFunctions, capacity: Int
    ) {
        self.init(
            keyOptions: keyPointerFunctions.options, valueOptions: valuePointerFunctions.options, capacity: capacity)
    }

    /// Keys and values held strongly.
    open class func strongToStrongObjects() -> NSMapTable<KeyType, ObjectType> {
        NSMapTable(keyOptions: .strongMemory, valueOptions: .strongMemory)
    }

    /// Keys held weakly, values strongly.
    open class func weakToStrongObjects() -> NSMapTable<KeyType, ObjectType> {
        NSMapTable(keyOptions: .weakMemory, valueOptions: .strongMemory)
    }

    /// Keys held strongly, values weakly.
    open class func strongToWeakObjects() -> NSMapTable<KeyType, ObjectType> {
        NSMapTable(keyOptions: .strongMemory, valueOptions: .weakMemory)
    }

    /// Keys and values held weakly.
    open class func weakToWeakObjects() -> NSMapTable<KeyType, ObjectType> {
        NSMapTable(keyOptions: .weakMemory, valueOptions: .weakMemory)
    }

    /// The options keys are held and compared with.
    open var keyPointerFunctions: NSPointerFunctions { NSPointerFunctions(options: table.keyOptions) }

    /// The options values are held with.
    open var valuePointerFunctions: NSPointerFunctions { NSPointerFunctions(options: valueOptions) }

    /// The value for `aKey`, or nil (also once a weakly held key or value is gone).
    open func object(forKey aKey: KeyType?) -> ObjectType? {
        guard let aKey else { return nil }
        return table.entry(for: aKey)?.value.object as? ObjectType
    }

    /// Sets `anObject` for `aKey`; a nil object removes the key's entry, a nil key does nothing.
    open func setObject(_ anObject: ObjectType?, forKey aKey: KeyType?) {
        guard let aKey else { return }
        guard let anObject else { return table.remove(aKey) }
        // Values are handed out as `ObjectType`, so only a copy of that type is kept; keys only as `Any`, so
        // a mutable string key is copied into an immutable one, as Apple's table copies it.
        let value = copiedIn(anObject, valueOptions, as: ObjectType.self)
        let keyOptions = table.keyOptions
        table.set(HeldReference(value, weakly: valueOptions.holdsWeakly), for: aKey) {
            copiedIn(aKey, keyOptions, as: AnyObject.self)
        }
    }

    /// Removes the entry for `aKey`, if any.
    open func removeObject(forKey aKey: KeyType?) {
        guard let aKey else { return }
        table.remove(aKey)
    }

    /// Removes every entry.
    open func removeAllObjects() { table.removeAll() }

    /// The entries whose key and value are still there.
    open var count: Int { table.count }

    /// The keys, as they are now.
    open func keyEnumerator() -> NSEnumerator { SnapshotEnumerator(table.entries.map(\.key)) }

    /// The values, as they are now.
    open func objectEnumerator() -> NSEnumerator? {
        SnapshotEnumerator(table.entries.compactMap { $0.value.object })
    }

    /// The entries as a dictionary: string keys as `String`s (`dictionary["id"]` finds one, as on Apple's
    /// platforms), other `Hashable` keys as themselves, the rest as their `ObjectIdentifier`.
    open func dictionaryRepresentation() -> [AnyHashable: ObjectType] {
        var dictionary: [AnyHashable: ObjectType] = [:]
        for (key, value) in table.entries {
            guard let object = value.object as? ObjectType else { continue }
            dictionary[representationKey(key)] = object
        }
        return dictionary
    }

    /// A table with the same options and entries.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSMapTable(keyOptions: table.keyOptions, valueOptions: valueOptions)
        copy.table = table
        return copy
    }
}
