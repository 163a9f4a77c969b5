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
}

/// Whether a descriptor is a terminal, to choose between a live progress line and plain lines.
public enum Terminal {
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
