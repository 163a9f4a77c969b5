import Synchronization

/// A counter shared by a benchmark's tasks (a class, so closures capture one instance).
final class BenchmarkCounter: Sendable {
    private let storage = Atomic<Int>(0)

    /// Adds one; returns the value before.
    @discardableResult
    func increment() -> Int { storage.wrappingAdd(1, ordering: .relaxed).oldValue }

    func decrement() { storage.wrappingSubtract(1, ordering: .relaxed) }

    var value: Int { storage.load(ordering: .relaxed) }
}
