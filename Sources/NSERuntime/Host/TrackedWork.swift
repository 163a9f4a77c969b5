/// The tasks an invocation tracks (``InvocationSession/run(_:)``, ``InvocationSession/runPhoneWork(_:)``)
/// that have not ended, each under an id of its own.
///
/// Nearly every invocation tracks one task at a time, its download: that one is held inline, and only
/// tasks beyond it go into a dictionary. A dictionary for every invocation was one more object per
/// invocation in flight, taken from jemalloc's arenas on a run's first wave (issue #18).
struct TrackedWork {
    private var inline: (id: Int, task: Task<Void, Never>)?
    private var overflow: [Int: Task<Void, Never>] = [:]
    private var nextID = 0

    /// Whether no tracked task is left.
    var isEmpty: Bool { inline == nil && overflow.isEmpty }

    /// The id for the next task, never given before.
    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Tracks `task` under `id` (from ``makeID()``).
    mutating func insert(_ task: Task<Void, Never>, id: Int) {
        if inline == nil {
            inline = (id, task)
        } else {
            overflow[id] = task
        }
    }

    /// The task under `id` ended; nothing when it is not tracked.
    mutating func remove(_ id: Int) {
        if inline?.id == id {
            inline = nil
        } else {
            overflow[id] = nil
        }
    }

    /// Every task still tracked, now tracked no more.
    mutating func removeAll() -> [Task<Void, Never>] {
        var tasks = inline.map { [$0.task] } ?? []
        tasks.append(contentsOf: overflow.values)
        inline = nil
        overflow = [:]
        return tasks
    }
}
