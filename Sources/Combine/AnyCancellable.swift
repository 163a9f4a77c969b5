/// A type-erased cancellable that cancels when it is deinitialized, as Apple's; equal only to itself.
public final class AnyCancellable: Cancellable, Hashable {
    // The action, taken once by `cancel()` or deinit.
    private let action: Locked<(() -> Void)?>

    /// Runs `cancel` when cancelled or deinitialized, once.
    public init(_ cancel: @escaping () -> Void) {
        action = Locked(cancel)
    }

    /// Cancels `canceller` when cancelled or deinitialized, once.
    public init<C: Cancellable>(_ canceller: C) {
        action = Locked(canceller.cancel)
    }

    deinit {
        cancel()
    }

    /// Cancels the activity, once; later calls do nothing.
    public func cancel() {
        let run = action.withLock { action -> (() -> Void)? in
            defer { action = nil }
            return action
        }
        run?()
    }

    /// Identity: two cancellables are equal only when they are the same object.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
