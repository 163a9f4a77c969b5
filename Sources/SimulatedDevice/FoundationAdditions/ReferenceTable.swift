import Foundation

/// An object held strongly or weakly, as a table's options ask.
struct HeldReference {
    private let strong: AnyObject?
    private weak var weak: AnyObject?

    /// Holds `object` weakly when asked, except an immutable `NSString` or an `NSNumber`, held strongly: on
    /// Linux a Swift `String` or number passed as one (`"badge" as NSString`, `id as NSString`) is a new
    /// object no one else holds, which a weak table would drop at once, where Apple's keeps it (a literal
    /// or small value is an immortal tagged pointer, a longer string bridges to its own storage).
    init(_ object: AnyObject, weakly: Bool) {
        let bridged = object is NSNumber || (object is NSString && !(object is NSMutableString))
        let holdsWeakly = weakly && !bridged
        strong = holdsWeakly ? nil : object
        weak = holdsWeakly ? object : nil
    }

    /// The object, or nil once a weakly held one is gone.
    var object: AnyObject? { strong ?? weak }
}

/// The storage behind `NSMapTable` and `NSHashTable`: entries found by their key object, compared by
/// `isEqual(_:)` and `hash` or by identity, each key and value held strongly or weakly. Entries whose
/// weakly held key or value is gone are skipped by every read and swept out by writes, once as many
/// writes as the table had entries at the last sweep have passed (so a write costs O(1), amortized).
///
/// Not thread-safe, like Apple's tables. Buckets by hash, each a short list, so that an entry whose key
/// is gone never needs comparing.
struct ReferenceTable<Value> {
    private struct Entry {
        let key: HeldReference
        let value: Value
    }

    let keyOptions: NSPointerFunctions.Options
    private var buckets: [Int: [Entry]] = [:]
    private let isLive: (Value) -> Bool
    /// Whether entries can go by themselves (a key or value held weakly), so writes sweep them out.
    private let sweeps: Bool
    /// Writes left before the next sweep.
    private var writesBeforeSweep = 8

    /// A table comparing and holding keys as `keyOptions` says; `isLive` says whether a value is still there
    /// (false once a weakly held value is gone), `valuesWeak` whether it can stop being.
    init(keyOptions: NSPointerFunctions.Options, valuesWeak: Bool, isLive: @escaping (Value) -> Bool) {
        self.keyOptions = keyOptions
        self.isLive = isLive
        sweeps = keyOptions.holdsWeakly || valuesWeak
    }

    /// The live entries, in no particular order.
    var entries: [(key: AnyObject, value: Value)] {
        buckets.values.flatMap { bucket in
            bucket.compactMap { entry in
                guard let key = entry.key.object, isLive(entry.value) else { return nil }
                return (key, entry.value)
            }
        }
    }

    /// How many entries are live.
    var count: Int {
        var count = 0
        for bucket in buckets.values {
            for entry in bucket where entry.key.object != nil && isLive(entry.value) { count += 1 }
        }
        return count
    }

    /// The stored key equal to `key` and its value, or nil.
    func entry(for key: AnyObject) -> (key: AnyObject, value: Value)? {
        guard let bucket = buckets[hash(of: key)] else { return nil }
        for entry in bucket {
            if let stored = entry.key.object, matches(stored, key), isLive(entry.value) { return (stored, entry.value) }
        }
        return nil
    }

    /// Sets `value` for `key`, replacing the value of an equal key (whose stored key stays, as Apple's
    /// does); a new entry stores `stored()` (the key, or its copy under `copyIn`), filed under it.
    mutating func set(_ value: Value, for key: AnyObject, storing stored: () -> AnyObject) {
        if let index = index(of: key) {
            let kept = buckets[index.hash]![index.position]
            buckets[index.hash]![index.position] = Entry(key: kept.key, value: value)
        } else {
            let newKey = stored()
            buckets[hash(of: newKey), default: []].append(
                Entry(key: HeldReference(newKey, weakly: keyOptions.holdsWeakly), value: value))
        }
        wrote()
    }

    /// Removes the entry for `key`'s equal, if any.
    mutating func remove(_ key: AnyObject) {
        guard let index = index(of: key) else { return }
        buckets[index.hash]!.remove(at: index.position)
        if buckets[index.hash]!.isEmpty { buckets[index.hash] = nil }
        wrote()
    }

    mutating func removeAll() { buckets = [:] }

    private func index(of key: AnyObject) -> (hash: Int, position: Int)? {
        let hash = hash(of: key)
        guard let bucket = buckets[hash] else { return nil }
        let position = bucket.firstIndex { entry in
            guard let stored = entry.key.object, isLive(entry.value) else { return false }
            return matches(stored, key)
        }
        return position.map { (hash, $0) }
    }

    private mutating func wrote() {
        guard sweeps else { return }
        writesBeforeSweep -= 1
        guard writesBeforeSweep <= 0 else { return }
        buckets = buckets.compactMapValues { bucket in
            let kept = bucket.filter { $0.key.object != nil && isLive($0.value) }
            return kept.isEmpty ? nil : kept
        }
        writesBeforeSweep = max(8, count)
    }

    private func hash(of key: AnyObject) -> Int {
        if !keyOptions.comparesIdentity, let object = key as? NSObject { return object.hash }
        return ObjectIdentifier(key).hashValue
    }

    private func matches(_ stored: AnyObject, _ key: AnyObject) -> Bool {
        if stored === key { return true }
        guard !keyOptions.comparesIdentity, let stored = stored as? NSObject else { return false }
        return stored.isEqual(key)
    }
}

/// `object` as a table with `copyIn` in `options` stores it: its copy, when it can be copied and the copy
/// is still a `T` (pass `AnyObject.self` where the stored object is only handed out as `Any`); else itself.
func copiedIn<T>(_ object: AnyObject, _ options: NSPointerFunctions.Options, as type: T.Type) -> AnyObject {
    guard options.copiesIn, let copy = (object as? any NSCopying)?.copy(with: nil), copy is T else { return object }
    return copy as AnyObject
}

/// An `AnyHashable` for a table's key or member, as Apple's representations give it: a string as a
/// `String` (so `dictionary["id"]` finds it), a `Hashable` object as itself, anything else by identity.
func representationKey(_ object: AnyObject) -> AnyHashable {
    if let string = object as? NSString, !(object is NSMutableString) { return AnyHashable(string as String) }
    return (object as? AnyHashable) ?? AnyHashable(ObjectIdentifier(object))
}

/// An `NSEnumerator` over a snapshot of objects, as the tables' enumerators give.
final class SnapshotEnumerator: NSEnumerator {
    private var remaining: IndexingIterator<[AnyObject]>

    init(_ objects: [AnyObject]) {
        remaining = objects.makeIterator()
        super.init()
    }

    override func nextObject() -> Any? { remaining.next() }
}
