import CNSEBenchLinux
import Glibc

/// `epoll(7)` calls for the event loop, each through ``retryingSyscall(_:_:)``.
///
/// Registrations are level-triggered: a descriptor stays reported while it is ready, so a handler
/// that reads only part of what is buffered is called again rather than stalling.
enum Epoll {
    /// `epoll_create1(EPOLL_CLOEXEC)`.
    static func create() throws(SystemError) -> Int32 {
        try blockingSyscall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    /// `EPOLL_CTL_ADD`: watch `descriptor` for `events`, reporting `token` with each event.
    static func add(_ epoll: Int32, descriptor: Int32, events: UInt32, token: UInt64) throws(SystemError) {
        try control(
            epoll, EPOLL_CTL_ADD, "epoll_ctl(EPOLL_CTL_ADD)", descriptor: descriptor, events: events, token: token)
    }

    /// `EPOLL_CTL_MOD`: change the events and token of a watched descriptor.
    static func modify(_ epoll: Int32, descriptor: Int32, events: UInt32, token: UInt64) throws(SystemError) {
        try control(
            epoll, EPOLL_CTL_MOD, "epoll_ctl(EPOLL_CTL_MOD)", descriptor: descriptor, events: events, token: token)
    }

    /// `EPOLL_CTL_DEL`: stop watching a descriptor.
    static func remove(_ epoll: Int32, descriptor: Int32) throws(SystemError) {
        try control(epoll, EPOLL_CTL_DEL, "epoll_ctl(EPOLL_CTL_DEL)", descriptor: descriptor, events: 0, token: 0)
    }

    private static func control(
        _ epoll: Int32, _ operation: Int32, _ name: String, descriptor: Int32, events: UInt32, token: UInt64
    ) throws(SystemError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        _ = try blockingSyscall(name) { epoll_ctl(epoll, operation, descriptor, &event) }
    }

    /// `epoll_pwait2`: waits up to `timeout` nanoseconds (nil: no limit) for events.
    ///
    /// Returns how many entries of `events` were filled; 0 on timeout and on EINTR, so that the
    /// caller recomputes its timeout instead of sleeping the whole of it again. Throws ENOSYS where
    /// the kernel or C library has no `epoll_pwait2`.
    static func waitPrecisely(
        _ epoll: Int32, into events: UnsafeMutableBufferPointer<epoll_event>, timeout: UInt64?
    ) throws(SystemError) -> Int {
        let capacity = Int32(clamping: events.count)
        let result = try retryingSyscall("epoll_pwait2") { () -> Int32 in
            let count: Int32
            if let timeout {
                var limit = timespec(
                    tv_sec: Int(timeout / 1_000_000_000), tv_nsec: Int(timeout % 1_000_000_000))
                count = nseb_epoll_pwait2(epoll, events.baseAddress, capacity, &limit)
            } else {
                count = nseb_epoll_pwait2(epoll, events.baseAddress, capacity, nil)
            }
            return count == -1 && errno == EINTR ? 0 : count
        }
        return filled(result)
    }

    /// `epoll_wait` with `timeout` rounded up to whole milliseconds, so it never returns before the
    /// deadline it was computed from. The fallback where `epoll_pwait2` is missing.
    static func waitMilliseconds(
        _ epoll: Int32, into events: UnsafeMutableBufferPointer<epoll_event>, timeout: UInt64?
    ) throws(SystemError) -> Int {
        let capacity = Int32(clamping: events.count)
        let milliseconds = timeout.map { Int32(clamping: $0 / 1_000_000 + ($0 % 1_000_000 == 0 ? 0 : 1)) } ?? -1
        let result = try retryingSyscall("epoll_wait") { () -> Int32 in
            let count = epoll_wait(epoll, events.baseAddress, capacity, milliseconds)
            return count == -1 && errno == EINTR ? 0 : count
        }
        return filled(result)
    }

    private static func filled(_ result: IOResult<Int32>) -> Int {
        switch result {
        case .processed(let count): Int(count)
        case .wouldBlock: 0
        }
    }
}
