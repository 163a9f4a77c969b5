import Foundation
import NSEBenchCLI
import Testing

/// `docs/cli.md` is generated from the commands' declarations: it must be exactly what the generator
/// writes now, so an option added, renamed or re-described without regenerating it fails here.
@Suite("docs/cli.md is the commands' declarations")
struct CLIReferenceTests {
    @Test("docs/cli.md is what the declarations generate")
    func referenceMatchesTheDeclarations() throws {
        let generated = CLIReference.markdown(for: NSEBenchTool.commands.map(\.configuration))
        let file = DocsFolder.url.appendingPathComponent("cli.md")
        if ProcessInfo.processInfo.environment["NSE_BENCH_UPDATE_DOCS"] == "1" {
            try generated.write(to: file, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == generated, "docs/cli.md is out of date: run `\(CLIReference.regenerateCommand)`")
    }

    @Test("every option of every command is named in that command's section of docs/cli.md")
    func everyOptionIsNamed() throws {
        let text = try DocsFolder.text("cli.md")
        for command in NSEBenchTool.commands.map(\.configuration) {
            let heading = "\n## `nse-bench \(command.name)`\n"
            let start = try #require(text.range(of: heading), "docs/cli.md has no section for \(command.name)")
            let rest = text[start.upperBound...]
            let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
            for option in command.options {
                #expect(section.contains("`--\(option.name)`"), "docs/cli.md lacks \(command.name) --\(option.name)")
            }
        }
    }
}
