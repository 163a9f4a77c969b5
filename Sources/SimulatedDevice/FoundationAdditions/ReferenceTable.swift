import Foundation

/// An object held strongly or weakly, as a table's options ask.
struct HeldReference {
    private let strong: AnyObject?
    private weak var weak: AnyObject?

    init(_ object: AnyObject, weakly: Bool) {
        strong = weakly ? nil : object
        weak = weakly ? object : nil
    }

    /// The object, or nil once a weakly held one is gone.
    var object: AnyObject? { strong ?? weak }
}

/// The storage behind `NSMapTable` and `NSHashTable`: entries found by their key object, compared by
/// `isEqual(_:)` and `hash` or by identity, each key and value held strongly or weakly. Entries whose
/// weakly held key or value is gone are skipped by every read and dropped by the next write.
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

    /// The value for `key`'s equal, or nil.
    func value(for key: AnyObject) -> Value? {
        guard let bucket = buckets[hash(of: key)] else { return nil }
        for entry in bucket {
            if let stored = entry.key.object, matches(stored, key), isLive(entry.value) { return entry.value }
        }
        return nil
    }

    /// The stored key equal to `key`, or nil.
    func storedKey(equalTo key: AnyObject) -> AnyObject? {
        guard let bucket = buckets[hash(of: key)] else { return nil }
        for entry in bucket {
            if let stored = entry.key.object, matches(stored, key), isLive(entry.value) { return stored }
        }
        return nil
    }

    /// Sets `value` for `key`, replacing the value of an equal key (whose stored key stays, as Apple's do).
    mutating func set(_ value: Value, for key: AnyObject) {
        let hash = hash(of: key)
        var bucket = live(buckets[hash] ?? [])
        if let index = bucket.firstIndex(where: { $0.key.object.map { matches($0, key) } ?? false }) {
            bucket[index] = Entry(key: bucket[index].key, value: value)
        } else {
            bucket.append(Entry(key: HeldReference(copiedIn(key), weakly: keyOptions.holdsWeakly), value: value))
        }
        buckets[hash] = bucket
        dropGone()
    }

    /// Removes the entry for `key`'s equal, if any.
    mutating func remove(_ key: AnyObject) {
        let hash = hash(of: key)
        guard let bucket = buckets[hash] else { return }
        let kept = live(bucket).filter { entry in !(entry.key.object.map { matches($0, key) } ?? false) }
        buckets[hash] = kept.isEmpty ? nil : kept
        dropGone()
    }

    mutating func removeAll() { buckets = [:] }

    private func live(_ bucket: [Entry]) -> [Entry] {
        bucket.filter { $0.key.object != nil && isLive($0.value) }
    }

    private mutating func dropGone() {
        guard sweeps else { return }
        for (hash, bucket) in buckets {
            let kept = live(bucket)
            if kept.count != bucket.count { buckets[hash] = kept.isEmpty ? nil : kept }
        }
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

    private func copiedIn(_ key: AnyObject) -> AnyObject {
        guard keyOptions.copiesIn, let copying = key as? any NSCopying else { return key }
        return copying.copy(with: nil) as AnyObject
    }
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
