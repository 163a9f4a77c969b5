import Glibc

/// Runs a raw C call that reports failure as `-1` and `errno`, the way every syscall wrapper does.
///
/// - Retries while the call fails with `EINTR` (a signal arrived before it did anything).
/// - Returns `.wouldBlock` for `EAGAIN` / `EWOULDBLOCK`.
/// - Throws ``SystemError`` carrying `name` and `errno` for any other failure.
@inline(__always)
func retryingSyscall<T: FixedWidthInteger & Sendable>(
    _ name: String,
    _ body: () -> T
) throws(SystemError) -> IOResult<T> {
    while true {
        let result = body()
        if result != -1 { return .processed(result) }
        let error = Glibc.errno
        switch error {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        default: throw SystemError(call: name, errno: error)
        }
    }
}

/// Like ``retryingSyscall(_:_:)`` for calls on blocking objects, where would-block cannot happen:
/// an `EAGAIN` is reported as an error rather than silently dropped.
@inline(__always)
func blockingSyscall<T: FixedWidthInteger & Sendable>(
    _ name: String,
    _ body: () -> T
) throws(SystemError) -> T {
    switch try retryingSyscall(name, body) {
    case .processed(let value): return value
    case .wouldBlock: throw SystemError(call: name, errno: EAGAIN)
    }
}
