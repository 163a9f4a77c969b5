import Foundation

/// An MP4 file's boxes as a camera writes them: `ftyp`, a `moov` with `mvhd` and one track (`tkhd` with
/// its size and matrix, `mdia` with `hdlr`), then an empty `mdat`.
enum MovieBytes {
    /// A movie of `seconds` (timescale 600) with one track of `handler` (`vide`, `soun`), `width` ×
    /// `height`, turned a quarter when `portrait` (the matrix a phone held upright writes).
    /// `fragmented`: `mvhd` says 0 and `mvex`/`mehd` holds the duration; `unknown`: `mvhd` says all ones.
    static func mp4(
        seconds: Int, handler: String, width: Int, height: Int, portrait: Bool = false, fragmented: Bool = false,
        unknown: Bool = false
    ) -> [UInt8] {
        let ftyp = box("ftyp", Array("isom".utf8) + be(0x200) + Array("isomiso2mp41".utf8))
        let stored: UInt32 = unknown ? 0xFFFF_FFFF : (fragmented ? 0 : UInt32(seconds * 600))
        let mvhd = box("mvhd", [0, 0, 0, 0] + be(0) + be(0) + be(600) + be(stored) + zeros(80))
        let mvex = fragmented ? box("mvex", box("mehd", [0, 0, 0, 0] + be(UInt32(seconds * 600)))) : []
        let one: UInt32 = 0x0001_0000
        let minusOne = UInt32(bitPattern: -0x0001_0000)
        let matrix =
            portrait
            ? be(0) + be(one) + be(0) + be(minusOne) + be(0) + be(0) + be(UInt32(height) << 16) + be(0)
                + be(0x4000_0000)
            : be(one) + be(0) + be(0) + be(0) + be(one) + be(0) + be(0) + be(0) + be(0x4000_0000)
        var tkhd: [UInt8] = [0, 0, 0, 3] + be(0) + be(0) + be(1) + be(0) + be(UInt32(seconds * 600))
        tkhd += zeros(16) + matrix + be(UInt32(width) << 16) + be(UInt32(height) << 16)
        let hdlr = box("hdlr", [0, 0, 0, 0] + be(0) + Array(handler.utf8) + zeros(12) + [0])
        let trak = box("trak", box("tkhd", tkhd) + box("mdia", hdlr))
        return ftyp + box("moov", mvhd + mvex + trak) + box("mdat", [])
    }

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    private static func be(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
}
