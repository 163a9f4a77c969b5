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
        /// The peer closed the stream (end of file, or TLS close_notify).
        case closed
        /// The call failed (a reset by the peer, a broken pipe, a TLS error).
        case failed
    }

    func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Outcome {
        switch self {
        case .plain:
            do {
                switch try Posix.read(fd, into: buffer) {
                case .processed(let count): return count > 0 ? .bytes(count) : .closed
                case .wouldBlock: return .wait(.readable)
                }
            } catch {
                return .failed
            }
        case .tls(let session):
            do {
                return translate(try session.read(into: buffer))
            } catch {
                return .failed
            }
        }
    }

    func transmit(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Outcome {
        switch self {
        case .plain:
            do {
                switch try Posix.send(fd, buffer) {
                case .processed(let count): return .bytes(count)
                case .wouldBlock: return .wait(.writable)
                }
            } catch {
                return .failed
            }
        case .tls(let session):
            do {
                return translate(try session.write(buffer))
            } catch {
                return .failed
            }
        }
    }

    /// One step of the TLS handshake; a plain connection has none to do.
    func handshake() -> ConnectionStateMachine.HandshakeStep {
        guard case .tls(let session) = self else { return .done }
        do {
            switch try session.handshake() {
            case .done: return .done
            case .wantRead: return .wantRead
            case .wantWrite: return .wantWrite
            case .closed: return .closed
            }
        } catch {
            return .failed
        }
    }

    /// Sends TLS close_notify; the socket is closed by its owner.
    func shutdown() {
        if case .tls(let session) = self { session.shutdown() }
    }

    private func translate(_ progress: TLSSession.Progress) -> Outcome {
        switch progress {
        case .done(let count): .bytes(count)
        case .wantRead: .wait(.readable)
        case .wantWrite: .wait(.writable)
        case .closed: .closed
        }
    }
}
