/// Why the shared container (the App Group analogue) could not be created, read or removed. Each case
/// names the file and what was wrong with it.
///
/// ```swift
/// do {
///     _ = try container.loadKey()
/// } catch {
///     print(error)
///     // /tmp/run/group.nse-bench.…/payload.key has mode 0644, readable by others; run chmod 600 on it
/// }
/// ```
public enum SharedContainerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key handed to the container is not 32 bytes; carries its length.
    case invalidKeyLength(byteCount: Int)
    /// There is no key file at `path`.
    case keyFileMissing(path: String)
    /// The key file at `path` does not hold 32 bytes; carries its size.
    case wrongKeySize(path: String, byteCount: Int)
    /// The key file at `path` can be read or written by its group or others; carries its permission bits.
    case keyFileTooOpen(path: String, mode: Int)
    /// A file-system operation failed: what was attempted, on which path, and the system's reason.
    case fileSystem(operation: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidKeyLength(let count):
            "the payload key must be 32 bytes (AES-256), got \(count)"
        case .keyFileMissing(let path):
            "no payload key at \(path); create the shared container with its key first"
        case .wrongKeySize(let path, let count):
            "\(path) holds \(count) bytes; an AES-256 payload key is exactly 32 bytes"
        case .keyFileTooOpen(let path, let mode):
            "\(path) has mode \(Self.octal(mode)), readable or writable by others; run chmod 600 on it"
        case .fileSystem(let operation, let path, let reason):
            "could not \(operation) \(path): \(reason)"
        }
    }

    /// Permission bits in the form `chmod` takes: `0644`.
    static func octal(_ mode: Int) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
