import CNSEBenchLinux

/// Translation between ``IOEvents`` and epoll's `events` bits.
extension IOEvents {
    private static let pairs: [(IOEvents, UInt32)] = [
        (.readable, nseb_epollin()), (.writable, nseb_epollout()), (.readHangup, nseb_epollrdhup()),
        (.hangup, nseb_epollhup()), (.error, nseb_epollerr()),
    ]

    /// The events reported in an `epoll_event`.
    init(epollEvents: UInt32) {
        var events: IOEvents = []
        for (event, bit) in Self.pairs where epollEvents & bit != 0 { events.insert(event) }
        self = events
    }

    /// The `events` mask that asks epoll for this interest (level-triggered).
    var epollInterest: UInt32 {
        var mask: UInt32 = 0
        for (event, bit) in Self.pairs.prefix(3) where contains(event) { mask |= bit }
        return mask
    }
}
