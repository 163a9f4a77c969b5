import NSEBenchCore

/// Where the media server's redirect (``NetworkConditions/redirects``) points: the request's own target,
/// as it came (not decoded, so nothing in it changes), with its `redirects` parameter replaced by one
/// fewer. A relative reference (`/media/200KB.jpg?ttfb=1s&redirects=1`), which clients resolve against
/// the URL they asked for, so the next hop reaches this server by whatever name the client used.
///
/// ```swift
/// RedirectLocation.next(fromTarget: "/media/200KB.jpg?redirects=2&ttfb=1s", remaining: 2)
/// // "/media/200KB.jpg?ttfb=1s&redirects=1"
/// ```
enum RedirectLocation {
    /// The `Location` of a redirect answering `target` (the request target, origin- or absolute-form)
    /// with `remaining` redirects to go, this one included.
    static func next(fromTarget target: String, remaining: Int) -> String {
        var target = Substring(target)
        // An absolute-form target (`http://host/path`): the path and query alone. An origin-form target
        // starts with `/`, whatever its path holds (`/files/http://x.jpg`).
        if target.first != "/", let scheme = target.range(of: "://") {
            let afterAuthority = target[scheme.upperBound...]
            target = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] } ?? "/"
            if target.first == "?" { target = "/" + target }
        }
        let path: Substring
        var pairs: [Substring] = []
        if let mark = target.firstIndex(of: "?") {
            path = target[..<mark]
            pairs = target[target.index(after: mark)...].split(separator: "&").filter { pair in
                guard let name = pair.split(separator: "=", maxSplits: 1).first else { return false }
                return decodedName(name) != NetworkSettingKey.redirects.name
            }
        } else {
            path = target
        }
        let name = NetworkSettingKey.redirects.name
        pairs.append("\(name)=\(remaining - 1)")
        return path + "?" + pairs.joined(separator: "&")
    }

    /// A query name as the server reads it (percent-decoded, `+` as a space), so that `%72edirects` is
    /// the setting it names; the raw name when it does not decode.
    private static func decodedName(_ name: Substring) -> String {
        var bytes = Array(name.utf8)
        return bytes.withUnsafeMutableBytes { raw in
            (try? PercentDecoding.decode(UnsafeRawBufferPointer(raw), plusAsSpace: true)) ?? String(name)
        }
    }
}
