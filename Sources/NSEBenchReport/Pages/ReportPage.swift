/// The page every report shares: a strict content-security policy (nothing may be fetched, no
/// script may run), inline CSS, system fonts, a title and sections. Readable offline and attached to a
/// CI job as one file.
public enum ReportPage {
    /// The policy in the page's `<meta>`: styles inline only, images only as data URLs, nothing else.
    public static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

    /// A complete HTML document titled `title` with `body` (already HTML).
    public static func document(title: String, subtitle: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>\(css)</style>
        </head>
        <body>
        <header><h1>\(HTML.escape(title))</h1><p class="subtitle">\(HTML.escape(subtitle))</p></header>
        <main>
        \(body)
        </main>
        <footer>Written by nse-bench report. Self-contained: no script, font or image is fetched.</footer>
        </body>
        </html>

        """
    }

    /// A `<section>` with a heading (`<h2>`, or `<h\(level)>` for a section within a part of the page)
    /// and an optional lead paragraph (`intro`, plain text).
    public static func section(
        _ id: String, level: Int = 2, _ heading: String, intro: String? = nil, _ content: String
    ) -> String {
        let tag = "h\(min(max(level, 1), 6))"
        return "<section id=\"\(HTML.escape(id))\"><\(tag)>\(HTML.escape(heading))</\(tag)>"
            + (intro.map { "<p class=\"intro\">\(HTML.escape($0))</p>" } ?? "") + content + "</section>\n"
    }

    static let css = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1d1d1f;\
        background:#fff;margin:0;padding:0 24px 24px;max-width:1100px}
        header{border-bottom:2px solid #0072B2;margin-bottom:8px}h1{font-size:22px;margin:16px 0 2px}
        .subtitle{color:#555;margin:0 0 10px}h2{font-size:18px;margin:26px 0 6px;border-bottom:1px solid #ddd}
        .intro{color:#444;margin:4px 0 8px;max-width:900px}figure{margin:10px 0 18px}
        figcaption{font-weight:600;margin-bottom:2px}svg.chart{display:block;max-width:100%;height:auto}
        svg.chart text{font-size:12px;fill:#1d1d1f;font-family:inherit}svg.chart .axis-title{font-size:12.5px;\
        font-weight:600}svg.chart .grid{stroke:#e6e6e6}svg.chart .tick{stroke:#888}svg.chart .frame{fill:none;\
        stroke:#999}svg.chart .bar-value{fill:#fff;font-weight:600}svg.chart .bar-value.outside{fill:#1d1d1f}
        table{border-collapse:collapse;margin:6px 0 14px;font-size:13px}th,td{border:1px solid #ddd;\
        padding:3px 8px;text-align:left;vertical-align:top}th{background:#f3f5f8}td.num{text-align:right;\
        font-variant-numeric:tabular-nums}caption{text-align:left;font-weight:600;padding:4px 0}
        .verdict-regression{color:#b00020;font-weight:600}.verdict-improvement{color:#00734d;font-weight:600}
        .badge{display:inline-block;padding:2px 10px;border-radius:10px;font-weight:600}
        .badge.good{background:#e3f4ea;color:#00603f}.badge.bad{background:#fde7ea;color:#9b001b}
        .no-data p,.note{color:#666;font-style:italic}.kv td:first-child{font-family:ui-monospace,monospace}
        footer{color:#777;font-size:12px;margin-top:30px;border-top:1px solid #ddd;padding-top:6px}
        .run>h2{font-size:20px;margin:44px 0 4px;border-bottom:2px solid #0072B2}.run h3{font-size:16px;\
        margin:22px 0 6px;border-bottom:1px solid #ddd}a.back{font-size:12px;font-weight:400;margin-left:10px}
        table.overview td{vertical-align:middle}table.overview td.num,table.overview td.name{white-space:nowrap}
        .overview .detail,.overview .reason{display:block;font-size:12px}.overview .detail{color:#555}
        .overview .reason{color:#9b001b;max-width:300px}.overview tbody{border-top:2px solid #ccc}
        .overview tr.differs td{border-top:none;font-size:12px;color:#555;padding-bottom:6px}
        .overview .setting{overflow-wrap:anywhere}.overview .setting code{color:#1d1d1f}svg.strip{display:block}
        .kv td+td{overflow-wrap:anywhere}.kv td:last-child{min-width:240px}details>summary{cursor:pointer;color:#0072B2}
        .legend .key{margin-right:12px;white-space:nowrap}.legend svg{vertical-align:-1px}
        """
}
