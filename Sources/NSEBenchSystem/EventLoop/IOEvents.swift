/// Readiness of a descriptor: what an ``EventLoop`` handler is told, and what it asks to be told.
///
/// As interest, only ``readable``, ``writable`` and ``readHangup`` mean anything: ``hangup`` and
/// ``error`` are always reported, as epoll does.
public struct IOEvents: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Data can be read, or a listening socket has a connection to accept (`EPOLLIN`).
    public static let readable = IOEvents(rawValue: 1 << 0)
    /// Data can be written, or a non-blocking connect finished (`EPOLLOUT`).
    public static let writable = IOEvents(rawValue: 1 << 1)
    /// The peer shut down its writing side; reads will reach end of file (`EPOLLRDHUP`).
    public static let readHangup = IOEvents(rawValue: 1 << 2)
    /// Both directions are shut down (`EPOLLHUP`).
    public static let hangup = IOEvents(rawValue: 1 << 3)
    /// An error is pending on the descriptor (`EPOLLERR`).
    public static let error = IOEvents(rawValue: 1 << 4)

    public var description: String {
        let names: [(IOEvents, String)] = [
            (.readable, "readable"), (.writable, "writable"), (.readHangup, "readHangup"), (.hangup, "hangup"),
            (.error, "error"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
