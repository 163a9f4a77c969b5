import Foundation
import NSEBenchCore
import NSEBenchSystem
import SimulatedDevice
import UserNotifications

/// Downloads `media_url` and turns the file into an attachment, as push SDKs' media helpers do: a
/// download task to a temporary `.tmp` file, a rename to the extension the type calls for
/// (``MediaFileType``), then `UNNotificationAttachment(identifier:url:options:)`, which validates it.
///
/// Redirects are followed as URLSession follows them (``SimulatedDevice/HTTPRedirect``): each hop is a
/// download of the invocation, and the whole chain keeps the download's total timeout.
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
        let result = await context.downloader.download(pending.request)
        // Rare, and apart: a chain's state never weighs on the frame of the usual download.
        if Self.redirect(in: result, from: pending.request.url) != nil {
            return await following(pending, result, identifier: identifier)
        }
        return attachment(for: pending, result, identifier: identifier)
    }

    /// The redirect `result`, the answer to a `GET` of `url`, asks for; nil when it asks none.
    private static func redirect(in result: MediaDownloadResult, from url: URL) -> HTTPRedirect? {
        guard result.error == nil, (300...399).contains(result.status) else { return nil }
        let location = result.headerFields?.first { HTTPHeaderField.namesMatch($0.name, "location") }?.value
        return HTTPRedirect(status: result.status, location: location, from: url, method: "GET")
    }

    /// Follows the redirects from `first`, whose answer was `result`, then attaches what the last hop got.
    /// Each hop is recorded as a download (a followed redirect is no error); more than
    /// ``SimulatedDevice/HTTPRedirect/limit`` of them, or the total timeout passing between hops (the time
    /// the hops waited inside the harness not counted), fail the download as URLSession fails it.
    @inline(never)
    private func following(
        _ first: PendingDownload, _ firstResult: MediaDownloadResult, identifier: String
    ) async -> UNNotificationAttachment? {
        var pending = first
        var result = firstResult
        var followed = 0
        var harnessWait: UInt64 = 0
        while let redirect = Self.redirect(in: result, from: pending.request.url) {
            context.recordDownload(result, start: pending.start, failed: false)
            harnessWait &+= result.timings.harnessWait ?? 0
            let scheme = redirect.url.scheme?.lowercased()
            guard scheme == "http" || scheme == "https" else {
                // What URLSession says of another scheme (`URLError(.unsupportedURL)`); nothing is fetched.
                context.recordDownloadFailure(
                    MediaDownloadError(
                        .other,
                        "unsupported URL: \(pending.request.url.absoluteString) redirected to "
                            + "\(redirect.url.absoluteString), which is not http or https"))
                return nil
            }
            guard followed < HTTPRedirect.limit else {
                context.recordDownloadFailure(
                    MediaDownloadError(
                        .other,
                        "too many HTTP redirects: \(HTTPRedirect.limit) followed from "
                            + "\(first.request.url.absoluteString), and \(pending.request.url.absoluteString) asked for another"
                    ))
                return nil
            }
            var timeout: UInt64?
            if let limit = first.request.timeout {
                let wall = context.now() &- first.start
                let elapsed = wall - min(harnessWait, wall)
                guard elapsed < limit else {
                    context.recordDownloadFailure(
                        MediaDownloadError(
                            .timedOut,
                            "the total timeout (\(limit / 1_000_000) ms) passed while following redirects from "
                                + first.request.url.absoluteString))
                    return nil
                }
                timeout = limit - elapsed
            }
            guard
                let next = request(
                    redirect.url, timeout: timeout, idleTimeout: first.request.idleTimeout,
                    redirectedFrom: first.request.url)
            else { return nil }
            followed += 1
            pending = next
            result = await context.downloader.download(next.request)
        }
        return attachment(for: pending, result, identifier: identifier)
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

    /// The download of `url` into a new temporary file, as a hop of the chain that started at
    /// `redirectedFrom` when given; nil when the file could not be made (reported).
    @inline(never)
    private func request(
        _ url: URL, timeout: UInt64?, idleTimeout: UInt64, redirectedFrom: URL? = nil
    ) -> PendingDownload? {
        let destination: String
        do {
            destination = try context.makeTemporaryFilePath()
        } catch {
            // A hop's: the download's failure, which the redirect before it would otherwise stand for.
            if redirectedFrom != nil {
                context.recordDownloadFailure(MediaDownloadError(.file, error.description))
            } else {
                context.recordError(.download, error.description)
            }
            return nil
        }
        var download = MediaDownload(url: url, destinationPath: destination, timeout: timeout, idleTimeout: idleTimeout)
        download.keepsRedirectHeaderFields = true
        download.redirectedFrom = redirectedFrom
        return PendingDownload(request: download, start: context.now())
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
