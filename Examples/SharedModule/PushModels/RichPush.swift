// Code an app shares with its extension, in a framework of its own: what a rich push carries.
import Foundation

/// The media a push names, read from its `userInfo`.
public struct RichPush: Equatable {
    /// The image or video to attach.
    public var mediaURL: URL

    /// The push's media, or nil when it names none (`media_url`, as nse-bench's generated payloads do).
    public init?(userInfo: [AnyHashable: Any]) {
        guard let text = userInfo["media_url"] as? String, let url = URL(string: text) else { return nil }
        mediaURL = url
    }
}
