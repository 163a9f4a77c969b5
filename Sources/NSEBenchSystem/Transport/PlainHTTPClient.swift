/// Which HTTP client a ``CurlTransport`` runs plain-HTTP downloads on.
public enum PlainHTTPClient: String, Sendable, Hashable, CaseIterable {
    /// The transport's own HTTP/1.1 client (``PlainHTTPExchange``) for every `GET` of an `http://`
    /// address on a connection of its own; libcurl for the rest. What libcurl would send and report,
    /// at a fraction of its cost per transfer.
    case own
    /// libcurl for every download, as before the transport had a client of its own: to compare the two.
    case libcurl
}
