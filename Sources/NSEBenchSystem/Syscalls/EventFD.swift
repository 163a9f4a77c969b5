import CNSEBenchLinux
import Glibc

/// `eventfd(2)`: a kernel counter that becomes readable when written, used to wake an event loop
/// sleeping in `epoll_wait` from another thread.
enum EventFD {
    /// `eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)`.
    static func create() throws(SystemError) -> Int32 {
        try blockingSyscall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    /// Adds one to the counter, making the descriptor readable. A full counter (would block) is
    /// already readable, so that is success too.
    static func signal(_ descriptor: Int32) throws(SystemError) {
        var one: UInt64 = 1
        _ = try withUnsafeBytes(of: &one) { (bytes) throws(SystemError) in try Posix.write(descriptor, bytes) }
    }

    /// Reads the counter back to zero so that a level-triggered epoll stops reporting it; an
    /// already-zero counter (would block) is fine.
    static func drain(_ descriptor: Int32) throws(SystemError) {
        var counter: UInt64 = 0
        _ = try withUnsafeMutableBytes(of: &counter) { (bytes) throws(SystemError) in
            try Posix.read(descriptor, into: bytes)
        }
    }
}
