public import Foundation
public import NSEBenchCore

extension SideEndpoint {
    /// The endpoint a request to `url` reaches, judged by its decoded path as the media server decodes
    /// it; nil for the media and any other path.
    ///
    /// Asked of every download an invocation makes. `URL.path` decodes and validates the path each
    /// time (150 ns, measured); the path as written (30 ns) is the same string unless it holds a `%`,
    /// and keeps a trailing slash, as the server's decoded path does (`/avatars/` is the avatars
    /// endpoint to both, where `URL.path`, which drops it, said the media).
    public init?(url: URL) {
        let written = url.path(percentEncoded: true)
        self.init(path: written.utf8.contains(UInt8(ascii: "%")) ? url.path : written)
    }
}
