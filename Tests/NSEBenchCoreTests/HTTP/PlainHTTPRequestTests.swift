import NSEBenchCore
import Testing

@Suite("Plain-HTTP request: which URLs, and the head sent")
struct PlainHTTPRequestTests {
    @Test(
        "an http URL to an IPv4 address is taken apart into host, port and target",
        arguments: [
            ("http://127.0.0.1:8080/media/1KB.jpg", "127.0.0.1", 8080, "/media/1KB.jpg"),
            ("http://127.0.0.1/media/1KB.jpg?ttfb=1s&x=%20", "127.0.0.1", 80, "/media/1KB.jpg?ttfb=1s&x=%20"),
            ("http://10.0.0.2:9", "10.0.0.2", 9, "/"),
            ("http://10.0.0.2:9?q=1", "10.0.0.2", 9, "/?q=1"),
            ("http://127.0.0.1:80/a#fragment", "127.0.0.1", 80, "/a"),
            ("http://127.0.0.1:65535#fragment", "127.0.0.1", 65535, "/"),
            ("http://1.2.3.4:00080/x", "1.2.3.4", 80, "/x"),
            ("http://127.0.0.1/.well-known/a...b/..c?x=/../", "127.0.0.1", 80, "/.well-known/a...b/..c?x=/../"),
        ])
    func parsesPlainURLs(url: String, host: String, port: Int, target: String) throws {
        let request = try #require(PlainHTTPRequest(url: url))
        #expect(request.host == host)
        #expect(Int(request.port) == port)
        #expect(request.target == Substring(target))
    }

    @Test(
        "URLs that need a lookup, rewriting or another protocol are left to libcurl",
        arguments: [
            "https://127.0.0.1/a", "http://localhost/a", "http://media.example/a", "http://user:pw@127.0.0.1/a",
            "http://127.0.0.1:0/a", "http://127.0.0.1:65536/a", "http://127.0.0.1:/a", "http://127.0.0.1:123456/a",
            "http://127.0.0.1:8a/a",
            "http://127.0.0.1:+80/a", "http://127.0.0.1/a b",
            "http://127.0.0.1/a/../b", "http://127.0.0.1/./b", "http://127.0.0.1/a/..", "http://127.0.0.1/a/.?q",
            "http://127.0.0.1.5/a", "http://256.0.0.1/a", "http://127.0.0.1./a", "http://[::1]/a", "http://1.2.3/a",
            "http://01.2.3.4/a", "http://127.0.0.1/caf\u{e9}", "http://", "ftp://127.0.0.1/a",
        ])
    func leavesOtherURLsToLibcurl(url: String) {
        #expect(PlainHTTPRequest(url: url) == nil)
    }

    @Test("the head is libcurl's: request line, Host (port unless 80), Accept, the caller's lines, Connection")
    func headBytes() throws {
        let request = try #require(PlainHTTPRequest(url: "http://127.0.0.1:8080/m.jpg?a=1"))
        #expect(
            String(decoding: request.head(headers: [], close: true), as: UTF8.self)
                == "GET /m.jpg?a=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: */*\r\nConnection: close\r\n\r\n")
        let defaultPort = try #require(PlainHTTPRequest(url: "http://127.0.0.1/"))
        #expect(
            String(decoding: defaultPort.head(headers: ["X-Tag: 7"], close: false), as: UTF8.self)
                == "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\nX-Tag: 7\r\n\r\n")
    }

    @Test("a caller's header replaces a default; 'Name:' removes one; 'Name;' sends it empty; its Connection is kept")
    func callerHeaders() throws {
        let request = try #require(PlainHTTPRequest(url: "http://127.0.0.1:8080/"))
        let head = String(
            decoding: request.head(
                headers: ["accept: image/*", "Host:", "X-Empty;", "Connection: keep-alive"], close: true),
            as: UTF8.self)
        #expect(
            head == "GET / HTTP/1.1\r\naccept: image/*\r\nX-Empty:\r\nConnection: keep-alive\r\n\r\n")
        let ownHost = String(
            decoding: request.head(headers: ["Accept: a/b", "Host: media.example"], close: false), as: UTF8.self)
        #expect(ownHost == "GET / HTTP/1.1\r\nHost: media.example\r\nAccept: a/b\r\n\r\n")
        let odd = String(decoding: request.head(headers: ["host: x", "X-A; ", "X-B"], close: false), as: UTF8.self)
        #expect(
            odd == "GET / HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
            "libcurl's name for Host; no line without a colon")
        let emptyHost = String(decoding: request.head(headers: ["Host;"], close: false), as: UTF8.self)
        #expect(emptyHost == "GET / HTTP/1.1\r\nHost:\r\nAccept: */*\r\n\r\n")
    }
}
