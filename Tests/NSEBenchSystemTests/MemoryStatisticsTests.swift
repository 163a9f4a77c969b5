import Testing

@testable import NSEBenchSystem

/// jemalloc is the allocator of the test binary too (the system layer links it), so its counters
/// must move by what the test itself allocates.
@Suite("jemalloc memory statistics")
struct MemoryStatisticsTests {
    @Test func allocatedBytesGrowByAKnownAllocationAndShrinkAfterFree() throws {
        let statistics = try MemoryStatistics()
        let size = 64 << 20
        let before = try statistics.snapshot()
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: size)
        let during = try statistics.snapshot()
        block.deallocate()
        let after = try statistics.snapshot()

        // Other threads (the test runner's) allocate too: allow them 4 MB of noise either way.
        let noise = 4 << 20
        #expect(abs(during.allocatedBytes - before.allocatedBytes - size) < noise)
        #expect(abs(during.allocatedBytes - after.allocatedBytes - size) < noise)
        #expect(during.residentBytes >= during.allocatedBytes / 2)
        #expect(during.residentBytes - before.residentBytes > size / 2, "the block was touched, so it is resident")
    }

    @Test func mallocCountCountsEachSmallAllocation() throws {
        let statistics = try MemoryStatistics()
        let count = 10_000
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(count)
        let before = try statistics.snapshot()
        for _ in 0..<count { blocks.append(UnsafeMutableRawPointer.allocate(byteCount: 48, alignment: 8)) }
        let after = try statistics.snapshot()
        for block in blocks { block.deallocate() }

        let counted = after.mallocCount - before.mallocCount
        #expect(counted >= UInt64(count))
        #expect(counted < UInt64(count + 2_000), "no more than noise from other threads")
    }

    @Test func allocatorVersionNamesJemalloc() {
        #expect(MemoryStatistics.allocatorVersion.hasPrefix("jemalloc 5"))
    }
}
