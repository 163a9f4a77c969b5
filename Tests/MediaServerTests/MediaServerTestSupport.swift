import Foundation
import NSEBenchCore
import NSEBenchSystem

@testable import MediaServer

/// Starts a media server on a free loopback port, runs `body`, and shuts the server down.
func withMediaServer<T>(
    conditions: [(String, String)] = [], idleTimeout: DurationValue = .seconds(30), tls: TLSServerContext? = nil,
    mediaDirectory: String? = nil, faultLog: InjectedFaultLog? = nil, additionalClasses: [ServedNetworkClass] = [],
    originCache: OriginCacheSettings? = nil, endpoints: [SideEndpoint: NetworkConditions] = [:],
    _ body: (MediaServer) async throws -> T
) async throws -> T {
    var configuration = MediaServerConfiguration(
        address: IPv4Address(host: "127.0.0.1", port: 0)!,
        conditions: try NetworkConditions(settings: conditions, scope: .server), seed: 7, tls: tls,
        mediaDirectory: mediaDirectory, idleTimeout: idleTimeout, shutdownGrace: .milliseconds(200))
    configuration.faultLog = faultLog
    configuration.additionalClasses = additionalClasses
    configuration.originCache = originCache
    configuration.endpoints = endpoints
    let server = try MediaServer(configuration: configuration)
    try server.start()
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
