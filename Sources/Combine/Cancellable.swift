/// An activity or action that can be cancelled, as Apple's; cancelling frees its resources.
public protocol Cancellable {
    /// Stops the activity.
    func cancel()
}

extension Cancellable {
    /// Adds this cancellable to `set` (as an `AnyCancellable`; itself when it is one), keeping it alive as
    /// long as the set.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(erased)
    }

    /// Appends this cancellable to `collection` (as an `AnyCancellable`; itself when it is one).
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(erased)
    }

    /// This cancellable as an `AnyCancellable`: itself when it is one, else one that cancels it.
    private var erased: AnyCancellable {
        (self as? AnyCancellable) ?? AnyCancellable(self)
    }
}
