import Foundation
import NSEBenchSystem
import Testing

@Suite("A tool run to its end for its output")
struct ToolRunTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func itsOutputAndStatusAreKeptAndItsErrorsGoWhereTheyAreSent() throws {
        let script = "echo out; echo err >&2; exit 3"
        let merged = try ToolRun.run(shell, ["-c", script], errors: .merged)
        #expect(text(merged.output) == "out\nerr\n")
        #expect(merged.status == 3 && !merged.signalled && !merged.stoppedAtLimit && !merged.exitedNormally)
        let discarded = try ToolRun.run(shell, ["-c", script])
        #expect(text(discarded.output) == "out\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("toolrun-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let toFile = try ToolRun.run(shell, ["-c", script], errors: .file(handle))
        try handle.close()
        #expect(text(toFile.output) == "out\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "err\n")
        let folder = try ToolRun.run(shell, ["-c", "pwd"], in: URL(fileURLWithPath: "/usr"))
        #expect(text(folder.output) == "/usr\n" && folder.exitedNormally)
    }

    @Test func aToolPastItsLimitIsKilledAndOneEndedBySignalSaysSo() throws {
        let start = Date()
        let hung = try ToolRun.run(shell, ["-c", "trap '' TERM; echo started; exec sleep 30"], timeLimit: 2)
        #expect(hung.stoppedAtLimit && hung.signalled && hung.status == SIGKILL)
        #expect(text(hung.output) == "started\n", "what it wrote before is kept")
        #expect(Date().timeIntervalSince(start) < 10)
        let killed = try ToolRun.run(shell, ["-c", "kill -KILL $$"])
        #expect(killed.signalled && killed.status == SIGKILL && !killed.stoppedAtLimit)
    }

    @Test func aToolThatCannotStartIsAFailureNamingIt() {
        #expect {
            try ToolRun.run(URL(fileURLWithPath: "/nonexistent/tool"), [])
        } throws: { error in
            (error as? ToolRun.Failure)?.tool == "/nonexistent/tool"
                && (error as? ToolRun.Failure)?.description.hasPrefix("cannot run /nonexistent/tool: ") == true
        }
    }
}
