// AVFoundation on Linux, as far as a Notification Service Extension reaches it: an asset's running time and
// tracks read from its file's `moov` box (nothing decoded), a frame of its video as a blank `CGImage` of the
// size iOS would give it (its bitmap allocated, as iOS holds the decoded frame), and `AVMakeRect`. Decoding,
// its CPU time and transient memory, are not simulated; the run names each frame generator `not faithful:`.
@_exported public import CoreGraphics
@_exported public import CoreMedia
@_exported public import Foundation
internal import NSEBenchImages
internal import SimulatedDevice

/// AVFoundation's error domain.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

/// The kinds of media a track holds, as AVFoundation's four-letter codes.
public struct AVMediaType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let video = AVMediaType("vide")
    public static let audio = AVMediaType("soun")
    public static let text = AVMediaType("text")
    public static let subtitle = AVMediaType("sbtl")
    public static let metadata = AVMediaType("meta")
    public static let closedCaption = AVMediaType("clcp")
}

/// A track of an asset: its kind, its size and transform.
public final class AVAssetTrack: Sendable {
    /// What it holds.
    public let mediaType: AVMediaType
    /// Its frames' size before ``preferredTransform``.
    public let naturalSize: CGSize
    /// How its frames are turned for display (a phone's portrait video: a quarter turn).
    public let preferredTransform: CGAffineTransform

    init(_ track: MovieFile.Track) {
        mediaType = AVMediaType(track.handler)
        naturalSize = CGSize(width: track.width, height: track.height)
        let t = track.transform
        preferredTransform = CGAffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
    }
}

/// AVFoundation's errors, as its bridged error: `catch AVError.noImageAtTime`, or `NSError` with
/// ``AVFoundationErrorDomain`` and the code.
public struct AVError: CustomNSError, Hashable, Sendable {
    /// The codes nse-bench gives.
    public enum Code: Int, Sendable, Hashable {
        case unknown = -11800
        case fileFormatNotRecognized = -11828
        case noImageAtTime = -11832
        case operationNotSupportedForAsset = -11838
    }

    public let code: Code
    /// The URL of the asset, when there is one.
    public let url: URL?

    public init(_ code: Code, url: URL? = nil) { (self.code, self.url) = (code, url) }

    public static var errorDomain: String { AVFoundationErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { url.map { [NSURLErrorKey: $0] } ?? [:] }

    public static var unknown: Code { .unknown }
    public static var fileFormatNotRecognized: Code { .fileFormatNotRecognized }
    public static var noImageAtTime: Code { .noImageAtTime }
    public static var operationNotSupportedForAsset: Code { .operationNotSupportedForAsset }
}

extension AVError.Code {
    /// `catch AVError.noImageAtTime`.
    public static func ~= (code: AVError.Code, error: any Error) -> Bool {
        (error as? AVError)?.code == code
    }
}

/// A property an asset or a track loads asynchronously: `try await asset.load(.duration)`.
public struct AVAsyncProperty<Root, Value>: Sendable {
    let read: @Sendable (Root) throws -> Value
}

extension AVAsyncProperty where Root == AVAsset, Value == CMTime {
    /// The running time.
    public static var duration: AVAsyncProperty<AVAsset, CMTime> { AVAsyncProperty { try $0.movie().duration } }
}

extension AVAsyncProperty where Root == AVAsset, Value == [AVAssetTrack] {
    /// The tracks.
    public static var tracks: AVAsyncProperty<AVAsset, [AVAssetTrack]> { AVAsyncProperty { try $0.movie().tracks } }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == CGSize {
    /// The track's frames' size before its transform.
    public static var naturalSize: AVAsyncProperty<AVAssetTrack, CGSize> { AVAsyncProperty { $0.naturalSize } }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == CGAffineTransform {
    /// How the track's frames are turned for display.
    public static var preferredTransform: AVAsyncProperty<AVAssetTrack, CGAffineTransform> {
        AVAsyncProperty { $0.preferredTransform }
    }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == AVMediaType {
    /// What the track holds.
    public static var mediaType: AVAsyncProperty<AVAssetTrack, AVMediaType> { AVAsyncProperty { $0.mediaType } }
}

extension AVAssetTrack {
    /// `property`, loaded.
    public func load<Value>(_ property: AVAsyncProperty<AVAssetTrack, Value>) async throws -> Value {
        try property.read(self)
    }

    /// Two properties, loaded.
    public func load<A, B>(
        _ first: AVAsyncProperty<AVAssetTrack, A>, _ second: AVAsyncProperty<AVAssetTrack, B>
    ) async throws -> (A, B) {
        (try first.read(self), try second.read(self))
    }
}

extension AVAsyncProperty where Root == AVAsset, Value == Bool {
    /// Whether it has a track to play.
    public static var isPlayable: AVAsyncProperty<AVAsset, Bool> {
        AVAsyncProperty { $0.readableMovie.map { !$0.tracks.isEmpty } ?? false }
    }
}

/// A timed media file, as AVFoundation's asset: read from its URL once, when first asked, its `moov` box
/// parsed in place (a file is mapped, not read into memory). An http(s) URL is downloaded whole to a file on
/// the calling phone, timed, and mapped, where iOS reads only the byte ranges it needs.
open class AVAsset: @unchecked Sendable {
    // @unchecked: `loaded` is read and written only under `lock`.

    /// What the file says (its bytes are not kept: they were mapped, and unmapped once read).
    struct Movie {
        let duration: CMTime
        let tracks: [AVAssetTrack]
    }

    /// The URL the asset reads.
    let assetURL: URL
    private let lock = NSLock()
    private var loaded: Result<Movie, any Error>?

    /// The asset at `url`.
    public init(url: URL) { assetURL = url }

    /// The file, read and parsed once.
    func movie() throws -> Movie { try loadResult().get() }

    /// The movie, or nil when the file cannot be read or is no movie: the synchronous properties, as
    /// iOS's, have no error to give.
    var readableMovie: Movie? {
        guard case .success(let movie) = loadResult() else { return nil }
        return movie
    }

    private func loadResult() -> Result<Movie, any Error> {
        lock.withLock {
            if let loaded { return loaded }
            let result = Self.read(assetURL)
            loaded = result
            return result
        }
    }

    private static func read(_ url: URL) -> Result<Movie, any Error> {
        let data: Data
        do {
            data = try SimulatedContents.mapped(contentsOf: url)
        } catch {
            return .failure(error)
        }
        guard let movie = data.withUnsafeBytes({ MovieFile(buffer: $0) }), movie.timescale > 0 else {
            // "Cannot Open": a file AVFoundation does not recognise as a movie.
            return .failure(AVError(.fileFormatNotRecognized, url: url))
        }
        let duration =
            movie.duration.map { CMTime(value: $0, timescale: CMTimeScale(clamping: movie.timescale)) } ?? .indefinite
        return .success(Movie(duration: duration, tracks: movie.tracks.map(AVAssetTrack.init)))
    }

    /// The running time; `.invalid` when the file cannot be read or is no movie.
    open var duration: CMTime { readableMovie?.duration ?? .invalid }

    /// The tracks; none when the file cannot be read or is no movie.
    open var tracks: [AVAssetTrack] { readableMovie?.tracks ?? [] }

    /// The tracks holding `mediaType`.
    open func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    /// `property`, loaded: throws the error reading the file gave.
    public func load<Value>(_ property: AVAsyncProperty<AVAsset, Value>) async throws -> Value {
        try property.read(self)
    }

    /// Two properties, loaded.
    public func load<A, B>(
        _ first: AVAsyncProperty<AVAsset, A>, _ second: AVAsyncProperty<AVAsset, B>
    ) async throws -> (A, B) {
        (try first.read(self), try second.read(self))
    }

    /// Three properties, loaded.
    public func load<A, B, C>(
        _ first: AVAsyncProperty<AVAsset, A>, _ second: AVAsyncProperty<AVAsset, B>,
        _ third: AVAsyncProperty<AVAsset, C>
    ) async throws -> (A, B, C) {
        (try first.read(self), try second.read(self), try third.read(self))
    }

    /// The tracks holding `mediaType`, loaded.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
        try movie().tracks.filter { $0.mediaType == mediaType }
    }
}

/// An asset of a URL, as AVFoundation's; `options` are not read.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The asset at `url`.
    public init(url: URL, options: [String: Any]? = nil) { super.init(url: url) }

    /// Its URL.
    public var url: URL { assetURL }
}

/// The largest rectangle of `aspectRatio` that fits in `boundingRect`, centred in it, as AVFoundation's.
public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
    guard aspectRatio.width > 0, aspectRatio.height > 0 else { return CGRect(origin: boundingRect.origin, size: .zero) }
    let scale = min(boundingRect.width / aspectRatio.width, boundingRect.height / aspectRatio.height)
    let size = CGSize(width: aspectRatio.width * scale, height: aspectRatio.height * scale)
    return CGRect(
        x: boundingRect.midX - size.width / 2, y: boundingRect.midY - size.height / 2, width: size.width,
        height: size.height)
}
