/// The wake-up moments of phones a fan-out has delivered to but that are not yet admitted, earliest
/// first: a binary min-heap, so that a burst with `--wake-jitter` still issues its arrivals in order.
///
/// ```swift
/// var queue = WakeUpQueue()
/// queue.insert(3); queue.insert(1); queue.insert(2)
/// queue.removeEarliest()  // 1, then 2, then 3
/// ```
struct WakeUpQueue: Sendable, Hashable {
    private var heap: [Double] = []

    /// The earliest moment held; nil when empty.
    var earliest: Double? { heap.first }

    /// How many moments are held.
    var count: Int { heap.count }

    /// Adds `moment`.
    mutating func insert(_ moment: Double) {
        heap.append(moment)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest moment; nil when empty.
    mutating func removeEarliest() -> Double? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left] < heap[smallest] { smallest = left }
            if right < heap.count, heap[right] < heap[smallest] { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
