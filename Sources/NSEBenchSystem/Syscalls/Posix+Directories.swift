import Glibc

extension Posix {
    /// `mkdir(2)` with mode 0755 (before the umask); the parent must exist. Returns false when something
    /// is already at `path` (`EEXIST`), so a caller making a folder it may have made before needs no
    /// `stat` first.
    @discardableResult
    public static func makeDirectory(_ path: String) throws(SystemError) -> Bool {
        if Glibc.mkdir(path, 0o755) == 0 { return true }
        let error = Glibc.errno
        if error == EEXIST { return false }
        throw SystemError(call: "mkdir(\(path))", errno: error)
    }

    /// Removes `path` and, for a directory, everything in it, as `rm -rf` does: links are removed, never
    /// followed. Nothing at `path` is no error. Each directory is read through a descriptor of its own
    /// (`openat(2)`, `O_NOFOLLOW`) and emptied with `unlinkat(2)`, one call per entry: no `stat` of each
    /// entry, as Foundation's `removeItem` makes.
    public static func removeTree(_ path: String) throws(SystemError) {
        if Glibc.unlink(path) == 0 { return }
        let error = Glibc.errno
        if error == ENOENT { return }
        // Linux answers EISDIR for a directory (POSIX allows EPERM).
        guard error == EISDIR || error == EPERM else { throw SystemError(call: "unlink(\(path))", errno: error) }
        try removeContents(of: AT_FDCWD, path)
        guard Glibc.rmdir(path) == 0 || Glibc.errno == ENOENT else {
            throw SystemError(call: "rmdir(\(path))", errno: Glibc.errno)
        }
    }

    /// Empties the directory `name` (relative to the directory descriptor `parent`).
    private static func removeContents(of parent: Int32, _ name: UnsafePointer<CChar>) throws(SystemError) {
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = Glibc.errno
            if error == ENOENT { return }
            throw SystemError(call: "openat(\(String(cString: name)))", errno: error)
        }
        guard let directory = fdopendir(descriptor) else {
            let error = Glibc.errno
            Glibc.close(descriptor)
            throw SystemError(call: "fdopendir(\(String(cString: name)))", errno: error)
        }
        defer { closedir(directory) }  // closes the descriptor too
        while true {
            Glibc.errno = 0
            guard let entry = readdir(directory) else {
                let error = Glibc.errno
                if error != 0 { throw SystemError(call: "readdir(\(String(cString: name)))", errno: error) }
                return
            }
            try withUnsafePointer(to: &entry.pointee.d_name) { tuple throws(SystemError) in
                let entryName = UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self)
                if entryName[0] == 0x2E, entryName[1] == 0 || (entryName[1] == 0x2E && entryName[2] == 0) { return }
                if unlinkat(descriptor, entryName, 0) == 0 { return }
                let error = Glibc.errno
                if error == ENOENT { return }
                guard error == EISDIR || error == EPERM else {
                    throw SystemError(call: "unlinkat(\(String(cString: entryName)))", errno: error)
                }
                try removeContents(of: descriptor, entryName)
                guard unlinkat(descriptor, entryName, AT_REMOVEDIR) == 0 || Glibc.errno == ENOENT else {
                    throw SystemError(call: "unlinkat(\(String(cString: entryName)), AT_REMOVEDIR)", errno: Glibc.errno)
                }
            }
        }
    }
}
