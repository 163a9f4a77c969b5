/// A first-in first-out queue with O(1) amortised push and pop: an array and a read index,
/// compacted once the consumed prefix is at least half of it.
///
/// The transport's admission queue. Removing from the middle is left to the owner (it marks the
/// element dead and skips it when popped), which keeps cancelling a queued request O(1).
struct FIFOQueue<Element> {
    private var storage: ContiguousArray<Element?> = []
    private var head = 0

    /// Elements pushed and not yet popped (dead ones included).
    var count: Int { storage.count - head }
    var isEmpty: Bool { count == 0 }

    mutating func push(_ element: Element) {
        storage.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1_024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes every element, returning them in order.
    mutating func removeAll() -> [Element] {
        defer {
            storage = []
            head = 0
        }
        return storage[head...].compactMap { $0 }
    }
}
