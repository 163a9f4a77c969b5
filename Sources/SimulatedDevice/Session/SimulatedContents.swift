public import Foundation
import FoundationNetworking
import Synchronization

/// `Data(contentsOf:)` and `String(contentsOf:)` for the code of a user's extension: the generated file of
/// every compiled extension declares these initializers in the extension's own module, where they shadow
/// Foundation's, and forwards them here.
///
/// An `http` or `https` URL is fetched through ``SimulatedURLSession/shared`` on the calling phone, so the
/// download is shaped and timed like any other request of that phone (its phases in the invocation's
/// record), and the calling thread waits for it, as Foundation's synchronous read does. Any other URL
/// (a file in the App Group container, a downloaded attachment) is read by Foundation itself.
///
/// As on iOS, the body comes back whatever the HTTP status; a request that fails throws
/// `CocoaError(.fileReadUnknown)` with the `URLError` as its underlying error, and a body the encoding
/// cannot decode throws `CocoaError(.fileReadInapplicableStringEncoding)`.
///
/// ```swift
/// // in the extension's module, through the generated file:
/// let data = try Data(contentsOf: URL(string: "http://127.0.0.1:8080/media/1KB.jpg")!)
/// ```
public enum SimulatedContents {
    /// The body of `url`: fetched on the current phone for http(s), read by Foundation otherwise.
    public static func data(contentsOf url: URL, options: Data.ReadingOptions = []) throws -> Data {
        guard isHTTP(url) else { return try Data(contentsOf: url, options: options) }
        return try fetch(url)
    }

    /// The file at `url`, mapped rather than read into memory: an http(s) URL is downloaded to a file on
    /// the current phone, timed as any download of it (the whole body: iOS's media frameworks read only the
    /// byte ranges they need), then mapped, and the file removed (the mapping stays while the data lives).
    public static func mapped(contentsOf url: URL) throws -> Data {
        guard isHTTP(url) else { return try Data(contentsOf: url, options: .alwaysMapped) }
        let file: URL = try waiting { finish in
            SimulatedURLSession.synchronousReads.downloadTask(with: url) { location, _, error in
                guard let location else {
                    let cause = error ?? CocoaError(.fileReadUnknown)
                    finish(
                        .failure(
                            CocoaError(.fileReadUnknown, userInfo: [NSURLErrorKey: url, NSUnderlyingErrorKey: cause])))
                    return
                }
                // The download's file is removed once this handler returns, as on iOS: keep it under a name
                // of its own until it is mapped.
                let kept = location.deletingLastPathComponent().appendingPathComponent("mapped-\(UUID().uuidString)")
                finish(Result { try FileManager.default.moveItem(at: location, to: kept) }.map { kept })
            }.resume()
        }
        defer {
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                // Left in the phone's scratch folder, which the run removes: it costs disk only until then.
            }
        }
        return try Data(contentsOf: file, options: .alwaysMapped)
    }

    /// The body of `url` decoded with `encoding`.
    public static func string(contentsOf url: URL, encoding: String.Encoding) throws -> String {
        guard isHTTP(url) else { return try String(contentsOf: url, encoding: encoding) }
        guard let text = String(data: try fetch(url), encoding: encoding) else {
            throw CocoaError(.fileReadInapplicableStringEncoding, userInfo: [NSURLErrorKey: url])
        }
        return text
    }

    /// The body of `url` as UTF-8 for http(s), and the encoding used; Foundation's guess for a file.
    public static func string(contentsOf url: URL, usedEncoding: inout String.Encoding) throws -> String {
        guard isHTTP(url) else { return try String(contentsOf: url, usedEncoding: &usedEncoding) }
        let text = try string(contentsOf: url, encoding: .utf8)
        usedEncoding = .utf8
        return text
    }

    private static func isHTTP(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// The body, waiting on the calling thread; the task's callback runs on the synchronous reads'
    /// own queue (``SimulatedURLSession/synchronousReads``), never this thread nor one it holds up.
    private static func fetch(_ url: URL) throws -> Data {
        try waiting { finish in
            SimulatedURLSession.synchronousReads.dataTask(with: url) { data, _, error in
                if let error {
                    finish(
                        .failure(
                            CocoaError(.fileReadUnknown, userInfo: [NSURLErrorKey: url, NSUnderlyingErrorKey: error])))
                } else {
                    finish(.success(data ?? Data()))
                }
            }.resume()
        }
    }

    /// The result `start` hands to its `finish` (once, from another thread), waited for on this thread.
    private static func waiting<Value: Sendable>(
        _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
    ) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome<Value>()
        start { result in
            outcome.result.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.result.withLock({ $0 }) else { throw CocoaError(.fileReadUnknown) }
        return try result.get()
    }

    /// The fetch's result, handed from the session's queue to the waiting thread.
    private final class Outcome<Value: Sendable>: Sendable {
        let result = Mutex<Result<Value, any Error>?>(nil)
    }
}
