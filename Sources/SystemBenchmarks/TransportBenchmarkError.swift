public import NSEBenchSystem

/// Why a transport or timer benchmark could not run.
public enum TransportBenchmarkError: Error, Equatable, CustomStringConvertible {
    /// jemalloc's statistics are unreadable (it is not the process allocator).
    case memory(MemoryStatisticsError)
    /// A loop for the benchmark could not be created, started or used.
    case eventLoop(EventLoopError)
    /// A loop could not be created.
    case system(SystemError)
    /// The transport could not be created.
    case transport(CurlTransportError)
    /// A parameter out of range; carries the parameter and its value.
    case invalidParameter(name: String, value: String)

    public var description: String {
        switch self {
        case .memory(let error): "benchmark: \(error)"
        case .eventLoop(let error): "benchmark: \(error)"
        case .system(let error): "benchmark: \(error)"
        case .transport(let error): "benchmark: \(error)"
        case .invalidParameter(let name, let value): "benchmark: invalid \(name) \(value)"
        }
    }
}
