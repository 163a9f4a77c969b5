import Glibc

extension Posix {
    /// `open(2)` for writing: creates the file or truncates it (`O_WRONLY | O_CREAT | O_TRUNC |
    /// O_CLOEXEC`, mode 0644 before the umask). For download destinations.
    public static func createForWriting(_ path: String) throws(SystemError) -> Int32 {
        try blockingSyscall("open(\(path))") {
            Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
    }

    /// Writes the whole buffer to a blocking descriptor (a regular file), looping over short
    /// writes; `write(2)` alone may write less than asked.
    public static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < buffer.count {
            let rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
            switch try write(descriptor, rest) {
            case .processed(let count) where count > 0: offset += count
            case .processed, .wouldBlock: throw SystemError(call: "write", errno: EIO)
            }
        }
    }
}
