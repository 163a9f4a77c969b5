import Synchronization

/// The bitmap iOS decodes an image into to draw or re-encode it, 4 bytes a pixel, kept while the image
/// lives (as UIImage's backing store is): allocated and written here, so the worker's heap holds what a
/// phone's would, and the memory limit kills an extension that draws a photo too big for it, as jetsam
/// does. Nothing is decoded into it.
package final class DecodedBitmap: Sendable {
    /// The bitmap, allocated, written and freed only under the lock, and read by no one.
    private let state = Mutex<(pointer: UnsafeMutableRawPointer?, byteCount: Int)>((nil, 0))

    /// Beyond this an image is not decoded at all, as ImageIO refuses one too large to hold: 2 GiB.
    package static let largestByteCount = 2 << 30

    /// The bitmap's size in bytes; 0 until the image is first drawn or re-encoded.
    package var byteCount: Int { state.withLock { $0.byteCount } }

    /// Allocates and writes the bitmap of `width` × `height` pixels, once.
    package func decode(width: Int, height: Int) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Self.largestByteCount / 4 else { return }
        state.withLock { state in
            guard state.pointer == nil, pixels > 0 else { return }
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: pixels * 4, alignment: 16)
            pointer.initializeMemory(as: UInt8.self, repeating: 0, count: pixels * 4)
            state = (pointer, pixels * 4)
        }
    }

    /// An empty bitmap, allocated when the image is first decoded.
    package init() {}

    deinit { state.withLock { $0.pointer?.deallocate() } }
}
