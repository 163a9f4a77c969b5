import Testing

@testable import MediaServer

/// The CDN's cold cache as plain values: misses, coalescing on and off, and hits after the fetch.
@Suite("Origin cache")
struct OriginCacheTests {
    let second: UInt64 = 1_000_000_000

    @Test func theFirstRequestGoesToTheOriginAndLaterOnesAreHits() {
        var cache = OriginCache<String>(coalesces: true)
        #expect(cache.lookup("/media/1MB.jpg", now: 10) { 2 * second } == .originFetch(readyAt: 10 + 2 * second))
        #expect(cache.lookup("/media/1MB.jpg", now: 10 + 2 * second) { 99 } == .hit, "cached once the fetch ended")
        #expect(cache.lookup("/media/1MB.jpg", now: 5 * second) { 99 } == .hit)
    }

    @Test func withCoalescingAMissDuringTheFetchWaitsForTheSameFetch() {
        var cache = OriginCache<String>(coalesces: true)
        var draws = 0
        _ = cache.lookup("a", now: 0) {
            draws += 1
            return 2 * second
        }
        let later = cache.lookup("a", now: second) {
            draws += 1
            return 5 * second
        }
        #expect(later == .coalesced(readyAt: 2 * second), "waits for the first request's fetch")
        #expect(draws == 1, "no second origin fetch is drawn")
    }

    @Test func withoutCoalescingEveryMissBeforeTheObjectIsCachedFetchesItself() {
        var cache = OriginCache<String>(coalesces: false)
        #expect(cache.lookup("a", now: 0) { 2 * second } == .originFetch(readyAt: 2 * second))
        #expect(
            cache.lookup("a", now: second) { 3 * second } == .originFetch(readyAt: 4 * second),
            "its own fetch, however long that one takes")
        #expect(cache.lookup("a", now: 2 * second) { 99 } == .hit, "cached when the first fetch to end ended")
    }

    @Test func withoutCoalescingTheObjectIsCachedWhenTheEarliestFetchEnds() {
        var cache = OriginCache<String>(coalesces: false)
        _ = cache.lookup("a", now: 0) { 10 * second }
        _ = cache.lookup("a", now: second) { second }
        #expect(cache.lookup("a", now: 2 * second) { 99 } == .hit, "the second, shorter fetch filled the cache")
        #expect(cache.lookup("a", now: second + 1) { 99 } == .originFetch(readyAt: second + 100))
    }

    @Test func keysAreCachedApart() {
        var cache = OriginCache<String>(coalesces: true)
        _ = cache.lookup("a", now: 0) { second }
        #expect(cache.lookup("b", now: 2 * second) { second } == .originFetch(readyAt: 3 * second))
        #expect(cache.lookup("a", now: 2 * second) { second } == .hit)
    }

    @Test func aZeroLengthFetchIsReadyAtOnce() {
        var cache = OriginCache<String>(coalesces: true)
        #expect(cache.lookup("a", now: 7) { 0 } == .originFetch(readyAt: 7))
        #expect(cache.lookup("a", now: 7) { 0 } == .hit)
    }

    @Test func theKeyIsTheMediaWithoutItsNetworkAndFaultParameters() throws {
        let plain = try MediaRequest(path: "/media/1MB.jpg", query: [])
        let shaped = try MediaRequest(
            path: "/media/1MB.jpg",
            query: [HTTPQueryItem(name: "ttfb", value: "2s"), .init(name: "status", value: "503:1")])
        let other = try MediaRequest(path: "/media/1MB.jpg", query: [HTTPQueryItem(name: "type", value: "png")])
        #expect(CacheKey(plain) == CacheKey(shaped))
        #expect(CacheKey(plain) != CacheKey(other), "different bytes are a different object")
    }
}
