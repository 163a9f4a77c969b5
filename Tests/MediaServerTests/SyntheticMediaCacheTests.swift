import Testing

@testable import MediaServer

@Suite("Synthetic media cache")
struct SyntheticMediaCacheTests {
    @Test func cacheReusesAndEvictsOldestFirst() throws {
        var cache = SyntheticMediaCache(capacity: 2)
        let first = try cache.file(type: .jpeg, size: 1000)
        #expect(try cache.file(type: .jpeg, size: 1000) == first)
        _ = try cache.file(type: .png, size: 1000)
        #expect(cache.count == 2)
        _ = try cache.file(for: MediaRequest(type: .gif, size: 5))
        #expect(cache.count == 2)
        #expect(throws: SyntheticMediaError.sizeOutOfRange(-3)) { try cache.file(type: .gif, size: -3) }
        #expect(cache.count == 2)
    }
}
