import Foundation
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
        let destination: URL
        do {
            destination = try context.makeTemporaryFileURL()
        } catch {
            context.recordError(.download, error.description)
            return nil
        }
        let start = context.now()
        let result = await context.downloader.download(
            MediaDownload(url: url, destinationPath: destination.path, timeout: timeout, idleTimeout: idleTimeout))
        context.recordDownload(result, start: start)
        guard result.isSuccess else { return nil }
        let attachStart = context.now()
        defer { context.record(.attach, start: attachStart, end: context.now()) }
        return attach(URL(fileURLWithPath: result.filePath ?? destination.path), from: url, result, identifier)
    }

    private func attach(
        _ file: URL, from url: URL, _ result: MediaDownloadResult, _ identifier: String
    ) -> UNNotificationAttachment? {
        guard let fileExtension = MediaFileType.fileExtension(for: url, contentType: result.contentType, file: file)
        else {
            context.recordError(
                .attach,
                "cannot tell the type of \(url.absoluteString): no known extension, Content-Type "
                    + "\(result.contentType ?? "none"), unknown leading bytes")
            return nil
        }
        let renamed = file.deletingPathExtension().appendingPathExtension(fileExtension)
        do {
            try FileManager.default.moveItem(at: file, to: renamed)
        } catch {
            context.recordError(
                .attach, "cannot rename \(file.path) to .\(fileExtension): \(error.localizedDescription)")
            return nil
        }
        do {
            return try UNNotificationAttachment(identifier: identifier, url: renamed, options: nil)
        } catch {
            context.recordError(.attach, (error as NSError).localizedDescription)
            return nil
        }
    }
}
