/// MP4 and M4A (ISO base media file format): `ftyp`, a `moov` with one track, then one `mdat` box
/// whose 32-bit size covers the rest of the file: the track's media, then the shared block as
/// padding, which no sample points into.
///
/// MP4's major brand is `isom` (compatible `isom`, `iso2`, `mp41`, `mp42`); its track is video of
/// the shape's size, one frame a second, each frame the same flat-grey baseline JPEG
/// (``JPEGLayout``, Motion JPEG, sample entry `jpeg`). M4A's is `M4A ` (compatible `M4A `, `mp42`,
/// `isom`); its track is silence, 16-bit mono PCM at 8 kHz (sample entry `sowt`), in chunks of at
/// most a second. Every frame, and every whole second of sound, is the same bytes, so the sample
/// tables point them all at one copy: the media cost a frame or a second whatever the duration.
enum ISOMediaLayout {
    static let audioRate = 8_000

    static func fileTypeBox(for type: MediaType) -> [UInt8] {
        let brands: [StaticString] = type == .m4a ? ["M4A ", "mp42", "isom"] : ["isom", "iso2", "mp41", "mp42"]
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(16 + 4 * brands.count))
        bytes.appendASCII("ftyp")
        bytes.appendASCII(type == .m4a ? "M4A " : "isom")
        bytes.appendBigEndian(type == .m4a ? 0 : 0x200)  // minor version
        for brand in brands {
            bytes.appendASCII(brand)
        }
        return bytes
    }

    /// `ftyp`, `moov`, the `mdat` header for a file of `size` bytes, and the media.
    static func header(type: MediaType, size: Int, shape: MediaShape) -> [UInt8] {
        let media: [UInt8]
        if type == .m4a {
            let samples = Swift.min(audioRate, Swift.max(1, shape.durationMilliseconds * audioRate / 1_000))
            media = [UInt8](repeating: 0, count: 2 * samples)
        } else {
            media = JPEGLayout.header + JPEGLayout.image(width: shape.width, height: shape.height)
        }
        let ftyp = fileTypeBox(for: type)
        // The media's offset depends on the moov's size, which does not depend on the offset.
        let moovSize = movie(type: type, shape: shape, mediaOffset: 0, mediaSize: media.count).count
        let mediaOffset = ftyp.count + moovSize + 8
        var bytes = ftyp
        bytes += movie(type: type, shape: shape, mediaOffset: mediaOffset, mediaSize: media.count)
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: size - ftyp.count - moovSize))
        bytes.appendASCII("mdat")
        bytes += media
        return bytes
    }

    static func minimumSize(of type: MediaType, shape: MediaShape) -> Int {
        header(type: type, size: 0, shape: shape).count
    }

    static func make(type: MediaType, size: Int, shape: MediaShape) -> MediaLayout {
        let bytes = header(type: type, size: size, shape: shape)
        return MediaLayout(header: bytes, pattern: .plain, phase: 0, middleCount: size - bytes.count, trailer: [])
    }

    private static func movie(type: MediaType, shape: MediaShape, mediaOffset: Int, mediaSize: Int) -> [UInt8] {
        let audio = type == .m4a
        let duration = shape.durationMilliseconds
        let timescale = audio ? audioRate : 1_000
        let mediaDuration = audio ? Swift.max(1, duration * audioRate / 1_000) : duration
        var stbl: [UInt8] = []
        var sampleEntry: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1]  // reserved, data reference 1
        let chunks: Int
        if audio {
            sampleEntry += [0, 0, 0, 0, 0, 0, 0, 0]  // version 0, revision, vendor
            sampleEntry.appendBigEndian16(1)  // channels
            sampleEntry.appendBigEndian16(16)  // bits a sample
            sampleEntry += [0, 0, 0, 0]  // compression id, packet size
            sampleEntry.appendBigEndian(UInt32(audioRate) << 16)
            let perChunk = mediaSize / 2
            chunks = (mediaDuration + perChunk - 1) / perChunk
            let last = mediaDuration - (chunks - 1) * perChunk
            stbl += box("stsd", fullBox: 0, [0, 0, 0, 1] + box("sowt", sampleEntry))
            stbl += box("stts", fullBox: 0, be([1, mediaDuration, 1]))  // every sample lasts 1/8000 s
            let stscEntries = last == perChunk ? [[1, perChunk, 1]] : [[1, perChunk, 1], [chunks, last, 1]]
            stbl += box("stsc", fullBox: 0, be([stscEntries.count] + stscEntries.flatMap { $0 }))
            stbl += box("stsz", fullBox: 0, be([2, mediaDuration]))
        } else {
            sampleEntry += [UInt8](repeating: 0, count: 16)  // pre-defined, reserved
            sampleEntry.appendBigEndian16(shape.width)
            sampleEntry.appendBigEndian16(shape.height)
            sampleEntry += be([0x0048_0000, 0x0048_0000, 0])  // 72 dpi, reserved
            sampleEntry.appendBigEndian16(1)  // one frame a sample
            sampleEntry += [UInt8](repeating: 0, count: 32)  // compressor name
            sampleEntry += [0x00, 0x18, 0xFF, 0xFF]  // depth 24, pre-defined -1
            chunks = (duration + 999) / 1_000  // a frame a second, one frame a chunk
            let last = duration - (chunks - 1) * 1_000
            stbl += box("stsd", fullBox: 0, [0, 0, 0, 1] + box("jpeg", sampleEntry))
            let stts = last == 1_000 ? [[chunks, 1_000]] : [[chunks - 1, 1_000], [1, last]].filter { $0[0] > 0 }
            stbl += box("stts", fullBox: 0, be([stts.count] + stts.flatMap { $0 }))
            stbl += box("stsc", fullBox: 0, be([1, 1, 1, 1]))
            stbl += box("stsz", fullBox: 0, be([mediaSize, chunks]))
        }
        stbl += box("stco", fullBox: 0, be([chunks] + [Int](repeating: mediaOffset, count: chunks)))
        let mediaHeader =
            audio ? box("smhd", fullBox: 0, [0, 0, 0, 0]) : box("vmhd", fullBox: 1, [0, 0, 0, 0, 0, 0, 0, 0])
        let dinf = box("dinf", box("dref", fullBox: 0, be([1]) + box("url ", fullBox: 1, [])))
        let minf = box("minf", mediaHeader + dinf + box("stbl", stbl))
        let hdlr = box(
            "hdlr", fullBox: 0,
            be([0]) + Array((audio ? "soun" : "vide").utf8) + be([0, 0, 0]) + Array("nse-bench\0".utf8))
        let mdhd = box("mdhd", fullBox: 0, be([0, 0, timescale, mediaDuration]) + [0x55, 0xC4, 0, 0])  // "und"
        let mdia = box("mdia", mdhd + hdlr + minf)
        var tkhd = be([0, 0, 1, 0, duration, 0, 0]) + [0, 0, 0, 0]  // times, track 1, duration; layer, group
        tkhd += audio ? [0x01, 0x00, 0, 0] : [0, 0, 0, 0]  // volume, reserved
        tkhd += identityMatrix
        tkhd += be([audio ? 0 : shape.width << 16, audio ? 0 : shape.height << 16])
        let trak = box("trak", box("tkhd", fullBox: 3, tkhd) + mdia)
        var mvhd = be([0, 0, 1_000, duration, 0x0001_0000]) + [0x01, 0x00] + [UInt8](repeating: 0, count: 10)
        mvhd += identityMatrix
        mvhd += [UInt8](repeating: 0, count: 24) + be([2])  // pre-defined; next track 2
        return box("moov", box("mvhd", fullBox: 0, mvhd) + trak)
    }

    private static let identityMatrix = be([0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000])

    private static func be(_ values: [Int]) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in values {
            bytes.appendBigEndian(UInt32(truncatingIfNeeded: value))
        }
        return bytes
    }

    private static func box(_ type: String, fullBox flags: Int? = nil, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(8 + (flags == nil ? 0 : 4) + payload.count))
        bytes += Array(type.utf8)
        if let flags { bytes.appendBigEndian(UInt32(flags)) }  // version 0 and the flags
        return bytes + payload
    }
}
