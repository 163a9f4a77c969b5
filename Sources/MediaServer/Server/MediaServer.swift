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
    /// The address actually bound (the kernel's port when 0 was asked for): the first network class's.
    public let address: IPv4Address
    /// The address of each class in ``MediaServerConfiguration/additionalClasses``, in order.
    public let additionalAddresses: [IPv4Address]
    public let configuration: MediaServerConfiguration
    private let loop: EventLoop
    /// One core per network class, all on the one loop: the first listens on `address`.
    private let cores: [LoopBound<ServerCore>]
    private let lifecycle = Mutex(Lifecycle.bound)

    /// bound → running → stopped, or bound → stopped when never started.
    private enum Lifecycle {
        case bound
        case running
        case stopped
    }

    /// Binds the listening sockets (so a busy port fails here, as ``MediaServerError/addressInUse(_:)``)
    /// and prepares the loop; nothing is served until ``start()``.
    public init(configuration: MediaServerConfiguration) throws(MediaServerError) {
        self.configuration = configuration
        var listeners: [Int32] = []
        func closeListeners() {
            for listener in listeners { try? Posix.close(listener) }
        }
        let extra = configuration.additionalClasses.map { _ in
            IPv4Address(host: configuration.address.host, port: 0)
        }
        for wanted in [configuration.address] + extra.compactMap({ $0 }) {
            do {
                listeners.append(try Posix.listenTCP(on: wanted, backlog: configuration.backlog))
            } catch {
                closeListeners()
                if Posix.isAddressInUse(error) { throw .addressInUse(wanted) }
                throw .system(error)
            }
        }
        do {
            let addresses = try listeners.map { (listener) throws(SystemError) in try Posix.localAddress(of: listener) }
            address = addresses[0]
            additionalAddresses = Array(addresses.dropFirst())
            loop = try EventLoop(name: "media-server")
            let statistics = statistics
            // One CDN in front of every class: a URL fetched for a phone on wifi is a hit for one on lte.
            let originTier = configuration.originCache.map { OriginTier(settings: $0, seed: configuration.seed) }
            var cores: [LoopBound<ServerCore>] = []
            for (index, listener) in listeners.enumerated() {
                var classConfiguration = configuration
                if index > 0 {
                    // Each class draws its own latencies and faults: a seed of its own.
                    classConfiguration.conditions = configuration.additionalClasses[index - 1].conditions
                    classConfiguration.seed = configuration.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
                }
                cores.append(
                    LoopBound(
                        try ServerCore(
                            loop: loop, configuration: classConfiguration, statistics: statistics, listener: listener,
                            originTier: originTier)))
            }
            self.cores = cores
        } catch {
            closeListeners()
            throw .system(error)
        }
    }

    /// The URL clients use: `http://127.0.0.1:PORT` (or `https://`), the first network class's.
    public var baseURL: String { url(of: address) }

    /// The URL of each class in ``MediaServerConfiguration/additionalClasses``, in order.
    public var additionalURLs: [String] { additionalAddresses.map(url(of:)) }

    private func url(of address: IPv4Address) -> String {
        "\(configuration.tls == nil ? "http" : "https")://\(address)"
    }

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
            let cores = cores
            try loop.execute {
                for core in cores {
                    do {
                        try core.value.startAccepting()
                    } catch {
                        // Registration fails only if the loop is already shutting down.
                    }
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
        let cores = cores
        return await withCheckedContinuation { continuation in
            do {
                try loop.execute {
                    var merged = Histogram(highestTrackableValue: 1 << 36)
                    // Same bounds on every core: the merge cannot fail.
                    for core in cores { try? merged.merge(core.value.firstByteLateness) }
                    continuation.resume(returning: merged)
                }
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
            // Never started: no loop thread runs, so the listeners are closed right here.
            for core in cores { core.value.closeListener() }
            return
        case .running: break
        }
        let nanoseconds = UInt64(max(0, (grace ?? configuration.shutdownGrace).nanoseconds))
        let cores = cores
        let loop = loop
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            do {
                try loop.execute {
                    // Resumed once the last core has drained.
                    var remaining = cores.count
                    for core in cores {
                        core.value.drain(grace: nanoseconds) {
                            remaining -= 1
                            if remaining == 0 { continuation.resume() }
                        }
                    }
                }
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
