import Foundation
import SimulatedDevice

/// Where a profile sends its side calls (a receipt, a metric): `path` on the host that served the
/// media, so that the embedded server stands for the SDK's own API host, reached over the same phone
/// network class (the media URL's port); for a payload without media, on the phone's
/// ``SimulatedDevice/SimulatedPhone/apiHost``, the media server over its network class. Only a phone
/// with neither (a run that names no host, a test's phone) makes no side call.
enum SideCallURL {
    /// `path` on `mediaURL`'s scheme, host and port, without its query, else on the calling phone's API
    /// host; nil when neither is known or no URL can be made.
    static func on(_ mediaURL: URL?, path: String) -> URL? {
        guard let host = mediaURL ?? SimulatedPhone.current?.apiHost else { return nil }
        var components = URLComponents(url: host, resolvingAgainstBaseURL: false)
        components?.path = path
        components?.query = nil
        return components?.url
    }
}
