import NSEBenchSystem

/// `--media-dir DIR`: real files served at `/files/<relative path>`, strictly inside DIR.
///
/// A path is resolved with `realpath`, and anything whose canonical path is not under DIR's
/// canonical path (`..`, a symbolic link leading out) is a 404, as is a missing file. Files are
/// read once and kept in memory, as the synthetic media are.
struct MediaDirectory {
    /// The URL prefix of served files.
    static let pathPrefix = "/files/"
    /// Largest file served (beyond the 50 MB movie cap, to test it).
    static let maximumFileSize = 512 << 20

    let root: String
    private var cache: [String: [UInt8]] = [:]

    /// Fails when `directory` does not exist.
    init(directory: String) throws(SystemError) {
        root = try Posix.canonicalPath(directory)
    }

    /// The bytes of `/files/<relative>`, or nil when it is missing or outside the directory.
    mutating func file(at requestPath: String) -> [UInt8]? {
        let relative = requestPath.dropFirst(Self.pathPrefix.count)
        guard !relative.isEmpty, let canonical = try? Posix.canonicalPath(root + "/" + relative),
            canonical.hasPrefix(root + "/")
        else { return nil }
        if let cached = cache[canonical] { return cached }
        guard let bytes = try? BinaryFile.read(canonical, limit: Self.maximumFileSize) else { return nil }
        if cache.count > 256 { cache.removeAll() }
        cache[canonical] = bytes
        return bytes
    }
}
