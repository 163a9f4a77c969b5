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

    /// `open(2)` for appending to an existing file (`O_WRONLY | O_APPEND | O_CLOEXEC`): every write goes
    /// to the file's end at that moment, so several processes given their own descriptor on one log
    /// add to it without writing over one another.
    public static func openForAppending(_ path: String) throws(SystemError) -> Int32 {
        try blockingSyscall("open(\(path))") { Glibc.open(path, O_WRONLY | O_APPEND | O_CLOEXEC) }
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
        return FileStatus(status)
    }

    /// The whole content of the regular file at `path`, at most `limit` bytes.
    ///
    /// Opened without blocking (a FIFO would otherwise wait for a writer) and checked on the open
    /// descriptor, so a FIFO, a device such as `/dev/zero`, a socket or a directory is refused with
    /// what it is instead of hanging, reading forever or failing with an unrelated error.
    public static func readRegularFile(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let descriptor: Int32
        do {
            descriptor = try blockingSyscall("open(\(path))") {
                Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            }
        } catch {
            throw .system(error)
        }
        defer { try? close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .system(SystemError(call: "fstat(\(path))", errno: Glibc.errno))
        }
        let file = FileStatus(status)
        guard file.isRegularFile else { throw .notARegularFile(path: path, kind: file.kind) }
        guard file.size <= limit else { throw .tooLarge(path: path, size: file.size, limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(file.size)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let result: IOResult<Int>
            do {
                result = try read(descriptor, into: chunk)
            } catch {
                throw .system(SystemError(call: "read(\(path))", errno: error.errno))
            }
            guard case .processed(let count) = result, count > 0 else { break }
            guard bytes.count + count <= limit else {
                throw .tooLarge(path: path, size: bytes.count + count, limit: limit)
            }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// The first `count` bytes of the file at `path`, or all of it when shorter: how a file's type is told
    /// from its signature without reading the rest.
    ///
    /// - Throws: ``SystemError`` when the file cannot be opened or read.
    public static func leadingBytes(of path: String, count: Int) throws(SystemError) -> [UInt8] {
        let descriptor = try blockingSyscall("open(\(path))") { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        // Closing a descriptor only read from loses nothing.
        defer { try? close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(0, count), alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < buffer.count {
            let result: IOResult<Int>
            do {
                result = try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            } catch {
                throw SystemError(call: "read(\(path))", errno: error.errno)
            }
            guard case .processed(let read) = result, read > 0 else { break }
            filled += read
        }
        return Array(buffer[..<filled])
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

    /// Whether the file system holding `path` is mounted `noexec` (`statvfs(3)`'s `ST_NOEXEC`, 8 in
    /// glibc, which Swift's Glibc module leaves out): no program there can be run. False when `path` cannot
    /// be examined (the run then finds out by trying).
    public static func forbidsExecution(onFileSystemOf path: String) -> Bool {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return false }
        return status.f_flag & 8 != 0
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
    /// What it is.
    public var kind: FileKind
    /// Its inode number: with a pipe, what `/proc/PID/fd` shows as `pipe:[inode]`.
    public var inode: UInt64

    init(_ status: stat) {
        let type = status.st_mode & S_IFMT
        kind =
            switch type {
            case S_IFREG: .regularFile
            case S_IFDIR: .directory
            case S_IFIFO: .fifo
            case S_IFCHR: .characterDevice
            case S_IFBLK: .blockDevice
            case S_IFSOCK: .socket
            case S_IFLNK: .symbolicLink
            default: .unknown
            }
        isRegularFile = type == S_IFREG
        isDirectory = type == S_IFDIR
        size = Int(status.st_size)
        inode = UInt64(status.st_ino)
    }
}

/// The type of a file system object, from `st_mode`.
public enum FileKind: String, Sendable, Hashable, CustomStringConvertible {
    case regularFile, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, unknown

    /// For messages: "a directory", "a FIFO (named pipe)", ...
    public var description: String {
        switch self {
        case .regularFile: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        case .unknown: "not a regular file"
        }
    }
}

/// Why ``Posix/readRegularFile(_:limit:)`` read nothing; every case names the path.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed (no such file, no permission, ...).
    case system(SystemError)
    /// The path is something other than a regular file.
    case notARegularFile(path: String, kind: FileKind)
    /// The file holds more than the caller's limit.
    case tooLarge(path: String, size: Int, limit: Int)

    public var description: String {
        switch self {
        case .system(let error): "\(error)"
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        case .tooLarge(let path, let size, let limit): "\(path) holds \(size) bytes, more than the \(limit) allowed"
        }
    }
}
