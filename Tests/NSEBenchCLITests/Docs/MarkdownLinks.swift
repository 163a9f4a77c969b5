import Foundation

/// The relative links of a markdown page and the anchors its headings get, enough to check that a link
/// points at a file (and a heading) that exists. Code blocks and code spans are skipped: a `](` there is
/// text, not a link.
struct MarkdownPage {
    let text: String

    /// Every `[text](target)` and `![alt](target)` outside code, in order.
    var linkTargets: [String] {
        var targets: [String] = []
        for line in proseLines {
            var rest = Substring(Self.removingCodeSpans(line))
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[after.index(after: close)...]
            }
        }
        return targets
    }

    /// The anchors GitHub gives this page's headings: lower case, punctuation dropped, spaces as hyphens,
    /// a repeated heading numbered `-1`, `-2`, ...
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in proseLines where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(
                title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                    if scalar == " " { return "-" }
                    if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                        return Character(scalar)
                    }
                    return nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The lines outside fenced code blocks.
    private var proseLines: [String] {
        var inFence = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inFence.toggle()
            } else if !inFence {
                lines.append(String(line))
            }
        }
        return lines
    }

    private static func removingCodeSpans(_ line: String) -> String {
        line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
    }
}
