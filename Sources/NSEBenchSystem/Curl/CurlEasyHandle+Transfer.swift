import CCurl

/// What the event-loop transport needs beyond the handle's own options: its own body sink, and the
/// information it reads while and after the transfer runs.
extension CurlEasyHandle {
    /// CURLOPT_WRITEFUNCTION and CURLOPT_WRITEDATA: body bytes go to `callback` with `context`
    /// instead of the handle's ``CurlEasyHandle/body`` buffer. The caller keeps `context` alive for as
    /// long as the transfer runs.
    func setWriteCallback(_ callback: curl_write_callback, context: UnsafeMutableRawPointer?) throws(CurlError) {
        try check(
            nseb_curl_easy_setopt_write_callback(raw, CURLOPT_WRITEFUNCTION, callback),
            "curl_easy_setopt(CURLOPT_WRITEFUNCTION)")
        try check(nseb_curl_easy_setopt_pointer(raw, CURLOPT_WRITEDATA, context), "curl_easy_setopt(CURLOPT_WRITEDATA)")
    }

    /// CURLOPT_HEADERFUNCTION and CURLOPT_HEADERDATA: every response header line, the empty line
    /// that ends a head included.
    func setHeaderCallback(_ callback: curl_write_callback, context: UnsafeMutableRawPointer?) throws(CurlError) {
        try check(
            nseb_curl_easy_setopt_write_callback(raw, CURLOPT_HEADERFUNCTION, callback),
            "curl_easy_setopt(CURLOPT_HEADERFUNCTION)")
        try check(
            nseb_curl_easy_setopt_pointer(raw, CURLOPT_HEADERDATA, context), "curl_easy_setopt(CURLOPT_HEADERDATA)")
    }

    /// CURLOPT_PREREQFUNCTION and CURLOPT_PREREQDATA: called once connected, before the request.
    func setConnectedCallback(_ callback: curl_prereq_callback, context: UnsafeMutableRawPointer?)
        throws(CurlError)
    {
        try check(nseb_curl_easy_setopt_prereq_callback(raw, callback), "curl_easy_setopt(CURLOPT_PREREQFUNCTION)")
        try check(
            nseb_curl_easy_setopt_pointer(raw, CURLOPT_PREREQDATA, context), "curl_easy_setopt(CURLOPT_PREREQDATA)")
    }

    /// CURLOPT_PROXY set to the empty string: never use a proxy, not even one named by the
    /// `http_proxy` family of environment variables, which libcurl otherwise reads (six `getenv`
    /// calls) for every transfer.
    func disableProxy() throws(CurlError) {
        try check(nseb_curl_easy_setopt_string(raw, CURLOPT_PROXY, ""), "curl_easy_setopt(CURLOPT_PROXY)")
    }

    /// CURLOPT_TCP_NODELAY (libcurl's default is on).
    func setTCPNoDelay(_ enabled: Bool) throws(CurlError) {
        try check(
            nseb_curl_easy_setopt_long(raw, CURLOPT_TCP_NODELAY, enabled ? 1 : 0),
            "curl_easy_setopt(CURLOPT_TCP_NODELAY)")
    }

    /// CURLINFO_CONTENT_LENGTH_DOWNLOAD_T: the announced body length, or nil when unknown (no
    /// Content-Length, or no headers yet).
    var announcedContentLength: Int? {
        var value: curl_off_t = -1
        guard nseb_curl_easy_getinfo_off_t(raw, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &value) == CURLE_OK, value >= 0
        else { return nil }
        return Int(value)
    }

    /// CURLINFO_PRIVATE of a raw `CURL *`, as set with ``CurlEasyHandle/setPrivate(_:)``.
    static func privatePointer(of raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        var value: UnsafeMutableRawPointer?
        guard nseb_curl_easy_getinfo_pointer(raw, CURLINFO_PRIVATE, &value) == CURLE_OK else { return nil }
        return value
    }
}
