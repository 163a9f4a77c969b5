import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `run`'s embedded server (`nse-bench serve --settings-file`, managed) ends with the run on every path: an error
/// after it started, and the run killed outright.
@Suite("embedded server lifetime")
struct EmbeddedServerLifetimeTests {
    /// The `nse-bench` built next to this test binary.
    static var executable: URL { RepositoryPaths.nseBenchExecutable }

    /// Live (not zombie) managed `serve` processes whose command line has `marker` (a run's server has it
    /// in its settings file's path, under the run's `--scratch-dir`), with their parents.
    static func servers(marked marker: String) -> [(pid: Int32, parent: Int32)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)
            else { return nil }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.contains("--managed") || arguments.contains("--settings-file"),
                arguments.contains(where: { $0.contains(marker) })
            else { return nil }
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            guard fields.count > 1, fields[0] != "Z", let parent = Int32(fields[1]) else { return nil }
            return (pid, parent)
        }
    }

    static func uniqueSeed() -> String { String(UInt64.random(in: 1_000_000_000...UInt64(Int64.max))) }

    @Test func aRunThatFailsAfterItsServerStartedStopsIt() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build nse-bench first")
        let seed = Self.uniqueSeed()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-lifetime-\(seed)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        var configuration = try RunOptions.configuration(
            from: ArgumentParser.parse(
                [
                    "--payloads", "/nonexistent/payloads.jsonl", "-n", "1", "--quiet", "--out",
                    out.appendingPathComponent("results").path, "--scratch-dir", out.path, "--seed", seed,
                ],
                for: RunCommand.configuration))
        configuration.serverExecutable = Self.executable
        let context = CommandContext(
            output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
        await #expect(throws: (any Error).self) {
            _ = try await RunSession(configuration: configuration, context: context).execute()
        }
        let left = Self.servers(marked: seed)
        #expect(left.isEmpty, "servers left running: \(left.map(\.pid))")
        for server in left { kill(server.pid, SIGKILL) }
    }

    @Test func aRunKilledOutrightTakesItsServerWithIt() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build nse-bench first")
        let seed = Self.uniqueSeed()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-lifetime-\(seed)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try ChildProcess(
            Self.executable.path,
            onLoopback([
                // A run that lasts (a first byte past a long budget): a test process too loaded to look
                // for the server at once still finds it there.
                "run", "-n", "1", "--ttfb", "600s", "--deadline", "300s", "--out",
                out.appendingPathComponent("results").path,
                "--scratch-dir", out.path, "--seed", seed,
            ]))
        let started = await eventually(within: .seconds(60), every: .milliseconds(20)) {
            Self.servers(marked: seed).contains { $0.parent == run.processIdentifier }
        }
        let ranToItsEnd = !run.isRunning
        kill(run.processIdentifier, SIGKILL)
        let ended = try await run.exit(within: .seconds(60))
        try #require(
            started,
            "the run's server never appeared; the run \(ranToItsEnd ? "had ended" : "was running"): \(ended.output)")
        // Shutting down lets responses in flight finish for 2 s; the rest is slack for a loaded machine.
        let gone = await eventually(within: .seconds(20), every: .milliseconds(20)) {
            Self.servers(marked: seed).isEmpty
        }
        #expect(gone, "the server outlived the run killed with SIGKILL")
        for server in Self.servers(marked: seed) { kill(server.pid, SIGKILL) }
    }

    @Test func aManagedServerWhoseParentHasGoneDoesNotStart() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build nse-bench first")
        // This test process is the server's parent, so PID 1 stands for a run that has already ended.
        let serve = try ChildProcess(
            Self.executable.path, ["serve", "--port", "0", "--quiet", "--managed", "--parent-pid", "1"])
        let ended = await eventually(within: .seconds(20), every: .milliseconds(20)) { !serve.isRunning }
        if !ended { serve.send(SIGTERM) }
        let result = try await serve.exit(within: .seconds(60))
        let text = result.output
        #expect(ended, "the server kept running")
        #expect(result.status == ExitCode.harnessError.rawValue)
        #expect(text.contains("the parent process 1 has already ended"), "\(text)")
        #expect(!text.contains("listening on"))
    }
}
