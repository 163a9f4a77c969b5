import Testing

@testable import MediaServer

@Suite("HTTP request target: forms and percent-decoding")
struct HTTPRequestTargetTests {
    struct TargetCase: Sendable, CustomStringConvertible {
        var target: String
        var path: String
        var query: [HTTPQueryItem]
        var description: String { target }
    }

    static func item(_ name: String, _ value: String) -> HTTPQueryItem {
        HTTPQueryItem(name: name, value: value)
    }

    static let cases: [TargetCase] = [
        TargetCase(target: "/", path: "/", query: []),
        TargetCase(target: "/media/a%20b", path: "/media/a b", query: []),
        TargetCase(target: "/a+b", path: "/a+b", query: []),
        TargetCase(target: "/%41%42", path: "/AB", query: []),
        TargetCase(target: "/%e2%82%AC", path: "/€", query: []),
        TargetCase(target: "/a/../b", path: "/a/../b", query: []),
        TargetCase(target: "/a!$&'()*,;=:@~_-.b", path: "/a!$&'()*,;=:@~_-.b", query: []),
        TargetCase(target: "/x?", path: "/x", query: []),
        TargetCase(
            target: "/x?q=a+b%2Bc&e=%C3%A9&flag&&=v&x=1=2",
            path: "/x",
            query: [item("q", "a b+c"), item("e", "é"), item("flag", ""), item("", "v"), item("x", "1=2")]),
        TargetCase(target: "/x?a=1&a=2&", path: "/x", query: [item("a", "1"), item("a", "2")]),
        TargetCase(
            target: "/media/1KB?ttfb=2s&type=jpeg", path: "/media/1KB",
            query: [item("ttfb", "2s"), item("type", "jpeg")]),
        TargetCase(
            target: "http://example.com:8080/media/1KB.jpg?x=1", path: "/media/1KB.jpg", query: [item("x", "1")]),
        TargetCase(target: "HTTPS://Example.com", path: "/", query: []),
        TargetCase(target: "http://h?x=1", path: "/", query: [item("x", "1")]),
        TargetCase(target: "http://[::1]:8080/a", path: "/a", query: []),
        TargetCase(target: "http://user@h/a%2Fb", path: "/a/b", query: []),
    ]

    @Test(arguments: cases)
    func decodesPathAndQuery(testCase: TargetCase) throws {
        let parsed = try head(request(testCase.target))
        #expect(parsed.path == testCase.path)
        #expect(parsed.query == testCase.query)
        #expect(parsed.target == testCase.target)
    }
}
