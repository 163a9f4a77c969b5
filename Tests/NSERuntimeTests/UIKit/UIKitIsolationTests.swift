import Foundation
import NSEBenchTestSupport
import Testing

/// UIKit's main-actor classes run no closure in their methods: Swift 6 checks the isolation of a closure formed
/// in a main-actor method when it runs, and Swift 5 mode extensions call views' methods on their own thread (as
/// iOS's SDK lets them compile), where the check stops the process (`subviews.removeAll { $0 === view }` did:
/// Illegal instruction in `_dispatch_assert_queue_fail`). A source check, so that the next edit cannot bring
/// one back; `UncheckedMainActor.run` is the one way in, on purpose.
@Suite("UIKit: no isolated closure in main-actor classes")
struct UIKitIsolationTests {
    /// A closure handed to a collection's or an optional's method: `.map {`, `.firstIndex(where: {`, `{ $0`.
    static let closureCall =
        #"\.(map|compactMap|flatMap|filter|forEach|first|firstIndex|last|lastIndex|contains|allSatisfy|removeAll|reduce|sorted|min|max|drop|prefix)\s*(\((where|by|while):\s*)?\{|\{\s*\$0"#

    /// The lines of `text` with such a closure.
    static func closureLines(in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return code.range(of: closureCall, options: .regularExpression) != nil ? index + 1 : nil
        }
    }

    @Test("the check finds the closures that crashed, and not a property read before a brace")
    func detector() {
        #expect(Self.closureLines(in: "subviews.removeAll { $0 === view }\n") == [1])
        #expect(Self.closureLines(in: "let i = subviews.firstIndex(where: { $0 === view })\n") == [1])
        #expect(Self.closureLines(in: "x\nbelow.map { value in value + 1 }\n") == [2])
        #expect(Self.closureLines(in: "if let old = view.superview {\n/// `firstIndex { $0 }` in a comment\n").isEmpty)
    }

    @Test("no main-actor file of UIKit hands a closure to a function")
    func noIsolatedClosures() throws {
        let folder = RepositoryPaths.root.appendingPathComponent("Sources/UIKit")
        var found: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard text.contains("@MainActor"), name != "UncheckedMainActor.swift" else { continue }
            found += Self.closureLines(in: text).map { "\(name):\($0)" }
        }
        #expect(found.isEmpty, "closures in main-actor UIKit code: \(found)")
    }
}
