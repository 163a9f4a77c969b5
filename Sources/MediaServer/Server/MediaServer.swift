public import NSEBenchCore
public import NSEBenchSystem
import Synchronization

/// The embedded media server: HTTP/1.1 (optionally HTTPS) on one epoll loop thread, serving
/// synthetic media with injected latency, bandwidth and faults.
///
/// ```swift
/// let server = try MediaServer(configuration: MediaServerConfiguration(address: IPv4Address(host: "127.0.0.1", port: 0)!))
/// try server.start()
/// print(server.baseURL)            // http://127.0.0.1:41234
/// await server.shutdown()
/// ```
public final class MediaServer: Sendable {
    /// Live counters, readable from any thread.
    public let statistics = ServerStatistics()
    /// The address actually bound (the kernel's port when 0 was asked for).
    public let address: IPv4Address
    public let configuration: MediaServerConfiguration
    private let loop: EventLoop
    private let core: LoopBound<ServerCore>
    private let lifecycle = Mutex(Lifecycle.bound)

    /// bound → running → stopped, or bound → stopped when never started.
    private enum Lifecycle {
        case bound
        case running
        case stopped
    }

    /// Binds the listening socket (so a busy port fails here, as ``MediaServerError/addressInUse(_:)``)
    /// and prepares the loop; nothing is served until ``start()``.
    public init(configuration: MediaServerConfiguration) throws(MediaServerError) {
        self.configuration = configuration
        let listener: Int32
        do {
            listener = try Posix.listenTCP(on: configuration.address, backlog: configuration.backlog)
        } catch {
            if Posix.isAddressInUse(error) { throw .addressInUse(configuration.address) }
            throw .system(error)
        }
        do {
            address = try Posix.localAddress(of: listener)
            loop = try EventLoop(name: "media-server")
            core = LoopBound(
                try ServerCore(
                    loop: loop, configuration: configuration, statistics: statistics, listener: listener))
        } catch {
            try? Posix.close(listener)
            throw .system(error)
        }
    }

    /// The URL clients use: `http://127.0.0.1:PORT` (or `https://`).
    public var baseURL: String { "\(configuration.tls == nil ? "http" : "https")://\(address)" }

    /// Starts the loop thread and begins accepting.
    public func start() throws(MediaServerError) {
        let canStart = lifecycle.withLock { state in
            guard state == .bound else { return false }
            state = .running
            return true
        }
        guard canStart else { throw .notStartable }
        do {
            try loop.start()
            let core = core
            try loop.execute {
                do {
                    try core.value.startAccepting()
                } catch {
                    // Registration fails only if the loop is already shutting down.
                }
            }
        } catch {
            throw .eventLoop(error)
        }
    }

    /// How late the server sent delayed first bytes (from the moment the injected delay ended to the
    /// moment the first byte was handed to the socket), in nanoseconds: the server's own timing
    /// error, so a report can tell injected latency from harness distortion. Empty when no delay
    /// was injected or the server is not running.
    public func firstByteLateness() async -> Histogram {
        guard lifecycle.withLock({ $0 == .running }) else { return Histogram(highestTrackableValue: 1 << 36) }
        let core = core
        return await withCheckedContinuation { continuation in
            do {
                try loop.execute { continuation.resume(returning: core.value.firstByteLateness) }
            } catch {
                continuation.resume(returning: Histogram(highestTrackableValue: 1 << 36))
            }
        }
    }

    /// Stops accepting, closes idle connections, lets responses in flight finish for `grace`
    /// (default: the configuration's), closes the rest and stops the loop.
    public func shutdown(grace: DurationValue? = nil) async {
        let previous = lifecycle.withLock { state in
            defer { state = .stopped }
            return state
        }
        switch previous {
        case .stopped: return
        case .bound:
            // Never started: no loop thread runs, so the listener is closed right here.
            core.value.closeListener()
            return
        case .running: break
        }
        let nanoseconds = UInt64(max(0, (grace ?? configuration.shutdownGrace).nanoseconds))
        let core = core
        let loop = loop
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            do {
                try loop.execute { core.value.drain(grace: nanoseconds) { continuation.resume() } }
            } catch {
                continuation.resume()
            }
        }
        try? loop.shutdown()
    }
}

/// A value that only the loop thread touches, carried across threads to get there.
final class LoopBound<Value>: @unchecked Sendable {
    // Protected by confinement: `value` is used only inside closures run on the owning EventLoop.
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Why the media server could not start.
public enum MediaServerError: Error, CustomStringConvertible {
    /// Something already listens on the address.
    case addressInUse(IPv4Address)
    /// A system call failed (socket, bind, realpath of --media-dir, ...).
    case system(any Error)
    /// The event loop could not start.
    case eventLoop(EventLoopError)
    /// ``MediaServer/start()`` was called on a server already started or shut down.
    case notStartable

    public var description: String {
        switch self {
        case .addressInUse(let address): "cannot listen on \(address): the port is already in use"
        case .system(let error): "media server: \(error)"
        case .eventLoop(let error): "media server event loop: \(error)"
        case .notStartable: "the media server was already started or shut down"
        }
    }
}
