import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import NSERuntime
import Testing

@testable import NSEBenchCLI

/// Replayed payloads are taken as they are: one without `"mutable-content":1` never starts the extension
/// (`not_mutable`), and an encrypted one nothing can open is handed back as it arrived (`unchanged`): both
/// show the user the original and count as fallbacks.
@Suite("run --payloads: outcomes by what the user sees")
struct ReplayedOutcomeTests {
    /// Runs the payload lines through `extension` (no media: nothing reaches the closed target port) and
    /// returns summary.csv's row and invocations.csv's rows.
    func run(_ lines: [String], extension name: String) async throws -> (
        summary: [String: String], invocations: [[String: String]]
    ) {
        let directory = try TemporaryDirectory(prefix: "nse-bench-replayed")
        defer { directory.remove() }
        let payloads = try directory.write("payloads.jsonl", lines.joined(separator: "\n") + "\n")
        let out = directory.path("out")
        let configuration = try RunCommand(
            parsing: ArgumentParser.parse(
                [
                    // A budget no stall of a loaded test process reaches: these are outcomes, not timings.
                    "--payloads", payloads, "--extension", name, "-n", String(lines.count), "-c", "1",
                    "--deadline", "300s", "--target", "http://127.0.0.1:9/", "--quiet", "--out", out,
                ], for: RunCommand.configuration)
        ).configuration
        let context = CommandContext(
            output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
        _ = try await RunSession(configuration: configuration, context: context).execute()
        func rows(_ file: String) throws -> [[String: String]] {
            let records = try CSVReader.records(String(contentsOfFile: out + "/" + file, encoding: .utf8))
            return records.dropFirst().map { Dictionary(zip(records[0], $0), uniquingKeysWith: { first, _ in first }) }
        }
        return (try rows("summary.csv")[0], try rows("invocations.csv"))
    }

    @Test func aPayloadWithoutMutableContentIsShownWithoutTheExtension() async throws {
        let (summary, invocations) = try await run(
            [
                #"{"aps":{"alert":{"title":"Sale","body":"Today"},"mutable-content":1}}"#,
                #"{"aps":{"alert":{"title":"Sale","body":"Today"}}}"#,
                #"{"aps":{"alert":{"title":"Sale","body":"Today"},"mutable-content":0}}"#,
            ], extension: "template")
        #expect(summary["invocations"] == "3")
        #expect(summary["enriched"] == "1", "the template marks the title of the mutable one")
        #expect(summary["not_mutable"] == "2")
        #expect(summary["blame_not_mutable"] == "2")
        #expect(summary["fallback_rate"].flatMap(Double.init).map { abs($0 - 2.0 / 3.0) < 0.001 } == true)
        let notMutable = invocations.filter { $0["outcome"] == "not_mutable" }
        #expect(notMutable.count == 2)
        #expect(notMutable.allSatisfy { $0["blame"] == "not_mutable" && $0["user_sees"] == "original" })
    }

    @Test func encryptedDataNothingCanOpenIsHandedBackUnchanged() async throws {
        let sealed = try PayloadCrypto.seal(
            NotificationText(title: "Secret", body: "Decrypted"), key: Array(repeating: 9, count: 32),
            nonce: Array(repeating: 3, count: 12))
        let (summary, invocations) = try await run(
            [
                #"{"aps":{"alert":{"title":"Locked","body":"Locked"},"mutable-content":1},"encrypted_data":"\#(sealed)"}"#
            ],
            extension: "decrypt")
        #expect(summary["unchanged"] == "1", "the decrypt extension hands back its placeholder")
        #expect(summary["degraded"] == "0")
        #expect(summary["fallback_rate"] == "1")
        #expect(invocations.first?["blame"] == "decrypt_failed")
    }
}
