import CCurl

/// Process-wide libcurl state: `curl_global_init` runs exactly once, before the first handle exists.
///
/// `curl_global_init` is not thread-safe and must not run twice; a Swift `static let` is initialised
/// exactly once under a lock (`swift_once`), which is the guarantee libcurl asks for.
public enum CurlLibrary {
    private static let initialisation: Result<Void, CurlError> = {
        let code = curl_global_init(nseb_curl_global_all())
        return code == CURLE_OK ? .success(()) : .failure(CurlError(call: "curl_global_init", code: code))
    }()

    /// Initialises libcurl if no one has yet; cheap after the first call.
    public static func initialize() throws(CurlError) {
        try initialisation.get()
    }

    /// libcurl's version string, for example `"7.88.1"`, for the host fingerprint.
    public static var version: String {
        guard let info = curl_version_info(nseb_curl_version_now()), let text = info.pointee.version else {
            return "unknown"
        }
        return String(cString: text)
    }

    /// The TLS library libcurl was built against, for example `"OpenSSL/3.0.19"`.
    public static var sslVersion: String {
        guard let info = curl_version_info(nseb_curl_version_now()), let text = info.pointee.ssl_version else {
            return "none"
        }
        return String(cString: text)
    }
}
