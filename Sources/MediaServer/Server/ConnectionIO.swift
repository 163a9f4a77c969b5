import NSEBenchSystem

/// A connection's byte stream: the plain socket, or a TLS session over it. Both report "try again
/// when the socket is readable/writable" as a value, so the connection code is the same for both.
enum ConnectionIO {
    case plain(Int32)
    case tls(TLSSession)

    enum Outcome {
        case bytes(Int)
        /// Nothing moved; wait for these events.
        case wait(IOEvents)
        /// The peer closed or reset the connection.
        case closed
    }

    func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Outcome {
        switch self {
        case .plain:
            switch try? Posix.read(fd, into: buffer) {
            case .processed(let count): return count > 0 ? .bytes(count) : .closed
            case .wouldBlock: return .wait(.readable)
            case nil: return .closed
            }
        case .tls(let session):
            return translate(try? session.read(into: buffer))
        }
    }

    func transmit(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Outcome {
        switch self {
        case .plain:
            switch try? Posix.send(fd, buffer) {
            case .processed(let count): return .bytes(count)
            case .wouldBlock: return .wait(.writable)
            case nil: return .closed
            }
        case .tls(let session):
            return translate(try? session.write(buffer))
        }
    }

    private func translate(_ progress: TLSSession.Progress?) -> Outcome {
        switch progress {
        case .done(let count): .bytes(count)
        case .wantRead: .wait(.readable)
        case .wantWrite: .wait(.writable)
        case .closed, nil: .closed
        }
    }
}
