import Foundation
import FoundationNetworking
import Testing

@testable import SimulatedDevice

/// `Data(contentsOf:)` and `String(contentsOf:)` as a user's extension sees them: an http(s) URL is a request
/// of the calling phone, anything else Foundation's own read.
@Suite("Simulated contentsOf: reads", .timeLimit(.minutes(1)))
struct SimulatedContentsTests {
    static let url = URL(string: "http://127.0.0.1:8080/media/note.txt")!

    /// Runs a blocking read on a thread of its own (it waits on a semaphore, as the extension's thread
    /// does), bound to `phone`.
    func blocking<Value: Sendable>(
        on phone: SimulatedPhone?, _ read: @escaping @Sendable () throws -> Value
    ) async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "blocking-read").async {
                let result = SimulatedPhone.$current.withValue(phone) { Result { try read() } }
                continuation.resume(returning: result)
            }
        }
    }

    @Test("an http URL is fetched on the phone, and its body comes back whatever the status, as on iOS")
    func httpOnThePhone() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("not here", status: 404) }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let data = try await blocking(on: phone) { try SimulatedContents.data(contentsOf: Self.url) }.get()
        #expect(String(decoding: data, as: UTF8.self) == "not here")
        #expect(network.requests.withLock { $0.map(\.url) } == [Self.url])
    }

    @Test("a string is decoded with the encoding asked for, or UTF-8 reported as the one used")
    func strings() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("héllo") }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let text = try await blocking(on: phone) {
            try SimulatedContents.string(contentsOf: Self.url, encoding: .utf8)
        }.get()
        #expect(text == "héllo")
        let (used, encoding) = try await blocking(on: phone) { () throws -> (String, String.Encoding) in
            var encoding = String.Encoding.ascii
            let text = try SimulatedContents.string(contentsOf: Self.url, usedEncoding: &encoding)
            return (text, encoding)
        }.get()
        #expect(used == "héllo" && encoding == .utf8)
        let ascii = await blocking(on: phone) { try SimulatedContents.string(contentsOf: Self.url, encoding: .ascii) }
        #expect {
            try ascii.get()
        } throws: { error in
            (error as? CocoaError)?.code == .fileReadInapplicableStringEncoding
        }
    }

    @Test("a request no phone made fails as Foundation's read fails, with the URLError underneath")
    func noPhone() async throws {
        let result = await blocking(on: nil) { try SimulatedContents.data(contentsOf: Self.url) }
        #expect {
            try result.get()
        } throws: { error in
            let cocoa = error as? CocoaError
            return cocoa?.code == .fileReadUnknown
                && (cocoa?.userInfo[NSUnderlyingErrorKey] as? URLError)?.code == .unsupportedURL
        }
    }

    @Test("a file URL is read by Foundation, on a phone or not")
    func fileURL() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("contents-\(UUID().uuidString).txt")
        try Data("on disk".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("from the network") }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let data = try await blocking(on: phone) { try SimulatedContents.data(contentsOf: file) }.get()
        #expect(String(decoding: data, as: UTF8.self) == "on disk")
        #expect(network.requests.withLock { $0.isEmpty })
    }
}
