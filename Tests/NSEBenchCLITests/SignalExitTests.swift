import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

/// How `run` and `serve` end on SIGINT and SIGTERM, seen from outside as a shell sees them: the
/// built `nse-bench` in a child process (signals sent to this test process would reach every test).
@Suite("signals and exit statuses")
struct SignalExitTests {
    /// A started `nse-bench` with its output collected as it comes.
    final class Child: Sendable {
        let process: Process
        private final class Collected: Sendable {
            let text = Mutex("")
        }
        private let collected = Collected()

        init(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = EmbeddedServerLifetimeTests.executable
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            self.process = process
            pipe.fileHandleForReading.readabilityHandler = { [collected] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                collected.text.withLock { $0 += text }
            }
            try process.run()
        }

        var output: String { collected.text.withLock { $0 } }

        /// Waits until the output contains `text`; false after `seconds`.
        func waitForOutput(_ text: String, within seconds: Double) async -> Bool {
            await eventually(within: .seconds(seconds), every: .milliseconds(20)) { output.contains(text) }
        }

        /// Waits for the exit; nil (having killed it) if it is still running after `seconds`.
        func exitStatus(within seconds: Double) async -> Int32? {
            let ended = await eventually(within: .seconds(seconds), every: .milliseconds(20)) { !process.isRunning }
            if !ended {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            return process.terminationStatus
        }

        func send(_ signal: Int32) { kill(process.processIdentifier, signal) }
    }

    static func summary(in folder: URL) throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
        let records = try CSVReader.records(text)
        try #require(records.count == 2)
        return Dictionary(zip(records[0], records[1]), uniquingKeysWith: { first, _ in first })
    }

    @Test func serveExitsWithTheSignalsStatus() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: EmbeddedServerLifetimeTests.executable.path))
        for (signal, status) in [(SIGINT, ExitCode.interrupted), (SIGTERM, ExitCode.terminated)] {
            let serve = try Child(["serve", "--port", "0", "--quiet"])
            let listening = await serve.waitForOutput("listening on", within: 20)
            serve.send(signal)
            let exit = await serve.exitStatus(within: 20)
            try #require(listening, "\(serve.output)")
            #expect(exit == status.rawValue, "serve after signal \(signal): \(serve.output)")
        }
    }

    /// Runs whose invocations wait a minute for their first byte: a first Ctrl-C (SIGTERM) would let
    /// them run to their 30 s deadline and 2 s grace; the second ends the run at once, with what it
    /// has, and the status is the first signal's: 130 for SIGINT, 143 for SIGTERM.
    @Test func aSecondSignalEndsTheRunAtOnceWithTheFirstSignalsStatus() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: EmbeddedServerLifetimeTests.executable.path))
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-signals-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        func start(_ name: String, ttfb: String) throws -> Child {
            try Child([
                // A budget past every wait below: under a loaded machine's slow start, the invocations must
                // still be in flight when the second signal comes, not expired and counted.
                "run", "-n", "2", "-c", "2", "--ttfb", ttfb, "--deadline", "120s", "--extension", "media",
                "--media", "1KB.jpg:1", "--profile", "none", "--out", base.appendingPathComponent(name).path,
            ])
        }
        let interrupted = try start("interrupted", ttfb: "150s")
        let terminated = try start("terminated", ttfb: "150s")
        // The progress line (every 2 s on a pipe) shows both invocations in flight.
        let interruptedStarted = await interrupted.waitForOutput("in flight 2", within: 30)
        let terminatedStarted = await terminated.waitForOutput("in flight 2", within: 30)
        interrupted.send(SIGINT)
        terminated.send(SIGTERM)
        let interruptedStopping = await interrupted.waitForOutput("no more arrivals", within: 10)
        let terminatedStopping = await terminated.waitForOutput("no more arrivals", within: 10)
        interrupted.send(SIGINT)
        terminated.send(SIGTERM)
        let interruptedExit = await interrupted.exitStatus(within: 15)
        let terminatedExit = await terminated.exitStatus(within: 15)
        try #require(interruptedStarted && terminatedStarted, "\(interrupted.output)\n\(terminated.output)")
        #expect(interruptedStopping && terminatedStopping)
        #expect(interruptedExit == ExitCode.interrupted.rawValue, "\(interrupted.output)")
        let abandoned = try Self.summary(in: base.appendingPathComponent("interrupted"))
        #expect(abandoned["partial"] == "true")
        #expect(abandoned["invocations"] == "0", "the two in flight were abandoned, not counted")
        // Abandoned, but not lost without a word: the run says how many, there and in the summary.
        #expect(
            interrupted.output.contains(
                "stopping now; 2 invocations in flight are abandoned and will be in no result file"),
            "\(interrupted.output)")
        #expect(
            abandoned["invalid_reason"]?.contains(
                "2 invocations in flight when the run was stopped at once are in no result file")
                == true, "\(abandoned["invalid_reason"] ?? "")")
        #expect(interrupted.output.contains("PARTIAL"), "the summary is still printed")

        #expect(terminatedExit == ExitCode.terminated.rawValue, "\(terminated.output)")
        #expect(try Self.summary(in: base.appendingPathComponent("terminated"))["partial"] == "true")
    }
}
