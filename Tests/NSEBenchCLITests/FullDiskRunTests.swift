import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// A run whose result files cannot be written (a full disk) says which, and why, and still prints
/// what it measured.
@Suite("run on a full disk")
struct FullDiskRunTests {
    @Test func aResultFileOnAFullDiskIsNamedWithTheRealErrorAndTheSummaryIsStillPrinted() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        // invocations.csv lands on /dev/full, which answers every write with ENOSPC.
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("invocations.csv").path, withDestinationPath: "/dev/full")
        // The template extension downloads nothing, so the unreachable target is never asked.
        let configuration = try RunOptions.configuration(
            from: ArgumentParser.parse(
                [
                    "-n", "3", "-c", "1", "--extension", "template", "--target", "http://127.0.0.1:9/", "--quiet",
                    "--out", out.path,
                ], for: RunCommand.configuration))
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let error = await #expect(throws: RunError.self) {
            _ = try await RunSession(configuration: configuration, context: context).execute()
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("invocations.csv: write(\(out.path)/invocations.csv) failed"), "\(message)")
        #expect(message.contains("No space left on device (errno 28)"), "\(message)")
        #expect(!message.contains("Input/output error"))
        // What the run measured is on the terminal, even with --quiet, and says what is missing.
        #expect(output.text.contains("3 invocations"), "\(output.text)")
        #expect(output.text.contains("NOT WRITTEN: invocations.csv"))
        #expect(output.text.contains("results: \(out.path)/summary.csv, histograms.csv"))
        // The files that fit were written.
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.csv").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("histograms.csv").path))
    }
}
