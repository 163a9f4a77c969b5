/// Checks the transport makes before a request takes a slot, so a bad option fails at once with the
/// option and its value instead of as an obscure libcurl error later.
extension DownloadRequest {
    /// The first option outside what the transport accepts, as an error; nil when all are fine.
    var validationError: DownloadError? {
        if url.isEmpty { return .invalidRequest(option: "url", value: "\"\"") }
        if method.isEmpty || !method.utf8.allSatisfy(Self.isTokenByte) {
            return .invalidRequest(option: "method", value: "\"\(method)\"")
        }
        if body != nil, method == "GET" || method == "HEAD" {
            return .invalidRequest(option: "body", value: "\(body?.count ?? 0) bytes with \(method)")
        }
        if maximumBodyBytes < 0 { return .invalidRequest(option: "maximumBodyBytes", value: "\(maximumBodyBytes)") }
        if let receiveBufferBytes, !Self.receiveBufferRange.contains(receiveBufferBytes) {
            return .invalidRequest(option: "receiveBufferBytes", value: "\(receiveBufferBytes)")
        }
        if let totalTimeout, totalTimeout.nanoseconds == 0 {
            return .invalidRequest(option: "totalTimeout", value: "\(totalTimeout)")
        }
        if let connectTimeout, connectTimeout.nanoseconds == 0 {
            return .invalidRequest(option: "connectTimeout", value: "\(connectTimeout)")
        }
        if let lowSpeed, lowSpeed.bytesPerSecond <= 0 || lowSpeed.duration.nanoseconds == 0 {
            return .invalidRequest(
                option: "lowSpeed", value: "\(lowSpeed.bytesPerSecond) B/s for \(lowSpeed.duration)")
        }
        if let requestTag, requestTag.isEmpty || !requestTag.utf8.allSatisfy(Self.isTokenByte) {
            return .invalidRequest(option: "requestTag", value: "\"\(requestTag)\"")
        }
        if case .file(let path) = destination, path.isEmpty {
            return .invalidRequest(option: "destination", value: "file \"\"")
        }
        return nil
    }

    /// Whether `byte` may be part of a method token (RFC 9110 §5.6.2 `tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
