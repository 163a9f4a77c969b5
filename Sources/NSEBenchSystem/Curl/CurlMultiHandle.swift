import CCurl

/// A libcurl multi handle (`CURLM *`), owned: `deinit` removes every attached transfer and calls
/// `curl_multi_cleanup`.
///
/// It keeps a strong reference to each attached ``CurlEasyHandle``, so a transfer libcurl is
/// driving can never be freed under it. Used from one thread at a time (the event loop's).
public final class CurlMultiHandle {
    let raw: UnsafeMutableRawPointer
    /// Attached transfers, keyed by their raw pointer, kept alive while libcurl uses them.
    private var attached: [UnsafeMutableRawPointer: CurlEasyHandle] = [:]

    public init() throws(CurlError) {
        try CurlLibrary.initialize()
        guard let raw = curl_multi_init() else {
            throw CurlError(call: "curl_multi_init", multiCode: CURLM_INTERNAL_ERROR)
        }
        self.raw = raw
    }

    deinit {
        for key in attached.keys { curl_multi_remove_handle(raw, key) }
        curl_multi_cleanup(raw)
    }

    /// How many transfers are attached.
    public var count: Int { attached.count }

    /// CURLMOPT_MAX_HOST_CONNECTIONS (0: no limit). nse-bench keeps admission in Swift, so this
    /// stays 0 and queue time is never counted against libcurl's timeouts.
    public func setMaximumHostConnections(_ limit: Int) throws(CurlError) {
        try check(
            nseb_curl_multi_setopt_long(raw, CURLMOPT_MAX_HOST_CONNECTIONS, limit),
            "curl_multi_setopt(CURLMOPT_MAX_HOST_CONNECTIONS)")
    }

    /// CURLMOPT_SOCKETFUNCTION and CURLMOPT_SOCKETDATA.
    func setSocketCallback(_ callback: curl_socket_callback, context: UnsafeMutableRawPointer?)
        throws(CurlError)
    {
        try check(
            nseb_curl_multi_setopt_socket_callback(raw, CURLMOPT_SOCKETFUNCTION, callback),
            "curl_multi_setopt(CURLMOPT_SOCKETFUNCTION)")
        try check(nseb_curl_multi_setopt_pointer(raw, CURLMOPT_SOCKETDATA, context), "curl_multi_setopt(SOCKETDATA)")
    }

    /// CURLMOPT_TIMERFUNCTION and CURLMOPT_TIMERDATA.
    func setTimerCallback(_ callback: curl_multi_timer_callback, context: UnsafeMutableRawPointer?)
        throws(CurlError)
    {
        try check(
            nseb_curl_multi_setopt_timer_callback(raw, CURLMOPT_TIMERFUNCTION, callback),
            "curl_multi_setopt(CURLMOPT_TIMERFUNCTION)")
        try check(nseb_curl_multi_setopt_pointer(raw, CURLMOPT_TIMERDATA, context), "curl_multi_setopt(TIMERDATA)")
    }

    /// Attaches a transfer (`curl_multi_add_handle`) and keeps it alive until it is removed.
    public func add(_ easy: CurlEasyHandle) throws(CurlError) {
        try check(curl_multi_add_handle(raw, easy.raw), "curl_multi_add_handle")
        attached[easy.raw] = easy
    }

    /// Detaches a transfer (`curl_multi_remove_handle`), finished or not, and returns it.
    @discardableResult
    public func remove(_ easy: CurlEasyHandle) throws(CurlError) -> CurlEasyHandle? {
        guard let kept = attached.removeValue(forKey: easy.raw) else { return nil }
        try check(curl_multi_remove_handle(raw, easy.raw), "curl_multi_remove_handle")
        return kept
    }

    /// `curl_multi_socket_action` for activity on `socket` (or a timeout, with `socket` nil);
    /// returns how many transfers are still running.
    @discardableResult
    public func socketAction(socket: Int32?, events: Int32) throws(CurlError) -> Int {
        var running: Int32 = 0
        let target = socket ?? nseb_curl_socket_timeout()
        try check(curl_multi_socket_action(raw, target, events, &running), "curl_multi_socket_action")
        return Int(running)
    }

    /// `curl_multi_perform` then `curl_multi_poll` for up to `timeoutMilliseconds`; returns how many
    /// transfers are still running. A simple driver for small numbers of transfers and tests; the
    /// event-loop transport uses ``socketAction(socket:events:)`` instead.
    @discardableResult
    public func performAndPoll(timeoutMilliseconds: Int32) throws(CurlError) -> Int {
        var running: Int32 = 0
        try check(curl_multi_perform(raw, &running), "curl_multi_perform")
        if running > 0 {
            try check(curl_multi_poll(raw, nil, 0, timeoutMilliseconds, nil), "curl_multi_poll")
        }
        return Int(running)
    }

    /// A finished transfer: its handle and its result (nil for success).
    public struct Completion {
        public let handle: CurlEasyHandle
        public let error: CurlError?
    }

    /// Reads every finished transfer (`curl_multi_info_read`), detaching each one.
    public func takeCompletions() -> [Completion] {
        var completions: [Completion] = []
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(raw, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easyRaw = message.pointee.easy_handle,
                let easy = attached[easyRaw]
            else { continue }
            let code = message.pointee.data.result
            completions.append(
                Completion(handle: easy, error: code == CURLE_OK ? nil : easy.failure(code, call: "transfer")))
        }
        // A finished transfer that this handle attached is always removable (curl_multi_remove_handle
        // fails only for a handle it does not know), so detaching cannot fail here.
        for completion in completions {
            attached.removeValue(forKey: completion.handle.raw)
            curl_multi_remove_handle(raw, completion.handle.raw)
        }
        return completions
    }
}
