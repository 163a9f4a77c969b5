import CNSEBenchLinux
import Glibc

extension Posix {
    /// `socketpair(AF_UNIX, SOCK_STREAM)`, both ends non-blocking and close-on-exec: two connected
    /// descriptors for wiring event-loop handlers together in-process (tests, wakeups).
    public static func socketPair() throws(SystemError) -> (Int32, Int32) {
        var descriptors: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        _ = try blockingSyscall("socketpair") { Glibc.socketpair(AF_UNIX, type, 0, &descriptors) }
        return (descriptors[0], descriptors[1])
    }
}
