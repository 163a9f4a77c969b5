import COpenSSL

/// A failed OpenSSL call: its name and every message OpenSSL's thread-local error queue held.
public struct OpenSSLError: Error, Equatable, CustomStringConvertible {
    public let call: String
    /// `ERR_error_string_n` for each queued error, oldest first; may be empty.
    public let queue: [String]

    public var description: String {
        queue.isEmpty ? "\(call) failed" : "\(call) failed: \(queue.joined(separator: "; "))"
    }

    /// Captures and clears the calling thread's error queue.
    static func capture(_ call: String) -> OpenSSLError {
        var messages: [String] = []
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
        defer { buffer.deallocate() }
        while case let code = ERR_get_error(), code != 0 {
            ERR_error_string_n(code, buffer, 256)
            messages.append(String(cString: buffer))
        }
        return OpenSSLError(call: call, queue: messages)
    }
}

/// OpenSSL's own version string, for the host fingerprint.
public enum OpenSSLLibrary {
    public static var version: String { String(cString: nseb_openssl_version_text()) }
}
