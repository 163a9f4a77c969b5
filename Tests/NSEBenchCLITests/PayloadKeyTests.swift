import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import NSERuntime
import Testing

@testable import NSEBenchCLI

/// `--payload-key`: replayed encrypted_data decrypts only with the key it was sealed with, which a
/// random per-run key never is.
@Suite("run --payload-key")
struct PayloadKeyTests {
    static let key: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }

    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-key-\(UUID().uuidString)-\(name)")
    }

    @Test(arguments: ["hex", "base64"])
    func aKeyFileIsReadInEitherForm(form: String) throws {
        let file = Self.temporary("key")
        defer { try? FileManager.default.removeItem(at: file) }
        let text = form == "hex" ? Self.key.map { String(format: "%02x", $0) }.joined() : Base64.encode(Self.key)
        try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try parse(["--payload-key", file.path]).payloadKey == Self.key)
    }

    @Test(arguments: ["00ff", "not a key", ""])
    func aBadKeyIsAUsageError(text: String) throws {
        let file = Self.temporary("bad")
        defer { try? FileManager.default.removeItem(at: file) }
        try text.write(to: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: UsageError.self) { try parse(["--payload-key", file.path]) }
        guard case .invalidValue(let option, _, let expected) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(option == "payload-key")
        #expect(expected.contains("64 hex digits or as base64"))
    }

    /// One replayed encrypted payload through the `decrypt` extension: enriched with the key, not without.
    @Test func replayedEncryptedDataDecryptsWithTheKey() async throws {
        let sealed = try PayloadCrypto.seal(
            NotificationText(title: "Secret", body: "Decrypted"), key: Self.key, nonce: Array(repeating: 3, count: 12))
        let payloads = Self.temporary("payloads.jsonl")
        let keyFile = Self.temporary("key")
        defer {
            try? FileManager.default.removeItem(at: payloads)
            try? FileManager.default.removeItem(at: keyFile)
        }
        try #"{"aps":{"alert":{"title":"Locked","body":"Locked"},"mutable-content":1},"encrypted_data":"\#(sealed)"}"#
            .write(to: payloads, atomically: true, encoding: .utf8)
        try Base64.encode(Self.key).write(to: keyFile, atomically: true, encoding: .utf8)
        func enriched(_ extra: [String]) async throws -> String? {
            let out = Self.temporary("out")
            defer { try? FileManager.default.removeItem(at: out) }
            let configuration = try parse(
                [
                    // A budget no stall of a loaded test process reaches: an outcome, not a timing.
                    "--payloads", payloads.path, "--extension", "decrypt", "-n", "1", "-c", "1", "--deadline",
                    "300s", "--target", "http://127.0.0.1:9/", "--quiet", "--out", out.path,
                ] + extra)
            let context = CommandContext(
                output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
            _ = try await RunSession(configuration: configuration, context: context).execute()
            let records = try CSVReader.records(
                String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8))
            return Dictionary(zip(records[0], records[1]), uniquingKeysWith: { first, _ in first })["enriched"]
        }
        #expect(try await enriched(["--payload-key", keyFile.path]) == "1")
        #expect(try await enriched([]) == "0", "a random key cannot open it")
    }
}
