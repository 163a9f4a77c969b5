/// What an MP4 or QuickTime file says of itself, read in place from its `moov` box without decoding
/// anything: its running time (`mvhd`) and its tracks (`tkhd`: size and transform; `hdlr`: video or sound).
///
/// ```swift
/// mp4Data.withUnsafeBytes { MovieFile(buffer: $0) }?.tracks.first?.handler  // "vide"
/// ```
package struct MovieFile: Sendable, Hashable {
    /// One track.
    package struct Track: Sendable, Hashable {
        /// The handler type: `vide`, `soun`, ...
        package let handler: String
        /// The track's width and height in pixels, before its transform (`tkhd`'s, 16.16 fixed point).
        package let width: Double
        package let height: Double
        /// The transform `a, b, c, d, tx, ty` (`tkhd`'s matrix).
        package let transform: [Double]
    }

    /// Parts of a second the duration counts in.
    package let timescale: Int
    /// The running time in ``timescale`` units: `mvhd`'s, or for a fragmented file whose `mvhd` says 0, the
    /// `mvex`/`mehd` fragment duration; nil when the file says it is unknown (all ones).
    package let duration: Int64?
    /// The tracks, in file order.
    package let tracks: [Track]

    /// The movie in the bytes of `buffer`; nil when they hold no `moov` box with a `mvhd`.
    package init?(buffer bytes: UnsafeRawBufferPointer) {
        guard let moov = Self.boxes(bytes, from: 0, to: bytes.count).first(where: { $0.type == "moov" }) else {
            return nil
        }
        let children = Self.boxes(bytes, from: moov.start, to: moov.end)
        guard let mvhd = children.first(where: { $0.type == "mvhd" }), mvhd.start + 4 <= mvhd.end else { return nil }
        let version = bytes[mvhd.start]
        let timing = mvhd.start + 4 + (version == 1 ? 16 : 8)
        guard timing + (version == 1 ? 12 : 8) <= mvhd.end else { return nil }
        timescale = Self.integer(bytes, timing, 4)
        let stored = Self.integer(bytes, timing + 4, version == 1 ? 8 : 4)
        let unknown = version == 1 ? -1 : 0xFFFF_FFFF
        if stored == unknown {
            duration = nil
        } else if stored == 0, let mvex = children.first(where: { $0.type == "mvex" }),
            let mehd = Self.boxes(bytes, from: mvex.start, to: mvex.end).first(where: { $0.type == "mehd" }),
            mehd.start + 4 + (bytes[mehd.start] == 1 ? 8 : 4) <= mehd.end
        {
            duration = Int64(Self.integer(bytes, mehd.start + 4, bytes[mehd.start] == 1 ? 8 : 4))
        } else {
            duration = Int64(stored)
        }
        tracks = children.filter { $0.type == "trak" }.compactMap { Self.track(bytes, $0) }
    }

    private static func track(_ bytes: UnsafeRawBufferPointer, _ trak: Box) -> Track? {
        let children = boxes(bytes, from: trak.start, to: trak.end)
        guard let tkhd = children.first(where: { $0.type == "tkhd" }), tkhd.start + 4 <= tkhd.end else { return nil }
        // Version and flags; times, track ID, reserved and duration (20 or 32 bytes); reserved, layer,
        // group, volume, reserved (16); the matrix (36); width and height (8).
        let matrix = tkhd.start + 4 + (bytes[tkhd.start] == 1 ? 32 : 20) + 16
        guard matrix + 44 <= tkhd.end else { return nil }
        let fixed = { (offset: Int) -> Double in Double(Int32(truncatingIfNeeded: integer(bytes, offset, 4))) / 65_536 }
        let transform =
            [fixed(matrix), fixed(matrix + 4), fixed(matrix + 12), fixed(matrix + 16)]
            + [fixed(matrix + 24), fixed(matrix + 28)]
        var handler = ""
        if let mdia = children.first(where: { $0.type == "mdia" }),
            let hdlr = boxes(bytes, from: mdia.start, to: mdia.end).first(where: { $0.type == "hdlr" }),
            hdlr.start + 12 <= hdlr.end
        {
            handler = String(decoding: bytes[hdlr.start + 8..<hdlr.start + 12], as: UTF8.self)
        }
        return Track(
            handler: handler, width: fixed(matrix + 36), height: fixed(matrix + 40), transform: transform)
    }

    /// A box: its type and its payload's bounds.
    struct Box {
        let type: String
        let start: Int
        let end: Int
    }

    /// The boxes from `start` to `end`: each a 32-bit size (1: a 64-bit size follows; 0: to the end) and a
    /// four-letter type; a size that does not fit ends the list.
    static func boxes(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> [Box] {
        var found: [Box] = []
        var index = start
        while index + 8 <= end {
            var size = integer(bytes, index, 4)
            var header = 8
            if size == 1 {
                guard index + 16 <= end else { break }
                size = integer(bytes, index + 8, 8)
                header = 16
            } else if size == 0 {
                size = end - index
            }
            guard size >= header, size <= end - index else { break }
            found.append(
                Box(
                    type: String(decoding: bytes[index + 4..<index + 8], as: UTF8.self), start: index + header,
                    end: index + size))
            index += size
        }
        return found
    }

    private static func integer(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int {
        bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
