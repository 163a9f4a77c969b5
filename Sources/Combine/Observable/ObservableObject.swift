import Foundation

/// An object that publishes before it changes, as Apple's. A class that does not declare
/// `objectWillChange` gets one: an `ObservableObjectPublisher` that each of its `@Published` properties
/// (its superclasses' included) fires before the property changes. As with Apple's, a class that declares
/// its own `objectWillChange` sends it itself.
public protocol ObservableObject: AnyObject {
    /// The publisher of the object's changes.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// Sends before any of the object's `@Published` properties changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's one publisher, shared by its `@Published` properties: found in their storage (by
    /// reflection), created with the first call. An object with no `@Published` property keeps its publisher
    /// in a table that holds the object weakly.
    public var objectWillChange: ObservableObjectPublisher {
        var storages: [PublishedStorage] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                if let published = child.value as? any PublishedProperty {
                    storages.append(published.storage)
                }
            }
            mirror = current.superclassMirror
        }
        if storages.isEmpty {
            return UnpublishedObjects.shared.publisher(for: self)
        }
        return PublishedStorage.installLock.withLock { _ in
            let publisher = storages.lazy.compactMap(\.objectWillChange).first ?? ObservableObjectPublisher()
            for storage in storages {
                storage.objectWillChange = publisher
            }
            return publisher
        }
    }
}

/// The publishers of observable objects with no `@Published` property, so each such object has one: held
/// with the object weakly, and dropped once the object is gone.
// @unchecked: `entries` is only reached behind `lock`.
private final class UnpublishedObjects: @unchecked Sendable {
    static let shared = UnpublishedObjects()

    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(object)
        if let entry = entries[key], entry.object === object {
            return entry.publisher
        }
        entries = entries.filter { $0.value.object != nil }
        let publisher = ObservableObjectPublisher()
        entries[key] = Entry(object: object, publisher: publisher)
        return publisher
    }
}
