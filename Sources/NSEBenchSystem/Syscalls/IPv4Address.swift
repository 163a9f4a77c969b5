import Glibc

/// An IPv4 address and port, as text (`127.0.0.1:8080`) and as a `sockaddr_in`.
public struct IPv4Address: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order, as the kernel wants it.
    public let networkOrderAddress: UInt32
    public let port: UInt16

    /// Parses a dotted-quad host such as `"127.0.0.1"`; returns nil for anything else.
    public init?(host: String, port: UInt16) {
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
        self.networkOrderAddress = address.s_addr
        self.port = port
    }

    init(_ socketAddress: sockaddr_in) {
        self.networkOrderAddress = socketAddress.sin_addr.s_addr
        self.port = UInt16(bigEndian: socketAddress.sin_port)
    }

    var socketAddress: sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = networkOrderAddress
        return address
    }

    /// The host part as a dotted quad.
    public var host: String {
        let value = UInt32(bigEndian: networkOrderAddress)
        return "\(value >> 24).\((value >> 16) & 0xff).\((value >> 8) & 0xff).\(value & 0xff)"
    }

    public var description: String { "\(host):\(port)" }
}
