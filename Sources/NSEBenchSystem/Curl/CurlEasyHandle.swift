import CCurl
public import NSEBenchCore

/// One libcurl transfer (`CURL *`), owned: `deinit` calls `curl_easy_cleanup`.
///
/// Everything libcurl points at while the handle lives is a stored property here: the body sink
/// (reached from the write callback through CURLOPT_WRITEDATA), the header list, and the error buffer.
/// One method per option keeps the C option's argument type out of callers' hands.
///
/// A handle is used by one thread at a time (the one that performs it or the event loop that drives
/// its multi handle); it is not `Sendable`.
public final class CurlEasyHandle {
    /// The raw `CURL *`, for ``CurlMultiHandle``.
    let raw: UnsafeMutableRawPointer
    /// Receives the body; libcurl holds an unretained pointer to it via CURLOPT_WRITEDATA.
    public let body: CurlBodyBuffer
    /// libcurl writes its detailed message for a failure here (CURLOPT_ERRORBUFFER).
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// CURLOPT_HTTPHEADER is not copied by libcurl: the list lives as long as the handle.
    private var headerList: CurlHeaderList?

    /// Creates a handle whose body goes to memory, aborting the transfer above `maximumBodyBytes`.
    ///
    /// The handle never raises signals (CURLOPT_NOSIGNAL), which libcurl requires in threaded programs.
    public init(maximumBodyBytes: Int = 64 << 20) throws(CurlError) {
        try CurlLibrary.initialize()
        guard let raw = curl_easy_init() else {
            throw CurlError(call: "curl_easy_init", code: CURLE_FAILED_INIT)
        }
        self.raw = raw
        self.body = CurlBodyBuffer(limit: maximumBodyBytes)
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try check(nseb_curl_easy_setopt_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer), "CURLOPT_ERRORBUFFER")
        try setLong(CURLOPT_NOSIGNAL, 1, name: "CURLOPT_NOSIGNAL")
        try check(
            nseb_curl_easy_setopt_write_callback(raw, CURLOPT_WRITEFUNCTION, curlBodyWriteCallback),
            "CURLOPT_WRITEFUNCTION")
        try check(
            nseb_curl_easy_setopt_pointer(raw, CURLOPT_WRITEDATA, Unmanaged.passUnretained(body).toOpaque()),
            "CURLOPT_WRITEDATA")
    }

    deinit {
        curl_easy_cleanup(raw)
        errorBuffer.deallocate()
    }

    // MARK: Options

    /// CURLOPT_URL. libcurl copies the string.
    public func setURL(_ url: String) throws(CurlError) {
        try check(nseb_curl_easy_setopt_string(raw, CURLOPT_URL, url), "curl_easy_setopt(CURLOPT_URL)")
    }

    /// CURLOPT_TIMEOUT_MS: the whole transfer, connect included; 0 means none.
    public func setTotalTimeout(milliseconds: Int) throws(CurlError) {
        try setLong(CURLOPT_TIMEOUT_MS, milliseconds, name: "CURLOPT_TIMEOUT_MS")
    }

    /// CURLOPT_CONNECTTIMEOUT_MS.
    public func setConnectTimeout(milliseconds: Int) throws(CurlError) {
        try setLong(CURLOPT_CONNECTTIMEOUT_MS, milliseconds, name: "CURLOPT_CONNECTTIMEOUT_MS")
    }

    /// CURLOPT_LOW_SPEED_LIMIT / _TIME: abort when slower than `bytesPerSecond` for `seconds`.
    public func setLowSpeedLimit(bytesPerSecond: Int, seconds: Int) throws(CurlError) {
        try setLong(CURLOPT_LOW_SPEED_LIMIT, bytesPerSecond, name: "CURLOPT_LOW_SPEED_LIMIT")
        try setLong(CURLOPT_LOW_SPEED_TIME, seconds, name: "CURLOPT_LOW_SPEED_TIME")
    }

    /// CURLOPT_MAXFILESIZE_LARGE: refuse a body whose announced length is above `bytes`.
    public func setMaximumFileSize(bytes: Int64) throws(CurlError) {
        try check(
            nseb_curl_easy_setopt_off_t(raw, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(bytes)),
            "curl_easy_setopt(CURLOPT_MAXFILESIZE_LARGE)")
    }

    /// CURLOPT_FORBID_REUSE + CURLOPT_FRESH_CONNECT: each transfer opens and closes its own connection,
    /// as separate devices would.
    public func setConnectionReuse(_ enabled: Bool) throws(CurlError) {
        try setLong(CURLOPT_FORBID_REUSE, enabled ? 0 : 1, name: "CURLOPT_FORBID_REUSE")
        try setLong(CURLOPT_FRESH_CONNECT, enabled ? 0 : 1, name: "CURLOPT_FRESH_CONNECT")
    }

    /// CURLOPT_BUFFERSIZE: libcurl's receive buffer per transfer (default 16 KB).
    public func setReceiveBufferSize(bytes: Int) throws(CurlError) {
        try setLong(CURLOPT_BUFFERSIZE, bytes, name: "CURLOPT_BUFFERSIZE")
    }

    /// CURLOPT_SSL_VERIFYPEER / _VERIFYHOST, and CURLOPT_CAINFO to trust one certificate file.
    public func setTLSVerification(caFile: String?, verify: Bool) throws(CurlError) {
        try setLong(CURLOPT_SSL_VERIFYPEER, verify ? 1 : 0, name: "CURLOPT_SSL_VERIFYPEER")
        try setLong(CURLOPT_SSL_VERIFYHOST, verify ? 2 : 0, name: "CURLOPT_SSL_VERIFYHOST")
        if let caFile {
            try check(nseb_curl_easy_setopt_string(raw, CURLOPT_CAINFO, caFile), "curl_easy_setopt(CURLOPT_CAINFO)")
        }
    }

    /// CURLOPT_HTTPHEADER. The list is kept alive by the handle, as libcurl requires.
    public func setHeaders(_ headers: [String]) throws(CurlError) {
        try setHeaders(try CurlHeaderList(headers))
    }

    /// CURLOPT_HTTPHEADER with a list that may be shared between handles (libcurl only reads it); the
    /// handle keeps it alive.
    public func setHeaders(_ list: CurlHeaderList) throws(CurlError) {
        try check(
            nseb_curl_easy_setopt_pointer(raw, CURLOPT_HTTPHEADER, list.raw), "curl_easy_setopt(CURLOPT_HTTPHEADER)")
        headerList = list
    }

    /// The request's method and body: `GET` sets nothing, `HEAD` CURLOPT_NOBODY, another method
    /// CURLOPT_CUSTOMREQUEST (libcurl copies it); a body (CURLOPT_POSTFIELDSIZE_LARGE and
    /// CURLOPT_COPYPOSTFIELDS, copied) is sent with `Content-Length`, and makes libcurl's own method
    /// `POST` unless a custom one is set.
    public func setMethod(_ method: String, body: [UInt8]?) throws(CurlError) {
        if let body {
            let code = body.withUnsafeBytes { bytes in
                nseb_curl_easy_set_request_body(raw, bytes.baseAddress, curl_off_t(bytes.count))
            }
            try check(code, "curl_easy_setopt(CURLOPT_COPYPOSTFIELDS)")
        }
        switch method {
        case "GET" where body == nil: break
        case "POST" where body != nil: break
        case "HEAD" where body == nil: try setLong(CURLOPT_NOBODY, 1, name: "CURLOPT_NOBODY")
        default:
            try check(
                nseb_curl_easy_setopt_string(raw, CURLOPT_CUSTOMREQUEST, method),
                "curl_easy_setopt(CURLOPT_CUSTOMREQUEST)")
        }
    }

    /// CURLOPT_PRIVATE: an opaque pointer the multi loop reads back to find the transfer's owner.
    public func setPrivate(_ pointer: UnsafeMutableRawPointer?) throws(CurlError) {
        try check(nseb_curl_easy_setopt_pointer(raw, CURLOPT_PRIVATE, pointer), "curl_easy_setopt(CURLOPT_PRIVATE)")
    }

    private func setLong(_ option: CURLoption, _ value: Int, name: String) throws(CurlError) {
        try check(nseb_curl_easy_setopt_long(raw, option, value), "curl_easy_setopt(\(name))")
    }

    // MARK: Transfer

    /// Runs the transfer to completion on the calling thread (`curl_easy_perform`).
    ///
    /// The event-loop transport uses ``CurlMultiHandle`` instead; this is for one-off transfers and tests.
    public func perform() throws(CurlError) {
        errorBuffer[0] = 0
        let code = curl_easy_perform(raw)
        if code != CURLE_OK { throw failure(code, call: "curl_easy_perform") }
    }

    /// The error for a finished transfer's `code`, with libcurl's specific message when it gave one.
    func failure(_ code: CURLcode, call: String) -> CurlError {
        if code == CURLE_WRITE_ERROR, body.exceededLimit {
            return CurlError(call: call, code: CURLE_FILESIZE_EXCEEDED, detail: "body exceeded \(body.limit) bytes")
        }
        var osErrno = 0
        let known = nseb_curl_easy_getinfo_long(raw, CURLINFO_OS_ERRNO, &osErrno) == CURLE_OK
        return CurlError(
            call: call, code: code, detail: String(cString: errorBuffer), osErrno: known ? Int32(osErrno) : 0)
    }

    // MARK: Information

    /// CURLINFO_RESPONSE_CODE (0 when no response arrived).
    public var responseCode: Int {
        var value = 0
        return nseb_curl_easy_getinfo_long(raw, CURLINFO_RESPONSE_CODE, &value) == CURLE_OK ? value : 0
    }

    /// CURLINFO_CONTENT_TYPE, or nil when the server sent none.
    public var contentType: String? {
        var value: UnsafeMutablePointer<CChar>?
        guard nseb_curl_easy_getinfo_string(raw, CURLINFO_CONTENT_TYPE, &value) == CURLE_OK, let value else {
            return nil
        }
        return String(cString: value)
    }

    /// The value of the last response's header field `name` (case-insensitive), or nil when it sent
    /// none: `curl_easy_header`, which reads what has arrived so far, so it works on a failed or running
    /// transfer too.
    public func responseHeader(_ name: String) -> String? {
        var header: UnsafeMutablePointer<curl_header>?
        guard curl_easy_header(raw, name, 0, UInt32(CURLH_HEADER), -1, &header) == CURLHE_OK,
            let value = header?.pointee.value
        else { return nil }
        return String(cString: value)
    }

    /// Every field of the last response's head, in the order received (`curl_easy_nextheader`), values
    /// trimmed as the own client trims them (libcurl 7.88 leaves the `\r` of an empty value); empty when
    /// no head came.
    public var headerFields: [HTTPHeaderField] {
        var fields: [HTTPHeaderField] = []
        var previous: UnsafeMutablePointer<curl_header>?
        while let header = curl_easy_nextheader(raw, UInt32(CURLH_HEADER), -1, previous) {
            if let name = header.pointee.name, let value = header.pointee.value {
                let text = Self.trimmed(String(cString: value))
                fields.append(HTTPHeaderField(name: String(cString: name), value: text))
            }
            previous = header
        }
        return fields
    }

    /// `value` without the spaces and tabs around it (and the CR libcurl leaves), as the own client trims
    /// a field's value: no other Unicode space.
    private static func trimmed(_ value: String) -> String {
        let bytes = Array(value.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// libcurl's own phase timings for the finished transfer, in microseconds from its start.
    public var timings: CurlTimings {
        func read(_ info: CURLINFO) -> Int64 {
            var value: curl_off_t = 0
            return nseb_curl_easy_getinfo_off_t(raw, info, &value) == CURLE_OK ? Int64(value) : -1
        }
        return CurlTimings(
            nameLookup: read(CURLINFO_NAMELOOKUP_TIME_T),
            connect: read(CURLINFO_CONNECT_TIME_T),
            tlsHandshake: read(CURLINFO_APPCONNECT_TIME_T),
            firstByte: read(CURLINFO_STARTTRANSFER_TIME_T),
            total: read(CURLINFO_TOTAL_TIME_T))
    }
}

/// libcurl's phase timings, in microseconds from the start of the transfer; -1 where unavailable.
///
/// Why it exists: it is libcurl's read-out (CURLINFO_*_TIME_T) as libcurl gives it, and libcurl is the
/// system layer's alone. It lives only as long as a finished transfer's bookkeeping: the transport
/// classifies a failure from it (was the connection made, was the total limit reached) and makes it
/// absolute once into ``DownloadTimings``, which is what leaves the transport.
public struct CurlTimings: Sendable, Equatable {
    public var nameLookup: Int64
    public var connect: Int64
    /// 0 for plain HTTP.
    public var tlsHandshake: Int64
    public var firstByte: Int64
    public var total: Int64
}
