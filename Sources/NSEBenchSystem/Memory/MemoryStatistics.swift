import CJemalloc

/// Heap figures read from jemalloc, the process allocator of `nse-bench` (and of its tests).
public struct MemorySnapshot: Sendable, Equatable {
    /// Bytes the application holds in live allocations (`stats.allocated`).
    public var allocatedBytes: Int
    /// Bytes in physically resident pages mapped by the allocator (`stats.resident`).
    public var residentBytes: Int
    /// Allocations served since start, small and large, all arenas (`stats.arenas.<all>.*.nmalloc`).
    public var mallocCount: UInt64
    /// Bytes the calling thread has allocated since it started (`thread.allocated`): exact, and free
    /// of other threads' noise.
    public var threadAllocatedBytes: UInt64
    /// Bytes the calling thread has freed since it started (`thread.deallocated`).
    public var threadDeallocatedBytes: UInt64
}

/// Why reading jemalloc's statistics failed.
public enum MemoryStatisticsError: Error, Equatable, CustomStringConvertible {
    /// `mallctl` rejected a control name; carries the name and the error code (ENOENT when jemalloc
    /// was built without statistics, or is not the process allocator).
    case mallctl(name: String, code: Int32)

    public var description: String {
        switch self {
        case .mallctl(let name, let code): "mallctl(\"\(name)\") failed with code \(code): is jemalloc linked?"
        }
    }
}

/// Reads ``MemorySnapshot``s through MIBs translated once at creation.
///
/// Each read flushes the calling thread's cache (`thread.tcache.flush`) and bumps `epoch`, so the
/// figures include this thread's most recent allocations. Not `Sendable`: give each thread its own.
public struct MemoryStatistics {
    private struct MIB {
        let name: String
        var components: [Int] = Array(repeating: 0, count: 8)
        var length = 8

        init(_ name: String) throws(MemoryStatisticsError) {
            self.name = name
            let code = nseb_mallctl_name_to_mib(name, &components, &length)
            guard code == 0 else { throw .mallctl(name: name, code: code) }
        }
    }

    private let epoch: MIB
    private let flush: MIB
    private let allocated: MIB
    private let resident: MIB
    private let smallMallocs: MIB
    private let largeMallocs: MIB
    private let threadAllocated: MIB
    private let threadDeallocated: MIB

    public init() throws(MemoryStatisticsError) {
        let allArenas = nseb_mallctl_arenas_all()
        epoch = try MIB("epoch")
        flush = try MIB("thread.tcache.flush")
        allocated = try MIB("stats.allocated")
        resident = try MIB("stats.resident")
        smallMallocs = try MIB("stats.arenas.\(allArenas).small.nmalloc")
        largeMallocs = try MIB("stats.arenas.\(allArenas).large.nmalloc")
        threadAllocated = try MIB("thread.allocated")
        threadDeallocated = try MIB("thread.deallocated")
    }

    /// Current figures, after flushing this thread's cache and refreshing jemalloc's statistics.
    public func snapshot() throws(MemoryStatisticsError) -> MemorySnapshot {
        try run(flush)
        try bump(epoch)
        return MemorySnapshot(
            allocatedBytes: try readSize(allocated),
            residentBytes: try readSize(resident),
            mallocCount: try readU64(smallMallocs) + readU64(largeMallocs),
            threadAllocatedBytes: try readU64(threadAllocated),
            threadDeallocatedBytes: try readU64(threadDeallocated))
    }

    /// Returns what the calling thread's cache holds to the arenas (`thread.tcache.flush`).
    ///
    /// jemalloc counts the blocks a thread's cache holds, freed but kept for that thread's next
    /// allocations, as allocated until the cache is flushed: a thread that goes idle keeps them in
    /// ``MemorySnapshot/allocatedBytes``, as heap nothing uses, until it next allocates or ends.
    ///
    /// - Throws: ``MemoryStatisticsError`` when jemalloc is not the allocator.
    public static func flushThisThreadsCache() throws(MemoryStatisticsError) {
        let code = nseb_mallctl_flush_thread_cache()
        guard code == 0 else { throw .mallctl(name: "thread.tcache.flush", code: code) }
    }

    /// jemalloc's version string, for the host fingerprint.
    public static var allocatorVersion: String {
        var text: UnsafePointer<CChar>?
        guard nseb_mallctl_read_string("version", &text) == 0, let text else { return "unknown" }
        return "jemalloc " + String(cString: text)
    }

    private func run(_ mib: MIB) throws(MemoryStatisticsError) {
        let code = nseb_mallctl_run(mib.components, mib.length)
        guard code == 0 else { throw .mallctl(name: mib.name, code: code) }
    }

    private func bump(_ mib: MIB) throws(MemoryStatisticsError) {
        let code = nseb_mallctl_bump_epoch(mib.components, mib.length)
        guard code == 0 else { throw .mallctl(name: mib.name, code: code) }
    }

    private func readSize(_ mib: MIB) throws(MemoryStatisticsError) -> Int {
        var value = 0
        let code = nseb_mallctl_read_size(mib.components, mib.length, &value)
        guard code == 0 else { throw .mallctl(name: mib.name, code: code) }
        return value
    }

    private func readU64(_ mib: MIB) throws(MemoryStatisticsError) -> UInt64 {
        var value: UInt64 = 0
        let code = nseb_mallctl_read_u64(mib.components, mib.length, &value)
        guard code == 0 else { throw .mallctl(name: mib.name, code: code) }
        return value
    }
}
