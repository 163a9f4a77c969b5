import Foundation

/// Where a profile sends its side calls (a receipt, a metric): `path` on the host that served the
/// media, so that the embedded server stands for the SDK's own API host, reached over the same phone
/// network class (the media URL's port). A payload without media has no host to send them to, so its
/// invocation makes no side call.
enum SideCallURL {
    /// `path` on `mediaURL`'s scheme, host and port, without its query; nil when no URL can be made.
    static func on(_ mediaURL: URL, path: String) -> URL? {
        var components = URLComponents(url: mediaURL, resolvingAgainstBaseURL: false)
        components?.path = path
        components?.query = nil
        return components?.url
    }

}
