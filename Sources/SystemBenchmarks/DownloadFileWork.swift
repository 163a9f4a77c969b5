import NSEBenchSystem

/// The file work an invocation gives its download, done to each of a transport benchmark's downloads,
/// so that the benchmark measures the transport with the system calls iOS makes an extension pay: the
/// download is written to a file of its own (the transport's `openat`, `write`s and `close`), renamed
/// by its type without replacing another (`renameat2`), checked twice as the attachment's validation
/// and store do (`fstatat` ×2), and removed (`unlink`). These are the calls `strace` counts in an
/// invocation of the built-in media extension (docs/performance.md, session 9).
///
/// ```swift
/// let files = DownloadFileWork(directory: "/tmp/nse-bench-files")
/// var request = DownloadRequest(url: url)
/// request.destination = .file(path: files.downloadPath(7))
/// _ = await transport.download(request)
/// if let failure = files.finish(7) { print(failure) }
/// ```
public struct DownloadFileWork: Sendable {
    /// The directory the files are written in; it must exist and be writable.
    public let directory: String

    /// Files in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// Where download `index` is written.
    public func downloadPath(_ index: Int) -> String { "\(directory)/download-\(index).tmp" }

    /// Download `index`'s file renamed by its type, as an extension renames it.
    func renamedPath(_ index: Int) -> String { "\(directory)/download-\(index).jpg" }

    /// Renames download `index`'s file, checks it twice and removes it; nil when every step succeeded,
    /// otherwise the failure: the step and its error, without the path, so that one cause over many
    /// downloads (a full disk) is counted as one kind of failure.
    public func finish(_ index: Int) -> String? {
        let downloaded = downloadPath(index)
        let renamed = renamedPath(index)
        do throws(SystemError) {
            guard try Posix.moveWithoutReplacing(downloaded, to: renamed) else {
                return "file: the renamed name was already there"
            }
        } catch {
            return "file: renameat2: \(error.message)"
        }
        guard Posix.regularFileSize(renamed) != nil, Posix.regularFileSize(renamed) != nil else {
            return "file: fstatat found no regular file (or could not read it)"
        }
        do throws(SystemError) {
            guard try Posix.removeFile(renamed) else { return "file: unlink: the file was gone" }
        } catch {
            return "file: unlink: \(error.message)"
        }
        return nil
    }
}
