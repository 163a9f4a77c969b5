/// One side call as the media server saw it: when its request (head and body) was in, and how many
/// body bytes it carried (a receipt's or a metric's JSON; 0 for a `GET`).
///
/// ```swift
/// let call = SideCall(time: origin + 1_500_000_000, bodyBytes: 320)
/// ```
public struct SideCall: Sendable, Hashable {
    /// When the request was in, monotonic nanoseconds.
    public var time: UInt64
    /// Request body bytes received (its `Content-Length`).
    public var bodyBytes: Int

    /// A call at `time` with `bodyBytes` of body.
    public init(time: UInt64, bodyBytes: Int = 0) {
        self.time = time
        self.bodyBytes = bodyBytes
    }
}
