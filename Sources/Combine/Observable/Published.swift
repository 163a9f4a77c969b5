/// A property wrapper that publishes its property's changes, as Apple's `@Published`: `$property` is a
/// publisher that sends the current value to a new subscriber, then each new value in the property's
/// `willSet` (before it is stored); the enclosing `ObservableObject`'s default `objectWillChange` fires
/// first. Only for properties of classes, as Apple's.
@propertyWrapper
public struct Published<Value> {
    let box: PublishedBox<Value>

    /// A published property starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        box = PublishedBox(wrappedValue)
    }

    /// A published property starting at `initialValue`.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// Unavailable: `@Published` is only available on properties of classes, as Apple's.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { box.value }
        set { box.set(newValue) }
    }

    /// The property's publisher (`$property`); assigning one (`assign(to: &$property)`) is how operators
    /// feed the property.
    public var projectedValue: Publisher {
        get { Publisher(box) }
        // The publisher is the storage's own; there is nothing to replace.
        set {}
    }

    /// The property's value, read and written through its enclosing object (so the object's
    /// `objectWillChange` fires before a change).
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].box.value }
        set { object[keyPath: storageKeyPath].box.set(newValue) }
    }

    /// The publisher of a `@Published` property, as Apple's: the current value first, then each change.
    public struct Publisher: Combine.Publisher {
        /// The property's values.
        public typealias Output = Value
        /// It cannot fail.
        public typealias Failure = Never

        let box: PublishedBox<Value>

        init(_ box: PublishedBox<Value>) {
            self.box = box
        }

        /// Attaches `subscriber`: it receives the current value, then each new value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            box.attach(subscriber)
        }
    }
}

/// Lets `objectWillChange` find `@Published` storage by reflection, whatever its value type.
protocol PublishedProperty {
    var storage: PublishedStorage { get }
}

extension Published: PublishedProperty {
    var storage: PublishedStorage { box }
}

/// A published property's storage, without its value type: the enclosing object's publisher, once
/// `objectWillChange` has been asked for.
class PublishedStorage {
    /// Serialises installing one publisher into an object's properties.
    static let installLock = Locked(())

    private let publisherLock = Locked<ObservableObjectPublisher?>(nil)

    /// Subscriptions feeding this property (`assign(to:)`), kept for its lifetime.
    let feeds = Locked<[AnyCancellable]>([])

    /// The enclosing object's publisher, fired before each change.
    var objectWillChange: ObservableObjectPublisher? {
        get { publisherLock.withLock { $0 } }
        set { publisherLock.withLock { $0 = newValue } }
    }
}

/// A published property's value, stored after its subscribers have seen it (Apple's willSet order). The
/// stored value is the one source of truth: a new subscriber is replayed it, so the property and what `$x`
/// replays agree, also after a subscriber sets the property while it is being set.
final class PublishedBox<Value>: PublishedStorage {
    private let core = SubjectCore<Value, Never>()
    private let stored: Locked<Value>

    init(_ value: Value) {
        stored = Locked(value)
    }

    var value: Value { stored.withLock { $0 } }

    /// Attaches `subscriber`: the stored value when it asks for one, then each new value.
    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Value, S.Failure == Never {
        core.attach(subscriber) { [stored] in stored.withLock { $0 } }
    }

    /// Fires the object's publisher, sends the new value, then stores it (Apple's willSet order).
    func set(_ newValue: Value) {
        objectWillChange?.send()
        core.send(newValue)
        stored.withLock { $0 = newValue }
    }
}

extension Publisher where Failure == Never {
    /// Feeds a `@Published` property (`assign(to: &$property)`) for as long as the property exists, as
    /// Apple's; the object's `objectWillChange` fires for each value.
    public func assign(to published: inout Published<Output>.Publisher) {
        let box = published.box
        let sink = Subscribers.Sink<Output, Never>(
            receiveCompletion: { _ in },
            receiveValue: { [weak box] value in box?.set(value) })
        box.keep(AnyCancellable(sink))
        subscribe(sink)
    }
}

extension PublishedStorage {
    /// Keeps a subscription feeding this property for the property's lifetime.
    func keep(_ cancellable: AnyCancellable) {
        feeds.withLock { $0.append(cancellable) }
    }
}
