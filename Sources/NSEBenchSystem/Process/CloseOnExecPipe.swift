public import Foundation

/// A pipe for a child process's standard input or output, both ends close-on-exec from the start
/// (``Posix/pipe()``), as handles that close their descriptor when released.
///
/// Foundation's `Pipe` is made without the flag: measured here, 6 of 40 processes that Foundation's
/// `Process` started while another thread made pipes inherited one of them, and a process holding a
/// pipe's write end keeps its reader waiting for an end that comes only when that process ends. The
/// child gets its end as its standard input or output (`dup2`, which drops the flag); the parent then
/// closes its copy of that end (``closeChildEnd(_:)``).
public struct CloseOnExecPipe: @unchecked Sendable {
    // @unchecked: FileHandle is a class Foundation does not mark Sendable; each handle is used by one
    // owner at a time (the parent's end by its reader or writer, the child's end until it is closed).

    /// The end data is read from.
    public let reading: FileHandle
    /// The end data is written to.
    public let writing: FileHandle

    /// A new pipe.
    ///
    /// - Throws: ``SystemError`` naming `pipe2` (`EMFILE` when the process is out of descriptors).
    public init() throws(SystemError) {
        let ends = try Posix.pipe()
        reading = FileHandle(fileDescriptor: ends.read, closeOnDealloc: true)
        writing = FileHandle(fileDescriptor: ends.write, closeOnDealloc: true)
    }

    /// Sets the pipe's capacity to at least `bytes` and returns what the kernel set
    /// (``Posix/setPipeCapacity(_:bytes:)``).
    @discardableResult
    public func setCapacity(_ bytes: Int) throws(SystemError) -> Int {
        try Posix.setPipeCapacity(writing.fileDescriptor, bytes: bytes)
    }

    /// Closes the parent's copy of the end a started child was given: the child's copy is its own, and
    /// the reader of a pipe sees its end only once every write end is closed.
    public static func closeChildEnd(_ handle: FileHandle) {
        do {
            try handle.close()
        } catch {
            // Linux releases the descriptor whatever close(2) reports.
        }
    }
}
