import Foundation
import Testing

/// Examples/WebPush, a fediverse client's extension: RFC 8291 Web Push decrypted with CryptoKit's P-256,
/// HKDF and AES-128-GCM, its subscription keys read from the keychain the app shares with it.
@Suite("Examples/WebPush under load", .serialized, .timeLimit(.minutes(3)))
struct WebPushExampleTests {
    static let example = ["--extension", "Examples/WebPush", "--payloads", "Examples/WebPush/payloads.jsonl"]

    @Test func theGoodMessageDecryptsAndTheTamperedOneFallsBack() async throws {
        let (status, summary, rows) = try await ExtensionProcessTests().run(
            Self.example + [
                "--keychain", "Examples/WebPush/keychain.json", "--encrypted-field", "p", "-n", "20", "-c", "10",
            ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        let outcomes = Dictionary(grouping: rows, by: { $0["outcome"] ?? "" }).mapValues(\.count)
        #expect(outcomes == ["enriched": 10, "unchanged": 10], "\(outcomes)")
        #expect(summary["encrypted_fraction"].flatMap(Double.init) == 1, "both payloads carry p: \(summary)")
    }

    @Test func withoutTheKeychainNothingDecryptsAndWithoutTheFieldTheRunCannotTell() async throws {
        let (_, _, noKeys) = try await ExtensionProcessTests().run(
            Self.example + ["--encrypted-field", "p", "-n", "10", "-c", "10"])
        #expect(noKeys.allSatisfy { $0["outcome"] == "unchanged" }, "\(noKeys.map { $0["outcome"] ?? "" })")
        // Without --encrypted-field a payload asks for nothing the run knows of: whatever is delivered is
        // what it asked for.
        let (_, _, blind) = try await ExtensionProcessTests().run(Self.example + ["-n", "10", "-c", "10"])
        #expect(blind.allSatisfy { $0["outcome"] == "enriched" }, "\(blind.map { $0["outcome"] ?? "" })")
    }
}
