import NSEBenchCore

/// Turns an admitted ``Transfer``'s request into a configured libcurl easy handle.
enum TransferSetup {
    /// Creates and configures the transfer's handle (the sink opens its file on the first byte), with
    /// a receive buffer chosen for `inFlight` transfers running beside it unless the request names
    /// one (``ReceiveBufferPolicy``). Loop thread only.
    ///
    /// The total timeout given to libcurl is the request's, shortened to the time left before its
    /// ``DownloadRequest/deadline``; libcurl counts it from its own start of the transfer, right after
    /// admission, so time spent queued is never part of it. Proxies are never used: a simulated
    /// device talks to the media server directly, whatever the environment says.
    static func prepare(_ transfer: Transfer, now: UInt64, inFlight: Int) throws(DownloadError) {
        let request = transfer.request
        setTotalLimit(transfer, now: now)
        let totalLimit = transfer.totalLimit
        do throws(CurlError) {
            let easy = try CurlEasyHandle(maximumBodyBytes: request.maximumBodyBytes)
            try easy.setURL(request.url)
            let context = Unmanaged.passUnretained(transfer).toOpaque()
            try easy.setPrivate(context)
            try easy.setWriteCallback(transferWriteCallback, context: context)
            if request.progress != nil {
                try easy.setConnectedCallback(transferConnectedCallback, context: context)
                try easy.setHeaderCallback(transferHeaderCallback, context: context)
            }
            try easy.disableProxy()
            try easy.setMethod(request.method, body: request.body ?? Self.emptyBody(for: request.method))
            if let totalLimit { try easy.setTotalTimeout(milliseconds: milliseconds(roundingUp: totalLimit)) }
            if let connectTimeout = request.connectTimeout {
                try easy.setConnectTimeout(milliseconds: milliseconds(roundingUp: UInt64(connectTimeout.nanoseconds)))
            }
            if let lowSpeed = request.lowSpeed {
                try easy.setLowSpeedLimit(
                    bytesPerSecond: lowSpeed.bytesPerSecond, seconds: Int(clamping: lowSpeed.wholeSeconds))
            }
            try easy.setMaximumFileSize(bytes: Int64(request.maximumBodyBytes))
            try easy.setConnectionReuse(request.keepAlive)
            try easy.setReceiveBufferSize(
                bytes: request.receiveBufferBytes ?? ReceiveBufferPolicy.bytes(inFlight: inFlight))
            if request.url.utf8.starts(with: "https:".utf8) || !request.verifyTLS || request.caFile != nil {
                try easy.setTLSVerification(caFile: request.caFile, verify: request.verifyTLS)
            }
            // A body goes at once: libcurl's `Expect: 100-continue` would wait a second for a 100 the
            // media server does not send (a phone's URLSession sends none either).
            let headers = request.body == nil ? request.headerLines : request.headerLines + ["Expect:"]
            if !request.keepAlive {
                // Announced, so the server closes first and keeps the TIME_WAIT (as with wrk's
                // `Connection: close`); a closing client would pile up TIME_WAIT sockets on its own ports.
                if headers.isEmpty {
                    try easy.setHeaders(try closeHeader.get())
                } else if headers.contains(where: isConnectionHeader) {
                    try easy.setHeaders(headers)  // the caller's own Connection header, not a second one
                } else {
                    try easy.setHeaders(try CurlHeaderList(headers, then: "Connection: close"))
                }
            } else if !headers.isEmpty {
                try easy.setHeaders(headers)
            }
            transfer.easy = easy
        } catch {
            throw .setup(error)
        }
    }

    /// Sets the transfer's total limit: the request's total timeout, shortened to the time left
    /// before its ``DownloadRequest/deadline``; nil for none.
    static func setTotalLimit(_ transfer: Transfer, now: UInt64) {
        let request = transfer.request
        var totalLimit = request.totalTimeout.map { UInt64($0.nanoseconds) }
        if let deadline = request.deadline { totalLimit = min(totalLimit ?? .max, deadline - now) }
        transfer.totalLimit = totalLimit
    }

    /// The body of a `POST`, `PUT` or `PATCH` sent without one: empty, so that it still carries
    /// `Content-Length: 0`, as URLSession's does; nil for other methods.
    static func emptyBody(for method: String) -> [UInt8]? {
        method == "POST" || method == "PUT" || method == "PATCH" ? [] : nil
    }

    /// Whether `line` is a `Connection:` header, in any case; compared in place, without a lowercased copy
    /// of every header of every transfer.
    static func isConnectionHeader(_ line: String) -> Bool {
        let name = "connection:".utf8
        var characters = line.utf8.makeIterator()
        for expected in name {
            guard let character = characters.next() else { return false }
            // ASCII letters differ from their capitals by one bit; ':' has no capital.
            guard character | 0x20 == expected || character == expected else { return false }
        }
        return true
    }

    /// `Connection: close`, built once for every transfer that sends only it.
    private static let closeHeader = Result { () throws(CurlError) in try CurlHeaderList(["Connection: close"]) }

    /// Whole milliseconds for libcurl, rounded up so a limit never fires early, and at least 1
    /// (0 means "no limit" to libcurl).
    static func milliseconds(roundingUp nanoseconds: UInt64) -> Int {
        Int(clamping: max(1, nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 == 0 ? 0 : 1)))
    }
}
