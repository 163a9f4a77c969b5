import Foundation
import SimulatedDevice

/// A profile's side calls (a receipt, a metric, an event): where they go, and sending one later as the
/// phone's tracked work. Where: `path` on the host that served the
/// media, so that the embedded server stands for the SDK's own API host, reached over the same phone
/// network class (the media URL's port); for a payload without media, on the phone's
/// ``SimulatedDevice/SimulatedPhone/apiHost``, the media server over its network class. Only a phone
/// with neither (a run that names no host, a test's phone) makes no side call.
enum SideCall {
    /// `path` on `mediaURL`'s scheme, host and port, without its query, else on the calling phone's API
    /// host; nil when neither is known or no URL can be made.
    static func on(_ mediaURL: URL?, path: String) -> URL? {
        guard let host = mediaURL ?? SimulatedPhone.current?.apiHost else { return nil }
        var components = URLComponents(url: host, resolvingAgainstBaseURL: false)
        components?.path = path
        components?.query = nil
        return components?.url
    }

    /// Sends `request` on `session` `seconds` (scaled to the run) from now, as tracked work of `phone`: sent
    /// only if the phone still runs the extension then (a process suspended first sends nothing, as on a
    /// phone); a failure is the record's, the SDK logs it and goes on.
    static func send(
        _ request: URLRequest, on session: URLSession, after seconds: TimeInterval, for phone: SimulatedPhone
    ) {
        let wait = phone.scaledNanoseconds(seconds) ?? 0
        phone.network.track {
            do {
                try await Task.sleep(nanoseconds: wait)
            } catch {
                return  // the process is gone before the call was due: nothing is sent
            }
            do {
                _ = try await session.data(for: request)
            } catch {
                // The SDKs log a failed side call and move on; the record has the request's failure.
            }
        }
    }
}
