/// What the media server's CDN caches an object under: the media it names, without the query
/// parameters that shape one request's network or faults (`ttfb=2s`, `status=503:100`), which a CDN
/// in front of nse-bench's origin would not forward.
enum CacheKey: Hashable {
    /// A synthetic file: its type, size, content-type mode and shape (``MediaRequest`` without
    /// ``MediaRequest/otherParameters``).
    case media(MediaRequest)
    /// A `--media-dir` file, by its path under `/files/`.
    case file(path: String)

    /// The key of `request`'s media: the same bytes under the same key whatever else it asks for.
    init(_ request: MediaRequest) {
        var media = request
        media.otherParameters = []
        self = .media(media)
    }
}
