import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// A server for a population of phones: each network class on a port of its own, under its own
/// conditions, connect delay included.
@Suite("Media server network classes", .serialized)
struct NetworkClassListenerTests {
    func withClasses<T>(_ body: (MediaServer) async throws -> T) async throws -> T {
        try await withMediaServer(
            additionalClasses: [
                ServedNetworkClass(
                    name: "slow",
                    conditions: try NetworkConditions(settings: [("connect-delay", "300ms")], scope: .server)),
                ServedNetworkClass(
                    name: "broken", conditions: try NetworkConditions(settings: [("status", "503:100")], scope: .server)
                ),
            ], body)
    }

    @Test func eachClassHasItsOwnPortAndURL() async throws {
        try await withClasses { server in
            let ports = [server.address.port] + server.additionalAddresses.map(\.port)
            #expect(Set(ports).count == 3)
            #expect(server.additionalURLs == server.additionalAddresses.map { "http://\($0)" })
        }
    }

    @Test func eachPortServesItsClassesConditions() async throws {
        try await withClasses { server in
            let plain = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(plain.status == 200)
            #expect((plain.firstByte ?? 1) < 0.25, "the first class has no connect delay")
            let slow = try await RawHTTPClient.get("/media/1KB.jpg", port: server.additionalAddresses[0].port)
            #expect(slow.status == 200)
            #expect((slow.firstByte ?? 0) >= 0.299, "the slow class's connect delay")
            let broken = try await RawHTTPClient.get("/media/1KB.jpg", port: server.additionalAddresses[1].port)
            #expect(broken.status == 503)
            #expect(server.statistics.snapshot.requests == 3, "one set of counters for every class")
        }
    }

    @Test func aBusyPortIsRefused() async throws {
        let first = try MediaServer(
            configuration: MediaServerConfiguration(address: IPv4Address(host: "127.0.0.1", port: 0)!))
        var configuration = MediaServerConfiguration(address: first.address)
        configuration.additionalClasses = [ServedNetworkClass(name: "lte", conditions: NetworkConditions())]
        #expect(throws: MediaServerError.self) { try MediaServer(configuration: configuration) }
        await first.shutdown()
    }
}
