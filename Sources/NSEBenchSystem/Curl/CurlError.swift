import CCurl

/// A libcurl call that failed: which call, libcurl's code, and libcurl's own message for it.
public struct CurlError: Error, Equatable, CustomStringConvertible {
    /// The libcurl function or option that failed, for example `"curl_easy_perform"` or
    /// `"curl_easy_setopt(CURLOPT_URL)"`.
    public let call: String
    /// The `CURLcode` or `CURLMcode` value.
    public let code: Int32
    /// `curl_easy_strerror` / `curl_multi_strerror` for ``code``, or the transfer's error buffer when
    /// libcurl filled it in (it is more specific).
    public let message: String
    /// The system's `errno` for the failure (CURLINFO_OS_ERRNO), when libcurl recorded one: EMFILE for a
    /// socket that could not be opened, ECONNREFUSED for a refused connection; 0 otherwise.
    public let osErrno: Int32

    public var description: String { "\(call) failed: \(message) (code \(code))" }

    init(call: String, code: CURLcode, detail: String? = nil, osErrno: Int32 = 0) {
        self.call = call
        self.code = Int32(code.rawValue)
        self.osErrno = osErrno
        let generic = String(cString: curl_easy_strerror(code))
        self.message = detail.flatMap { $0.isEmpty ? nil : $0 } ?? generic
    }

    init(call: String, multiCode: CURLMcode) {
        self.call = call
        self.code = Int32(multiCode.rawValue)
        self.osErrno = 0
        self.message = String(cString: curl_multi_strerror(multiCode))
    }

    /// Whether this is libcurl's "operation timed out" (CURLE_OPERATION_TIMEDOUT).
    public var isTimeout: Bool { code == Int32(CURLE_OPERATION_TIMEDOUT.rawValue) }
}

@inline(__always)
func check(_ code: CURLcode, _ call: @autoclosure () -> String) throws(CurlError) {
    if code != CURLE_OK { throw CurlError(call: call(), code: code) }
}

@inline(__always)
func check(_ code: CURLMcode, _ call: @autoclosure () -> String) throws(CurlError) {
    if code != CURLM_OK { throw CurlError(call: call(), multiCode: code) }
}
