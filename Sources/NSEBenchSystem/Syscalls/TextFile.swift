import Glibc

/// Whole small files read with plain syscalls (procfs files report size 0, so read until EOF).
public enum TextFile {
    /// The file's contents as UTF-8 text.
    public static func read(_ path: String, limit: Int = 16 << 20) throws(SystemError) -> String {
        let descriptor = try blockingSyscall("open(\(path))") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { try? Posix.close(descriptor) }
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        while bytes.count < limit {
            guard case .processed(let count) = try Posix.read(descriptor, into: chunk), count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `bytes` bytes of the file before offset `end` (nil: its end) as UTF-8 text, from the first line
    /// that starts within them (a line cut by their start is left out); all of it before `end` when that is
    /// no more.
    public static func readTail(_ path: String, bytes: Int, endingAt end: Int? = nil) throws(SystemError) -> String {
        let descriptor = try blockingSyscall("open(\(path))") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { try? Posix.close(descriptor) }
        var status = stat()
        _ = try blockingSyscall("fstat(\(path))") { fstat(descriptor, &status) }
        let stop = min(end ?? Int(status.st_size), Int(status.st_size))
        // One byte before the start too: a line that begins exactly there is whole, and is kept.
        let start = max(0, stop - bytes - 1)
        _ = try blockingSyscall("lseek(\(path))") { lseek(descriptor, off_t(start), SEEK_SET) }
        var tail: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        while tail.count < stop - start {
            guard case .processed(let count) = try Posix.read(descriptor, into: chunk), count > 0 else { break }
            tail += chunk[..<min(count, stop - start - tail.count)]
        }
        guard start > 0 else { return String(decoding: tail, as: UTF8.self) }
        let lineStart = tail.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? tail.endIndex
        return String(decoding: tail[lineStart...], as: UTF8.self)
    }
}

extension TextFile {
    /// Replaces the file at `path` with `text` atomically: written to `<path>.partial` next to it,
    /// then renamed over it, so a reader never sees half a file and a failed write leaves no
    /// partial file behind. Errors name the file and carry the kernel's errno (ENOSPC on a full disk).
    public static func write(_ text: String, to path: String) throws(SystemError) {
        let partial = path + ".partial"
        let descriptor = try Posix.createForWriting(partial)
        var failure: SystemError? = nil
        let bytes = Array(text.utf8)
        failure = bytes.withUnsafeBytes { buffer -> SystemError? in
            do throws(SystemError) {
                try Posix.writeAll(descriptor, buffer)
                return nil
            } catch {
                return SystemError(call: "write(\(path))", errno: error.errno)
            }
        }
        do {
            try Posix.close(descriptor)
        } catch {
            failure = failure ?? SystemError(call: "close(\(path))", errno: error.errno)
        }
        if failure == nil, rename(partial, path) != 0 {
            failure = SystemError(call: "rename(\(partial), \(path))", errno: errno)
        }
        if let failure {
            // Only clean-up: the write's own error is the one reported.
            _ = try? Posix.removeFile(partial)
            throw failure
        }
    }
}

/// Whether a descriptor is a terminal, to choose between a live progress line and plain lines.
public enum Terminal {
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
