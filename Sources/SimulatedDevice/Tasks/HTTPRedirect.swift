public import Foundation

/// Where URLSession goes next after a redirect response, as a pure value (a simulated phone's session
/// and the built-in extensions' downloads both follow it): the status and `Location` of
/// the response, and the URL and method of the request that got it, decide the next request's URL,
/// method and whether it sends the body again (RFC 9110 §15.4).
///
/// - `301` and `302` keep the method, but a `POST` becomes a `GET` without its body (what browsers and
///   URLSession do);
/// - `303` becomes a `GET` without a body (a `HEAD` stays a `HEAD`);
/// - `307` and `308` keep the method and the body.
///
/// `Location` may be relative: it is resolved against the request's URL (RFC 3986 §5), and a
/// `Location` without a fragment keeps the request's (RFC 9110 §10.2.2). Any other status, or a
/// redirect without a `Location` that makes a URL, is no redirect: the response is the task's.
public struct HTTPRedirect: Sendable, Hashable {
    /// The redirects one task follows before it fails with `URLError(.httpTooManyRedirects)`: 16, the
    /// threshold Apple documents for that error ("currently 16"; swift-corelibs-foundation allows 20).
    public static let limit = 16

    /// The statuses URLSession follows.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The next request's URL.
    public var url: URL
    /// The next request's method.
    public var method: String
    /// Whether the next request sends the body again (`307`, `308`, and a non-`POST` `301`/`302`).
    public var keepsBody: Bool

    /// The redirect a response with `status` and `location` asks of the request (`url`, `method`) that
    /// got it; nil when it asks none.
    public init?(status: Int, location: String?, from url: URL, method: String) {
        guard Self.statuses.contains(status), let location = location?.trimmingCharacters(in: .whitespaces),
            !location.isEmpty, let resolved = URL(string: location, relativeTo: url)?.absoluteURL,
            resolved.scheme != nil, resolved.host != nil
        else { return nil }
        var target = resolved
        if target.fragment == nil, let fragment = url.fragment,
            let withFragment = URL(string: target.absoluteString + "#" + fragment)
        {
            target = withFragment
        }
        self.url = target
        switch status {
        case 303 where method != "HEAD", 301 where method == "POST", 302 where method == "POST":
            self.method = "GET"
            self.keepsBody = false
        default:
            self.method = method
            self.keepsBody = true
        }
    }

    /// The value of the `Location` field among `fields`, found in any case, as HTTP names are.
    public static func location(in fields: [String: String]?) -> String? {
        guard let fields else { return nil }
        if let exact = fields["Location"] { return exact }
        return fields.first { $0.key.caseInsensitiveCompare("Location") == .orderedSame }?.value
    }

    /// `request` sent again to this redirect's target: its URL and method, and without its body when
    /// the redirect drops it. Its header fields go with it, as URLSession sends them.
    func request(from request: URLRequest) -> URLRequest {
        var next = request
        next.url = url
        next.httpMethod = method
        if !keepsBody { next.httpBody = nil }
        return next
    }

    /// `request` sent again to this redirect's target, with the same limits and header fields, as a hop
    /// of the chain that started at its first URL.
    func request(from request: PhoneRequest) -> PhoneRequest {
        var next = request
        next.url = url
        next.method = method
        if !keepsBody { next.body = nil }
        next.redirectedFrom = request.redirectedFrom ?? request.url
        return next
    }
}
