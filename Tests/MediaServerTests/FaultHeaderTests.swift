import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// The server names every fault it injects into a response that has a head, so that a client can
/// tell an injected fault from a real one.
@Suite("Fault injection: faults named in X-NSE-Bench-Fault", .serialized)
struct FaultHeaderTests {
    @Test(arguments: [
        ("status=503:100", "status"), ("reset-during=100", "reset-during"), ("truncate=100", "truncate"),
        ("stall=10ms:100", "stall"), ("slow-close=10ms:100", "slow-close"),
    ])
    func theInjectedFaultIsNamedInTheHead(query: String, name: String) async throws {
        try await withMediaServer { server in
            let response = try await RawHTTPClient.get("/media/100KB.jpg?\(query)", port: server.address.port)
            #expect(response.header(FaultPlan.faultHeaderName) == name, "\(response.headText)")
        }
    }

    @Test func failFirstIsNamedApartFromTheStatusMix() async throws {
        try await withMediaServer(conditions: [("fail-first", "1")]) { server in
            let first = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            let second = try await RawHTTPClient.get("/media/1KB.jpg?status=500:100", port: server.address.port)
            #expect(first.header(FaultPlan.faultHeaderName) == "fail-first")
            #expect(second.header(FaultPlan.faultHeaderName) == "status")
        }
    }

    @Test func aNormalResponseNamesNoFault() async throws {
        try await withMediaServer { server in
            let response = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(response.status == 200)
            #expect(response.header(FaultPlan.faultHeaderName) == nil)
        }
    }
}

/// A reset before the response sends no head, so the server notes it in its fault log by request tag.
@Suite("Fault injection: resets before the response noted by request tag", .serialized)
struct FaultLogTests {
    func logPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString).log").path
    }

    func send(_ target: String, tag: String?, port: UInt16) throws -> RawHTTPClient.Received {
        let client = try RawHTTPClient(port: port)
        let tagLine = tag.map { "\(FaultPlan.requestTagHeaderName): \($0)\r\n" } ?? ""
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(tagLine)Connection: close\r\n\r\n")
        return client.receive()
    }

    @Test func aTaggedResetBeforeTheResponseIsNotedBeforeTheReset() async throws {
        let path = logPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try InjectedFaultLog(path: path)
        try await withMediaServer(faultLog: log) { server in
            let response = try send("/media/1KB.jpg?reset-before=100", tag: "77-1", port: server.address.port)
            #expect(response.ending == .reset)
            // Read as soon as the reset is seen: the note was written before it.
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == "77-1 reset-before\n")
        }
        #expect(log.failure == nil)
    }

    @Test func untaggedRequestsBadTagsAndHeadedFaultsAreNotNoted() async throws {
        let path = logPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try InjectedFaultLog(path: path)
        try await withMediaServer(faultLog: log) { server in
            _ = try send("/media/1KB.jpg?reset-before=100", tag: nil, port: server.address.port)
            _ = try send("/media/1KB.jpg?reset-before=100", tag: "no spaces\u{7F}", port: server.address.port)
            _ = try send("/media/1KB.jpg?status=503:100", tag: "77-2", port: server.address.port)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
        }
    }
}
