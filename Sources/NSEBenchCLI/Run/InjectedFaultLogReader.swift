import Foundation
import NSEBenchCore
import Synchronization

/// Reads back the embedded server's fault log (`serve --fault-log`): which tagged requests got a
/// fault their responses could not name (a reset before the response). The server writes a note before
/// it resets, so by the time a record shows the reset its note is in the file; a lookup that misses
/// reads what was appended since the last one.
///
/// The handle, the offset read to, the unread notes and the first failure live in `state`, a `Mutex`.
final class InjectedFaultLogReader: Sendable {
    private struct State {
        var handle: FileHandle?
        /// Notes read but not yet looked up, by tag.
        var notes: [String: FaultKind] = [:]
        /// Bytes after the last newline read: a note still being written.
        var partial: [UInt8] = []
        var failure: String?
    }

    let path: String
    private let state = Mutex(State())

    init(path: String) { self.path = path }

    deinit {
        state.withLock { state in
            do { try state.handle?.close() } catch {}  // read-only: nothing is lost by a failed close
        }
    }

    /// The fault the server noted for the request tagged `tag`, once; nil when it noted none (the
    /// reset was real) or the log could not be read (``failure`` says why).
    func fault(forRequest tag: String) -> FaultKind? {
        state.withLock { state in
            if let fault = state.notes.removeValue(forKey: tag) { return fault }
            guard state.failure == nil else { return nil }
            do {
                try Self.readAppended(&state, path: path)
            } catch {
                state.failure = "\(path): \(error.localizedDescription)"
                return nil
            }
            return state.notes.removeValue(forKey: tag)
        }
    }

    /// Why the log could not be read, if it could not: resets the server injected may then show as real.
    var failure: String? { state.withLock { $0.failure } }

    private static func readAppended(_ state: inout State, path: String) throws {
        if state.handle == nil { state.handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) }
        guard let handle = state.handle, let data = try handle.readToEnd(), !data.isEmpty else { return }
        var bytes = state.partial
        bytes.append(contentsOf: data)
        var lineStart = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            let line = String(decoding: bytes[lineStart..<index], as: UTF8.self)
            if let note = InjectedFaultNote(line: line) { state.notes[note.tag] = note.fault }
            lineStart = index + 1
        }
        state.partial = Array(bytes[lineStart...])
    }
}
