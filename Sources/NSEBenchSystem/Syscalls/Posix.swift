import CNSEBenchLinux
import Glibc

/// Thin throwing wrappers over the POSIX calls the event loop, the media server and the tests use.
///
/// Each wrapper is the only place its call is made; all go through ``retryingSyscall(_:_:)``.
public enum Posix {
    /// `close(2)`. EINTR is not retried: on Linux the descriptor is already released.
    public static func close(_ descriptor: Int32) throws(SystemError) {
        if Glibc.close(descriptor) == -1, Glibc.errno != EINTR {
            throw SystemError(call: "close", errno: Glibc.errno)
        }
    }

    /// `read(2)` into `buffer`; `.processed(0)` is end of file.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
        -> IOResult<Int>
    {
        try retryingSyscall("read") { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Sets `O_NONBLOCK` on `descriptor`'s open file description (so on every copy of it, a child's
    /// included): reads and writes then say they would block instead of waiting.
    public static func setNonBlocking(_ descriptor: Int32) throws(SystemError) {
        let flags = try blockingSyscall("fcntl(F_GETFL)") { Glibc.fcntl(descriptor, F_GETFL) }
        guard flags & O_NONBLOCK == 0 else { return }
        _ = try blockingSyscall("fcntl(F_SETFL, O_NONBLOCK)") { Glibc.fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Waits up to `milliseconds` for `descriptor` to take a write (`poll(2)` for `POLLOUT`); true when it
    /// will, or reports an error or hangup that the write will then show; false when the time passed.
    public static func waitUntilWritable(_ descriptor: Int32, milliseconds: Int32) throws(SystemError) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return try blockingSyscall("poll") { Glibc.poll(&entry, 1, milliseconds) } > 0
    }

    /// `send(2)` with `MSG_NOSIGNAL`, so a peer that went away is `EPIPE`, never `SIGPIPE`.
    public static func send(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> IOResult<Int>
    {
        try retryingSyscall("send") { Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// `write(2)`, for pipes and eventfds.
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> IOResult<Int>
    {
        try retryingSyscall("write") { Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// `pipe2(2)` with `O_CLOEXEC`: both ends close-on-exec from the start. A pipe made with `pipe(2)`
    /// (as Foundation's `Pipe` is) and marked afterwards can reach a process another thread starts in
    /// between: measured with Foundation's `Process`, 6 of 40 children started while another thread made
    /// pipes held one, and a child holding a pipe's write end keeps its reader from seeing the end.
    /// Handing an end to a child as its standard input or output (`dup2`) gives the child a copy without
    /// the flag.
    public static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = try blockingSyscall("pipe2(O_CLOEXEC)") { nseb_pipe_cloexec(&ends) }
        return (ends[0], ends[1])
    }

    /// Sets the capacity of the pipe `descriptor` is an end of to at least `bytes` (`F_SETPIPE_SZ`; the
    /// kernel rounds up to a power of two of pages) and returns the capacity it set. Without
    /// `CAP_SYS_RESOURCE`, at most `/proc/sys/fs/pipe-max-size` (1 MiB by default): beyond it, `EPERM`.
    @discardableResult
    public static func setPipeCapacity(_ descriptor: Int32, bytes: Int) throws(SystemError) -> Int {
        let capacity = try blockingSyscall("fcntl(F_SETPIPE_SZ, \(bytes))") {
            nseb_pipe_set_capacity(descriptor, Int32(clamping: bytes))
        }
        return Int(capacity)
    }

    /// The capacity of the pipe `descriptor` is an end of, in bytes (`F_GETPIPE_SZ`).
    public static func pipeCapacity(_ descriptor: Int32) throws(SystemError) -> Int {
        Int(try blockingSyscall("fcntl(F_GETPIPE_SZ)") { nseb_pipe_capacity(descriptor) })
    }

    /// `socket(2)` for TCP over IPv4, non-blocking and close-on-exec.
    public static func tcpSocket() throws(SystemError) -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return try blockingSyscall("socket") { Glibc.socket(AF_INET, type, 0) }
    }

    /// `setsockopt(2)` for an `Int32` option.
    public static func setOption(_ descriptor: Int32, level: Int32, name: Int32, value: Int32) throws(SystemError) {
        var value = value
        _ = try blockingSyscall("setsockopt") {
            Glibc.setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// `bind(2)` to an IPv4 address; `port` 0 lets the kernel choose.
    public static func bind(_ descriptor: Int32, to address: IPv4Address) throws(SystemError) {
        var socketAddress = address.socketAddress
        _ = try blockingSyscall("bind") {
            withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// `listen(2)`; the kernel caps `backlog` at `net.core.somaxconn`.
    public static func listen(_ descriptor: Int32, backlog: Int32) throws(SystemError) {
        _ = try blockingSyscall("listen") { Glibc.listen(descriptor, backlog) }
    }

    /// `accept4(2)`, returning a non-blocking, close-on-exec descriptor, or `.wouldBlock` when the
    /// queue is empty.
    public static func accept(_ descriptor: Int32) throws(SystemError) -> IOResult<Int32> {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return try retryingSyscall("accept4") { nseb_accept4(descriptor, nil, nil, flags) }
    }

    /// `connect(2)`; on a non-blocking socket `EINPROGRESS` is returned as `.wouldBlock`.
    public static func connect(_ descriptor: Int32, to address: IPv4Address) throws(SystemError) -> IOResult<Void> {
        var socketAddress = address.socketAddress
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result == 0 { return .processed(()) }
        switch Glibc.errno {
        case EINPROGRESS, EAGAIN: return .wouldBlock
        case let error: throw SystemError(call: "connect", errno: error)
        }
    }

    /// The address a socket is bound to (`getsockname(2)`), to learn the port the kernel chose.
    public static func localAddress(of descriptor: Int32) throws(SystemError) -> IPv4Address {
        var socketAddress = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = try blockingSyscall("getsockname") {
            withUnsafeMutablePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.getsockname(descriptor, $0, &length) }
            }
        }
        return IPv4Address(socketAddress)
    }
}
