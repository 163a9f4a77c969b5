import Glibc

/// Socket set-ups the media server and the tests need, each one call away from the caller, so that
/// code above the system layer never sees a socket option constant.
extension Posix {
    /// A non-blocking TCP listener on `address` with SO_REUSEADDR and the given backlog (the kernel
    /// caps it at `net.core.somaxconn`). A busy port throws ``SystemError`` with call "bind" and
    /// EADDRINUSE.
    public static func listenTCP(on address: IPv4Address, backlog: Int32) throws(SystemError) -> Int32 {
        let descriptor = try tcpSocket()
        do {
            try setOption(descriptor, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            try bind(descriptor, to: address)
            try listen(descriptor, backlog: backlog)
        } catch {
            try? close(descriptor)
            throw error
        }
        return descriptor
    }

    /// TCP_NODELAY: small responses go out at once instead of waiting for Nagle's algorithm.
    public static func setNoDelay(_ descriptor: Int32) throws(SystemError) {
        try setOption(descriptor, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
    }

    /// SO_LINGER with a zero timeout, so that the next `close` sends a TCP RST instead of a FIN: the
    /// media server's reset fault.
    public static func setResetOnClose(_ descriptor: Int32) throws(SystemError) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = try blockingSyscall("setsockopt(SO_LINGER)") {
            setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }
    }

    /// SO_SNDBUF: bounds how much the kernel buffers per connection, so that bandwidth pacing is not
    /// hidden by a large socket buffer.
    public static func setSendBufferSize(_ descriptor: Int32, bytes: Int32) throws(SystemError) {
        try setOption(descriptor, level: SOL_SOCKET, name: SO_SNDBUF, value: bytes)
    }

    /// The error a non-blocking `connect` ended with (SO_ERROR, which reading clears); 0 when it
    /// connected.
    public static func pendingError(of descriptor: Int32) throws(SystemError) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try blockingSyscall("getsockopt(SO_ERROR)") {
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &value, &length)
        }
        return value
    }

    /// Whether the error means the process or system ran out of descriptors (EMFILE, ENFILE), on
    /// which a server pauses accepting instead of failing.
    public static func isOutOfDescriptors(_ error: SystemError) -> Bool {
        error.errno == EMFILE || error.errno == ENFILE
    }

    /// Whether the error means the peer went away (ECONNRESET, EPIPE): an ordinary end of a
    /// connection for a server, not a failure.
    public static func isPeerGone(_ error: SystemError) -> Bool {
        error.errno == ECONNRESET || error.errno == EPIPE || error.errno == ENOTCONN
    }

    /// Whether the error is "address already in use".
    public static func isAddressInUse(_ error: SystemError) -> Bool { error.errno == EADDRINUSE }

    /// The canonical absolute path of an existing file (`realpath(3)`), for keeping served files
    /// strictly inside a directory.
    public static func canonicalPath(_ path: String) throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw SystemError(call: "realpath(\(path))", errno: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Whole binary files read with plain syscalls.
public enum BinaryFile {
    /// The file's bytes; throws when it is larger than `limit`.
    public static func read(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let descriptor = try blockingSyscall("open(\(path))") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { try? Posix.close(descriptor) }
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            guard case .processed(let count) = try Posix.read(descriptor, into: chunk), count > 0 else { break }
            guard bytes.count + count <= limit else { throw SystemError(call: "read(\(path))", errno: EFBIG) }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
