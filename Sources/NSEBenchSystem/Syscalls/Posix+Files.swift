import CNSEBenchLinux
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

extension Posix {
    /// `unlink(2)`: removes a file. Returns false when there was nothing to remove (`ENOENT`), so a
    /// caller cleaning up files that may have been moved away needs no `stat` first.
    @discardableResult
    public static func removeFile(_ path: String) throws(SystemError) -> Bool {
        if Glibc.unlink(path) == 0 { return true }
        let error = Glibc.errno
        if error == ENOENT { return false }
        throw SystemError(call: "unlink(\(path))", errno: error)
    }

    /// The size of the regular file at `path` (`fstatat(2)`, following links); nil when nothing is there
    /// or it is not a regular file (a directory, a socket, ...).
    public static func regularFileSize(_ path: String) -> Int? {
        guard let status = fileStatus(path), status.isRegularFile else { return nil }
        return status.size
    }

    /// What is at `path` (one `fstatat(2)`, following links); nil when nothing is (or it cannot be read).
    public static func fileStatus(_ path: String) -> FileStatus? {
        var status = stat()
        guard fstatat(AT_FDCWD, path, &status, 0) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        return FileStatus(isRegularFile: type == S_IFREG, isDirectory: type == S_IFDIR, size: Int(status.st_size))
    }

    /// Moves `source` to `destination` in one `renameat2(2)` call that never replaces a file already
    /// at `destination`: returns false in that case (`EEXIST`) and leaves both alone. Throws for any
    /// other failure, `EXDEV` (different file systems) included.
    public static func moveWithoutReplacing(_ source: String, to destination: String) throws(SystemError) -> Bool {
        if nseb_rename_noreplace(source, destination) == 0 { return true }
        let error = Glibc.errno
        if error == EEXIST { return false }
        throw SystemError(call: "renameat2(\(source), \(destination))", errno: error)
    }
}

extension Posix {
    /// Bytes an unprivileged process may still write on the file system holding `path` (`statvfs(3)`:
    /// available blocks times the fragment size); nil when `path` cannot be examined.
    public static func availableBytes(onFileSystemOf path: String) -> Int? {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return nil }
        let (bytes, overflow) = Int(clamping: status.f_bavail).multipliedReportingOverflow(
            by: Int(clamping: status.f_frsize))
        return overflow ? .max : bytes
    }

    /// Whether the calling process may create files in the directory at `path` (`access(2)`, W_OK|X_OK).
    public static func isWritableDirectory(_ path: String) -> Bool {
        var status = stat()
        guard fstatat(AT_FDCWD, path, &status, 0) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        return access(path, W_OK | X_OK) == 0
    }
}

extension SystemError {
    /// The call failed because source and destination are on different file systems (`EXDEV`), where a
    /// rename cannot work and a copy must.
    public var isCrossDevice: Bool { errno == EXDEV }
}

/// What one `stat` says about a path.
public struct FileStatus: Sendable, Hashable {
    /// A regular file.
    public var isRegularFile: Bool
    /// A directory.
    public var isDirectory: Bool
    /// Its size in bytes.
    public var size: Int
}
