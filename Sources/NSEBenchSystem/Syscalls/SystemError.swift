import Glibc

/// A failed system call: the call's name and the `errno` it left.
///
/// Every syscall in nse-bench goes through ``retryingSyscall(_:_:)``, so every failure a caller
/// sees is one of these, never a bare `-1`.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// The C function that failed, for example `"bind"`.
    public let call: String
    /// The `errno` value it left.
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// `strerror`'s text for ``errno``.
    public var message: String { String(cString: strerror(errno)) }

    public var description: String { "\(call) failed: \(message) (errno \(errno))" }
}

/// The result of a non-blocking call: a value, or "try again later" (EAGAIN / EWOULDBLOCK).
///
/// Would-block is an ordinary answer for a non-blocking socket, not an error, so it is a value here.
public enum IOResult<Value: Sendable>: Sendable {
    case processed(Value)
    case wouldBlock
}

extension IOResult: Equatable where Value: Equatable {}
