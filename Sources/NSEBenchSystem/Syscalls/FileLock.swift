import Glibc

extension Posix {
    /// Runs `body` holding an exclusive `flock(2)` on `path` (created, mode 0600, when absent), so that
    /// processes sharing a file (the workers of one run writing its keychain) change it one at a time.
    /// The lock goes with the descriptor, closed when `body` returns or throws.
    public static func withExclusiveLock<T, Failure: Error>(
        onFile path: String, _ body: () throws(Failure) -> T
    ) throws(FileLockError<Failure>) -> T {
        let descriptor: Int32
        do {
            descriptor = try blockingSyscall("open(\(path))") { Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        } catch {
            throw .lock(error)
        }
        defer { try? Posix.close(descriptor) }
        do {
            _ = try blockingSyscall("flock(\(path))") { flock(descriptor, LOCK_EX) }
        } catch {
            throw .lock(error)
        }
        do {
            return try body()
        } catch {
            throw .body(error)
        }
    }
}

/// Why ``Posix/withExclusiveLock(onFile:_:)`` failed: taking the lock, or the body.
public enum FileLockError<Failure: Error>: Error {
    /// Opening or locking the file failed.
    case lock(SystemError)
    /// The body threw.
    case body(Failure)
}

extension Posix {
    /// Runs `body` holding a `flock(2)` on the existing file or folder at `path`, shared or exclusive, so
    /// that threads and processes reading and writing what it guards take turns (readers together, a writer
    /// alone). The lock goes with the descriptor, closed when `body` returns. Nil, and `body` not run, when
    /// `path` cannot be opened or locked.
    public static func withLock<T>(onExisting path: String, exclusive: Bool, _ body: () -> T) -> T? {
        let descriptor: Int32
        do {
            descriptor = try blockingSyscall("open(\(path))") { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        } catch {
            return nil
        }
        defer { try? Posix.close(descriptor) }
        do {
            _ = try blockingSyscall("flock(\(path))") { flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) }
        } catch {
            return nil
        }
        return body()
    }
}
