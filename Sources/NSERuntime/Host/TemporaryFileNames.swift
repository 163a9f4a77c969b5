/// The temporary files named for an invocation that it still holds, and how many were ever named: the
/// next file's number, which never goes back when a file leaves the list (a download's body removed
/// after its handler, an attachment taken into the store), so no two files share a name.
///
/// Nearly every invocation holds one file at a time: it is kept inline, and only files beyond it go into
/// an array. An array for every invocation was one more object per invocation in flight (issue #18).
struct TemporaryFileNames {
    private var first: String?
    private var others: [String] = []
    /// How many files were ever named.
    private(set) var named = 0

    /// The files held, first named first.
    var paths: [String] { (first.map { [$0] } ?? []) + others }

    /// Holds `path`, the file just named.
    mutating func append(_ path: String) {
        named += 1
        if first == nil, others.isEmpty {
            first = path
        } else {
            others.append(path)
        }
    }

    /// Whether `path` is held.
    func holds(_ path: String) -> Bool { first == path || others.contains(path) }

    /// The file at `path` is now at `newPath`; nothing when `path` is not held.
    mutating func replace(_ path: String, with newPath: String) {
        if first == path {
            first = newPath
        } else if let index = others.firstIndex(of: path) {
            others[index] = newPath
        }
    }

    /// The file at `path` is no longer held, wherever it appears.
    mutating func remove(_ path: String) {
        if first == path { first = nil }
        others.removeAll { $0 == path }
    }
}
