import Synchronization

/// The memory an extension says it is holding: buffers, decoded images, downloads read into memory.
///
/// The host cannot see an in-process extension's real footprint, so it counts what it can: a baseline
/// for the process (``HostSettings/baselineFootprint``), the payload, and what the extension reports
/// here. When the sum goes over ``HostSettings/memoryLimit``, the system kills the process as jetsam
/// would: no `serviceExtensionTimeWillExpire`, the original shown.
///
/// ```swift
/// let data = try Data(contentsOf: downloadedFile)   // the whole image in memory
/// context.memory.allocate(data.count)
/// defer { context.memory.release(data.count) }
/// ```
public final class MemoryMeter: Sendable {
    private let buffered = Mutex(0)
    private let onChange: @Sendable (Int) -> Void

    init(onChange: @escaping @Sendable (Int) -> Void) {
        self.onChange = onChange
    }

    /// Bytes reported and not released.
    public var current: Int { buffered.withLock { $0 } }

    /// Reports `bytes` more held; the host may kill the invocation in this call.
    public func allocate(_ bytes: Int) {
        report(bytes)
    }

    /// Reports `bytes` no longer held (never below zero in total).
    public func release(_ bytes: Int) {
        report(-bytes)
    }

    private func report(_ change: Int) {
        let now = buffered.withLock { value -> Int in
            value = max(0, value + change)
            return value
        }
        onChange(now)
    }
}
