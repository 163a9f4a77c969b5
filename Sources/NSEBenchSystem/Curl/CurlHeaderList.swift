import CCurl

/// Request header lines as libcurl's `curl_slist`, built once and freed with the last reference.
///
/// libcurl reads the list during a transfer and never changes it, so one list can serve every handle
/// that sends the same headers (``CurlTransport`` shares `Connection: close` this way instead of
/// building a list per transfer).
public final class CurlHeaderList: @unchecked Sendable {
    // @unchecked Sendable: the list is built in init and never written again; libcurl only reads it.
    let raw: UnsafeMutablePointer<curl_slist>?

    /// A list of `lines`, such as `"Accept: image/*"`.
    public convenience init(_ lines: [String]) throws(CurlError) {
        try self.init(lines, then: nil)
    }

    /// A list of `lines` followed by `last` (when given), without building the joined array first.
    public init(_ lines: [String], then last: String?) throws(CurlError) {
        var list: UnsafeMutablePointer<curl_slist>?
        func append(_ line: String) throws(CurlError) {
            guard let extended = curl_slist_append(list, line) else {
                if let list { curl_slist_free_all(list) }
                throw CurlError(call: "curl_slist_append", code: CURLE_OUT_OF_MEMORY)
            }
            list = extended
        }
        for line in lines { try append(line) }
        if let last { try append(last) }
        raw = list
    }

    deinit {
        if let raw { curl_slist_free_all(raw) }
    }
}
