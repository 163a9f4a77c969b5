public import NSEBenchCore
public import NSEBenchSystem
import Synchronization

/// The file where the media server notes each fault it injects into a response that cannot name it
/// (a reset before the response), one ``InjectedFaultNote`` line per tagged request, written before
/// the reset so that a client that saw the reset finds the line (`serve --fault-log FILE`, which `run`
/// reads back).
///
/// The descriptor and the first write failure live in `state`, a `Mutex`; the loop thread writes.
public final class InjectedFaultLog: Sendable {
    private struct State {
        var descriptor: Int32
        var failure: SystemError?
    }

    private let state: Mutex<State>
    /// The file's path.
    public let path: String

    /// Creates (or truncates) the file at `path`.
    public init(path: String) throws(SystemError) {
        self.path = path
        state = Mutex(State(descriptor: try Posix.createForWriting(path)))
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { try? Posix.close(state.descriptor) }  // nothing is left to write
        }
    }

    /// Notes that `fault` was injected into the request tagged `tag`; a tag that is not valid is
    /// ignored. After a failed write nothing more is written (the client then names nothing, never
    /// a wrong fault) and ``failure`` says why.
    func note(tag: String, fault: FaultKind) {
        guard let note = InjectedFaultNote(tag: tag, fault: fault) else { return }
        state.withLock { state in
            guard state.failure == nil, state.descriptor >= 0 else { return }
            let bytes = Array(note.line.utf8)
            let descriptor = state.descriptor
            state.failure = bytes.withUnsafeBytes { buffer -> SystemError? in
                do throws(SystemError) {
                    try Posix.writeAll(descriptor, buffer)
                    return nil
                } catch {
                    return error
                }
            }
        }
    }

    /// The write that failed, if one did.
    public var failure: SystemError? { state.withLock { $0.failure } }
}
