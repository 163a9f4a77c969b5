import Foundation
import FoundationNetworking
import Synchronization

/// The responses a process's simulated phones hand their extensions, made once for each URL, status and
/// set of header fields: under load every phone downloads the same image and hears the same answer.
///
/// FoundationNetworking's `HTTPURLResponse` init canonicalizes every field name (a capitalized copy, a
/// locale-aware comparison with `WWW-Authenticate`) and parses `Content-Type` character by character:
/// about 7 µs of the harness's CPU per response, 1.9% of a run of `Examples/MediaDownload` at 500 in
/// flight (perf, issue #11), spent by no phone. An `HTTPURLResponse` is immutable, so the phones share
/// one: each still reads its own URL, status and fields; only identity would tell that two phones'
/// responses are one object (`===`, `isEqual`, a weak-keyed `NSMapTable` keyed by responses). The fields
/// must match exactly (a `Date` that moved on makes a new one).
final class HTTPResponseCache: Sendable {
    private struct Key: Hashable {
        var url: URL
        var status: Int
    }

    private struct Entry {
        var headerFields: [String: String]
        var response: SimulatedHTTPURLResponse?
    }

    /// The process's.
    static let shared = HTTPResponseCache()

    /// How many URL and status pairs are kept (at least one): past it, all are let go and the cache
    /// starts again, so that phones that each ask a URL of their own (a query naming the phone) make it
    /// no larger.
    let capacity: Int
    private let entries = Mutex<[Key: Entry]>([:])

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The response for `url`, `status` and `headerFields`: the one made before for the same three, or a
    /// new one (nil where Foundation makes none).
    func response(url: URL, status: Int, headerFields: [String: String]) -> SimulatedHTTPURLResponse? {
        let key = Key(url: url, status: status)
        if let entry = entries.withLock({ $0[key] }), entry.headerFields == headerFields {
            return entry.response
        }
        // Made outside the lock: the init is the cost this cache saves, and two threads making the same
        // one at once only make it twice.
        let response = SimulatedHTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headerFields)
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(headerFields: headerFields, response: response)
        }
        return response
    }

    /// How many URL and status pairs are kept now.
    var count: Int { entries.withLock { $0.count } }
}
