/// Downloads an attachment's media to a file: what an extension's `URLSession` download task does.
///
/// The harness adapts its libcurl transport (`CurlTransport`); tests use a scripted downloader on a
/// manual clock. Implementations never throw: every failure comes back in
/// ``MediaDownloadResult/error``, and a cancelled calling task ends the download with
/// ``MediaDownloadError/Kind/cancelled``.
public protocol MediaDownloading: Sendable {
    /// Downloads `request.url` into `request.destinationPath`.
    func download(_ request: MediaDownload) async -> MediaDownloadResult
}
