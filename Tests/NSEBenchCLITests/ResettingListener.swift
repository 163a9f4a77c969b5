import Foundation
import Glibc

/// A foreign host that resets every connection once the request has arrived (SO_LINGER 0), as a
/// failing CDN might: a real reset, not one nse-bench's server injected.
final class ResettingListener: @unchecked Sendable {
    // `fd` and `port` are immutable after init; the accepting thread only reads them, and stop() closes
    // the listener once, which ends that thread's accept().
    let port: UInt16
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        port = UInt16(bigEndian: address.sin_port)
        let listener = fd
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                close(client)
            }
        }
    }

    /// Stops accepting.
    func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }
}
