import Foundation
import NSEBenchSystem
import UserNotifications

/// Downloads `media_url` and turns the file into an attachment, as push SDKs' media helpers do: a
/// download task to a temporary `.tmp` file, a rename to the extension the type calls for
/// (``MediaFileType``), then `UNNotificationAttachment(identifier:url:options:)`, which validates it.
///
/// Reports the download and attach stages, and every failure, to the invocation's context.
struct MediaFetcher {
    let context: InvocationContext

    /// The attachment, or nil when the download failed, the status was not 2xx, the type could not be
    /// told, or iOS's checks refused the file (every reason is reported as a stage error).
    ///
    /// - Parameter timeout: the whole download's limit in nanoseconds; nil for `URLSession`'s default.
    /// - Parameter idleTimeout: abort after this long without data (URLSession's 60 s by default).
    func attachment(
        from url: URL, timeout: UInt64?, idleTimeout: UInt64 = MediaDownload.defaultIdleTimeout,
        identifier: String = "media"
    ) async -> UNNotificationAttachment? {
        // Built and read in synchronous steps: only the request's reference and the result cross the
        // suspension, so each parked download's async frame stays small (the task allocator's 1 KB slabs).
        guard let pending = request(url, timeout: timeout, idleTimeout: idleTimeout) else { return nil }
        return attachment(for: pending, await context.downloader.download(pending.request), identifier: identifier)
    }

    /// A download asked for, and what reading its result needs.
    private final class PendingDownload: Sendable {
        let request: MediaDownload
        let start: UInt64

        init(request: MediaDownload, start: UInt64) {
            self.request = request
            self.start = start
        }
    }

    /// The download of `url` into a new temporary file; nil when the file could not be made (reported).
    @inline(never)
    private func request(_ url: URL, timeout: UInt64?, idleTimeout: UInt64) -> PendingDownload? {
        let destination: String
        do {
            destination = try context.makeTemporaryFilePath()
        } catch {
            context.recordError(.download, error.description)
            return nil
        }
        return PendingDownload(
            request: MediaDownload(
                url: url, destinationPath: destination, timeout: timeout, idleTimeout: idleTimeout),
            start: context.now())
    }

    /// Reports the download's `result` and turns its file into the attachment.
    @inline(never)
    private func attachment(
        for pending: PendingDownload, _ result: MediaDownloadResult, identifier: String
    ) -> UNNotificationAttachment? {
        context.recordDownload(result, start: pending.start)
        guard result.isSuccess else { return nil }
        let attachStart = context.now()
        defer { context.record(.attach, start: attachStart, end: context.now()) }
        return attach(
            result.filePath ?? pending.request.destinationPath, from: pending.request.url, result, identifier)
    }

    /// Renames the downloaded file by its type and has iOS check it. Paths are handled as strings and
    /// the rename is one `renameat2(2)`: what `FileManager.moveItem` comes down to on one file system
    /// (it too refuses to replace a file), without its URL conversions and checks, which cost more
    /// than the rename itself (perf, issue #18).
    private func attach(
        _ path: String, from url: URL, _ result: MediaDownloadResult, _ identifier: String
    ) -> UNNotificationAttachment? {
        let found: String?
        do {
            found = try MediaFileType.fileExtension(for: url, contentType: result.contentType, filePath: path)
        } catch {
            context.recordError(.attach, "cannot read \(path) to tell its type: \(error.message)")
            return nil
        }
        guard let fileExtension = found else {
            context.recordError(
                .attach,
                "cannot tell the type of \(url.absoluteString): no known extension, Content-Type "
                    + "\(result.contentType ?? "none"), unknown leading bytes")
            return nil
        }
        let renamed = FilePathExtension.replacing(in: path, with: fileExtension)
        do {
            guard try Posix.moveWithoutReplacing(path, to: renamed) else {
                context.recordError(.attach, "cannot rename \(path) to .\(fileExtension): \(renamed) exists")
                return nil
            }
        } catch {
            context.recordError(.attach, "cannot rename \(path) to .\(fileExtension): \(error.message)")
            return nil
        }
        context.temporaryFileMoved(from: path, to: renamed)
        do {
            return try UNNotificationAttachment(
                identifier: identifier, url: URL(fileURLWithPath: renamed, isDirectory: false), options: nil)
        } catch {
            context.recordError(.attach, (error as NSError).localizedDescription)
            return nil
        }
    }
}
