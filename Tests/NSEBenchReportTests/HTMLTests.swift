import NSEBenchCore
import Testing

@testable import NSEBenchReport

@Suite("HTML escaping")
struct HTMLTests {
    @Test(
        "markup characters become references",
        arguments: [
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("a & b", "a &amp; b"), ("\"quoted\" 'single'", "&quot;quoted&quot; &#39;single&#39;"),
            ("plain", "plain"), ("tab\tand\nline", "tab\tand\nline"), ("bell\u{07}", "bell&#xFFFD;"),
        ])
    func escaping(input: String, expected: String) {
        #expect(HTML.escape(input) == expected)
    }

    @Test("a hostile setting string cannot open a tag or leave an attribute anywhere in a run report")
    func hostileSettings() throws {
        let hostile = "\"><script>alert('x')</script><img src=http://evil.example/x>"
        let run = try ReportFixture.run([
            "scenario": hostile, "network": hostile, "extension": hostile, "invalid_reason": hostile, "valid": "false",
        ])
        let page = RunReport.html(run, serverLog: hostile)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        #expect(page.contains("&lt;script&gt;"))
    }

    @Test("every page forbids fetching and scripts in its content-security policy")
    func contentSecurityPolicy() throws {
        let page = RunReport.html(try ReportFixture.run(), serverLog: nil)
        #expect(page.contains("Content-Security-Policy"))
        #expect(page.contains("default-src 'none'"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("<link"))
        #expect(!page.contains("@import"))
        #expect(!page.contains("url("))
    }

    @Test("tables escape every cell and align numeric columns")
    func table() {
        let html = HTML.table(header: ["a<"], rows: [["<b>", "12"]], numeric: [1])
        #expect(
            html
                == "<table><thead><tr><th>a&lt;</th></tr></thead><tbody><tr><td>&lt;b&gt;</td><td class=\"num\">12</td></tr></tbody></table>"
        )
    }
}

@Suite("A run report's self-check")
struct SelfCheckSectionTests {
    /// The calls' wait for a thread is a figure of a run that called a user's extension: a built-in run in
    /// nse-bench's own process has none, and its table leaves the row out rather than show it empty.
    @Test("the extension calls' wait is shown for a run that made such calls, and left out of one that made none")
    func extensionCallWaitRow() throws {
        let calls = RunReport.html(try ReportFixture.run(["extension_call_wait_p99_ms": "12.5"]), serverLog: nil)
        #expect(calls.contains("<td>extension_call_wait_p99_ms</td><td class=\"num\">12.5</td>"))
        let none = RunReport.html(try ReportFixture.run(["extension_call_wait_p99_ms": ""]), serverLog: nil)
        #expect(none.contains("<td>admission_lag_p99_ms</td>"))
        #expect(!none.contains("extension_call_wait_p99_ms"))
    }
}
