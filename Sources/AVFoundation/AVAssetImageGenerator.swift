internal import NSEBenchImages
import SimulatedDevice

/// Makes images of an asset's video frames, as AVFoundation's: a blank `CGImage` of the frame's size
/// (turned by the track's transform when ``appliesPreferredTrackTransform``, fitted in ``maximumSize``), its
/// bitmap allocated, as iOS holds the decoded frame. Nothing is decoded.
open class AVAssetImageGenerator: @unchecked Sendable {
    // @unchecked: its settings are plain values set before use, as AVFoundation's; the asset locks itself.

    /// How the frame's edges are taken: not simulated (the track's natural size is used).
    public struct ApertureMode: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let cleanAperture = ApertureMode(rawValue: "CleanAperture")
        public static let productionAperture = ApertureMode(rawValue: "ProductionAperture")
        public static let encodedPixels = ApertureMode(rawValue: "EncodedPixels")
    }

    /// The asset.
    public let asset: AVAsset
    /// Whether frames are turned by the track's preferred transform (a portrait video upright).
    open var appliesPreferredTrackTransform = false
    /// The largest size of a frame; `.zero` for the track's own.
    open var maximumSize = CGSize.zero
    /// How far before the time asked a frame may be.
    open var requestedTimeToleranceBefore = CMTime.positiveInfinity
    /// How far after the time asked a frame may be.
    open var requestedTimeToleranceAfter = CMTime.positiveInfinity
    /// How the frame's edges are taken (not simulated).
    open var apertureMode = ApertureMode.cleanAperture

    /// A generator of `asset`'s frames.
    public init(asset: AVAsset) { self.asset = asset }

    /// The frame at `requestedTime`, and the time it is at (`actualTime`). Throws when the file cannot be
    /// read or is no movie, when it has no video track (`-11838`, the operation is not supported for the
    /// asset), and for a time past the end with no tolerance after it (`-11832`, no image at the time).
    open func copyCGImage(at requestedTime: CMTime, actualTime: UnsafeMutablePointer<CMTime>?) throws -> CGImage {
        let (image, time) = try frame(at: requestedTime)
        actualTime?.pointee = time
        return image
    }

    /// ``copyCGImage(at:actualTime:)``, awaited.
    public func image(at time: CMTime) async throws -> (image: CGImage, actualTime: CMTime) {
        try frame(at: time)
    }

    /// The frame at `requestedTime`, to `handler` on another thread (iOS 16).
    open func generateCGImageAsynchronously(
        for requestedTime: CMTime,
        completionHandler handler: @escaping @Sendable (CGImage?, CMTime, (any Error)?) -> Void
    ) {
        DispatchQueue.global().async(
            execute: PhoneDispatch.carrying { [self] in
                do {
                    let (image, time) = try frame(at: requestedTime)
                    handler(image, time, nil)
                } catch {
                    handler(nil, .invalid, error)
                }
            })
    }

    /// Cancels frames not yet made: each is made at once here, so there are none.
    open func cancelAllCGImageGeneration() {}

    private func frame(at requestedTime: CMTime) throws -> (CGImage, CMTime) {
        let movie = try asset.movie()
        guard let track = movie.tracks.first(where: { $0.mediaType == .video }), track.naturalSize.width >= 1,
            track.naturalSize.height >= 1
        else {
            throw AVError(.operationNotSupportedForAsset, url: asset.assetURL)
        }
        guard requestedTime.isNumeric else {
            throw AVError(.noImageAtTime, url: asset.assetURL)
        }
        var time = requestedTime < .zero ? .zero : requestedTime
        if time > movie.duration {
            guard
                requestedTimeToleranceBefore.isPositiveInfinity || requestedTimeToleranceBefore >= time - movie.duration
            else {
                throw AVError(.noImageAtTime, url: asset.assetURL)
            }
            time = movie.duration
        }
        var size = track.naturalSize
        if appliesPreferredTrackTransform {
            let turned = size.applying(track.preferredTransform)
            size = CGSize(width: abs(turned.width), height: abs(turned.height))
        }
        // A side of zero leaves that side free, as UIKit's maximum sizes do.
        let bound = CGSize(
            width: maximumSize.width > 0 ? maximumSize.width : .greatestFiniteMagnitude,
            height: maximumSize.height > 0 ? maximumSize.height : .greatestFiniteMagnitude)
        if size.width > bound.width || size.height > bound.height {
            size = AVMakeRect(aspectRatio: size, insideRect: CGRect(origin: .zero, size: bound)).size
        }
        let width = max(1, Int(size.width.rounded()))
        let height = max(1, Int(size.height.rounded()))
        return (CGImage.blank(width: width, height: height), time)
    }
}
