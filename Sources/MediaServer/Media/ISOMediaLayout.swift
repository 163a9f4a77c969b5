/// MP4 and M4A (ISO base media file format): an `ftyp` box, then one `mdat` box whose 32-bit size
/// covers the rest of the file, its payload the shared block.
///
/// MP4's major brand is `isom` (compatible `isom`, `iso2`, `mp41`, `mp42`); M4A's is `M4A `
/// (compatible `M4A `, `mp42`, `isom`). There is no `moov` box, so players reject the file as
/// unplayable, but sniffing by magic bytes and box walking both work.
enum ISOMediaLayout {
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

    static func minimumSize(of type: MediaType) -> Int {
        fileTypeBox(for: type).count + 8
    }

    static func make(type: MediaType, size: Int) -> MediaLayout {
        var bytes = fileTypeBox(for: type)
        bytes.appendBigEndian(UInt32(size - bytes.count))
        bytes.appendASCII("mdat")
        return MediaLayout(header: bytes, pattern: .plain, phase: 0, middleCount: size - bytes.count, trailer: [])
    }
}
