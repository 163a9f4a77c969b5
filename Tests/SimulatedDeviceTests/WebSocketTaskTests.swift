import Foundation
import FoundationNetworking
import Glibc
import Testing

@testable import SimulatedDevice

/// `webSocketTask(with:)`, which the simulated phone does not carry: it compiles, the task fails once
/// resumed with `URLError(.unsupportedURL)`, and nothing is sent.
@Suite("Simulated URLSession: WebSocket tasks", .timeLimit(.minutes(1)))
struct WebSocketTaskTests {
    /// A listening socket on 127.0.0.1 that accepts nothing; its descriptor and port.
    static func listener() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard listening else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    @Test(arguments: ["url", "protocols", "request"])
    func everyUseFailsAsAnUnsupportedURLAndNothingConnects(form: String) async throws {
        let (listener, port) = try Self.listener()
        defer { close(listener) }
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/relay"))
        let session = SimulatedURLSession(configuration: .ephemeral)
        let task: URLSessionWebSocketTask =
            switch form {
            case "url": session.webSocketTask(with: url)
            case "protocols": session.webSocketTask(with: url, protocols: ["relay.v1"])
            default: session.webSocketTask(with: URLRequest(url: url))
            }
        task.resume()
        let sent: (any Error)? = await withCheckedContinuation { done in
            task.send(.string("approve")) { done.resume(returning: $0) }
        }
        #expect((sent as? URLError)?.code == .unsupportedURL, "\(String(describing: sent))")
        let received = await withCheckedContinuation { done in task.receive { done.resume(returning: $0) } }
        guard case .failure(let error) = received else {
            Issue.record("a receive succeeded: \(received)")
            return
        }
        #expect((error as? URLError)?.code == .unsupportedURL, "\(error)")
        let pinged: (any Error)? = await withCheckedContinuation { done in
            task.sendPing { done.resume(returning: $0) }
        }
        #expect(pinged != nil, "a ping hears the failure too")
        task.cancel(with: .goingAway, reason: nil)
        // Nothing reached the listener: no connection is waiting to be accepted.
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 200) == 0, "a connection reached the machine's network")
    }

    @Test func anExtensionSeesNoICloudAccount() {
        #expect(FileManager.default.ubiquityIdentityToken == nil)
        #expect(PhoneFileManager.default.ubiquityIdentityToken == nil)
    }
}
