import Foundation
import FoundationNetworking
import Testing

@testable import SimulatedDevice

/// The responses phones share: one object for the same URL, status and fields, a new one for anything
/// that differs, each reading what its own answer said.
@Suite struct HTTPResponseCacheTests {
    let image = URL(string: "http://127.0.0.1:8080/media/200KB.jpg")!
    let fields = [
        "Content-Type": "image/jpeg", "Content-Length": "204800", "Date": "Sun, 06 Dec 2026 03:40:00 GMT",
        "x-cache": "HIT", "www-authenticate": "Basic",
    ]

    @Test func theSameAnswerIsOneResponseReadingAsFoundationMakesIt() throws {
        let cache = HTTPResponseCache()
        let first = try #require(cache.response(url: image, status: 200, headerFields: fields))
        let second = try #require(cache.response(url: image, status: 200, headerFields: fields))
        #expect(first === second)
        #expect(cache.count == 1)
        let made = try #require(
            HTTPURLResponse(url: image, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields))
        #expect(first.statusCode == 200)
        #expect(first.url == image)
        #expect(first.mimeType == "image/jpeg")
        #expect(first.expectedContentLength == 204_800)
        #expect(first.allHeaderFields as? [String: String] == made.allHeaderFields as? [String: String])
        #expect(first.value(forHTTPHeaderField: "WWW-Authenticate") == "Basic")
        #expect(first.suggestedFilename == "200KB.jpg")
    }

    @Test func aFieldThatMovedOnMakesANewResponseWithItsOwnValue() throws {
        let cache = HTTPResponseCache()
        let first = try #require(cache.response(url: image, status: 200, headerFields: fields))
        var later = fields
        later["Date"] = "Sun, 06 Dec 2026 03:40:01 GMT"
        let second = try #require(cache.response(url: image, status: 200, headerFields: later))
        #expect(first !== second)
        #expect(second.value(forHTTPHeaderField: "Date") == "Sun, 06 Dec 2026 03:40:01 GMT")
        #expect(first.value(forHTTPHeaderField: "Date") == "Sun, 06 Dec 2026 03:40:00 GMT")
        var fewer = later
        fewer["x-cache"] = nil
        let third = try #require(cache.response(url: image, status: 200, headerFields: fewer))
        #expect(third !== second)
        #expect(third.value(forHTTPHeaderField: "X-Cache") == nil)
    }

    @Test func anotherStatusOrURLIsAnotherResponse() throws {
        let cache = HTTPResponseCache()
        let ok = try #require(cache.response(url: image, status: 200, headerFields: fields))
        let missing = try #require(cache.response(url: image, status: 404, headerFields: fields))
        let other = URL(string: "http://127.0.0.1:8080/media/1KB.jpg")!
        let elsewhere = try #require(cache.response(url: other, status: 200, headerFields: fields))
        #expect(missing.statusCode == 404)
        #expect(elsewhere.url == other)
        #expect(Set([ObjectIdentifier(ok), ObjectIdentifier(missing), ObjectIdentifier(elsewhere)]).count == 3)
        #expect(cache.count == 3)
    }

    @Test func pastItsCapacityTheCacheStartsAgain() throws {
        let cache = HTTPResponseCache(capacity: 4)
        for phone in 0..<4 {
            let url = URL(string: "http://127.0.0.1:8080/media/a.jpg?phone=\(phone)")!
            _ = try #require(cache.response(url: url, status: 200, headerFields: fields))
        }
        #expect(cache.count == 4)
        let fifth = URL(string: "http://127.0.0.1:8080/media/a.jpg?phone=4")!
        let response = try #require(cache.response(url: fifth, status: 200, headerFields: fields))
        #expect(response.url == fifth)
        #expect(cache.count == 1)
    }
}
