import Testing

@testable import NSEBenchSystem

/// jemalloc is the allocator of the test binary too (the system layer links it), so its counters
/// must move by what the test itself allocates.
@Suite("jemalloc memory statistics")
struct MemoryStatisticsTests {
    @Test func threadCountersMoveByExactlyTheAllocation() throws {
        let statistics = try MemoryStatistics()
        let size = 3 << 20
        let before = try statistics.snapshot()
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        let during = try statistics.snapshot()
        block.deallocate()
        let after = try statistics.snapshot()
        // jemalloc rounds a 3 MiB request to its size class; nothing else runs on this thread between reads.
        let allocated = during.threadAllocatedBytes - before.threadAllocatedBytes
        #expect(allocated >= UInt64(size) && allocated < UInt64(size) + (1 << 20))
        #expect(after.threadDeallocatedBytes - during.threadDeallocatedBytes == allocated)
    }

    @Test func allocatedBytesGrowByAKnownAllocationAndShrinkAfterFree() throws {
        let statistics = try MemoryStatistics()
        let size = 256 << 20
        // Other test suites run in parallel in this process and allocate meanwhile: allow them 32 MB of
        // noise either way, and measure again (up to 5 times) when a burst of theirs exceeded that.
        let noise = 32 << 20
        var measured: (before: MemorySnapshot, during: MemorySnapshot, after: MemorySnapshot)?
        // Residency is judged on the first attempt: later ones reuse the pages jemalloc kept dirty.
        var firstResidentGrowth: Int?
        for _ in 0..<5 {
            let before = try statistics.snapshot()
            let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: size)
            let during = try statistics.snapshot()
            block.deallocate()
            let after = try statistics.snapshot()
            measured = (before, during, after)
            if firstResidentGrowth == nil { firstResidentGrowth = during.residentBytes - before.residentBytes }
            if abs(during.allocatedBytes - before.allocatedBytes - size) < noise,
                abs(during.allocatedBytes - after.allocatedBytes - size) < noise
            {
                break
            }
        }
        let (before, during, after) = try #require(measured)
        let residentGrowth = try #require(firstResidentGrowth)

        #expect(abs(during.allocatedBytes - before.allocatedBytes - size) < noise)
        #expect(abs(during.allocatedBytes - after.allocatedBytes - size) < noise)
        #expect(during.residentBytes >= during.allocatedBytes / 2)
        #expect(residentGrowth > size / 2, "the block was touched, so it is resident")
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
        #expect(counted < UInt64(count + 20_000), "no more than noise from suites running in parallel")
    }

    @Test func allocatorVersionNamesJemalloc() {
        #expect(MemoryStatistics.allocatorVersion.hasPrefix("jemalloc 5"))
    }
}
