import NSEBenchCore
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
            let response = try RawHTTPClient.get("/media/100KB.jpg?\(query)", port: server.address.port)
            #expect(response.header(FaultPlan.faultHeaderName) == name, "\(response.headText)")
        }
    }

    @Test func failFirstIsNamedApartFromTheStatusMix() async throws {
        try await withMediaServer(conditions: [("fail-first", "1")]) { server in
            let first = try RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            let second = try RawHTTPClient.get("/media/1KB.jpg?status=500:100", port: server.address.port)
            #expect(first.header(FaultPlan.faultHeaderName) == "fail-first")
            #expect(second.header(FaultPlan.faultHeaderName) == "status")
        }
    }

    @Test func aNormalResponseNamesNoFault() async throws {
        try await withMediaServer { server in
            let response = try RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(response.status == 200)
            #expect(response.header(FaultPlan.faultHeaderName) == nil)
        }
    }
}
