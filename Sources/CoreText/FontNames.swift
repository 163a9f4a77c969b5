import Foundation

/// The names a font file gives its fonts, read from each font's `name` table as Core Text reads them: the
/// PostScript name (name 6), the full name (4) and the family (the typographic family, 16, else 1). A
/// TrueType or OpenType file holds one font; a collection (`ttcf`) several.
///
/// ```swift
/// let fonts = try FontNames.read(Data(contentsOf: URL(fileURLWithPath: "Staatliches-Regular.ttf")))
/// fonts.first?.postScriptName  // "Staatliches-Regular"
/// ```
package struct FontNames: Hashable, Sendable {
    package var postScriptName: String
    package var fullName: String
    package var family: String

    /// Why a file's fonts could not be read.
    package enum ReadError: Error, Sendable {
        /// Not a TrueType or OpenType font, nor a collection of them.
        case unrecognizedFormat
        /// A font whose tables are cut short or lack the names.
        case invalidFontData
    }

    /// The fonts of `data`, a font file.
    package static func read(_ data: Data) throws(ReadError) -> [FontNames] {
        let bytes = [UInt8](data)
        guard bytes.count >= 12 else { throw .unrecognizedFormat }
        let tag = Array(bytes[0..<4])
        if tag == Array("ttcf".utf8) {
            guard let count = bytes.u32(at: 8), count > 0, count < 1_000 else { throw .invalidFontData }
            var fonts: [FontNames] = []
            for index in 0..<Int(count) {
                guard let offset = bytes.u32(at: 12 + 4 * index) else { throw .invalidFontData }
                fonts.append(try font(in: bytes, at: Int(offset)))
            }
            return fonts
        }
        let versions: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8)]
        guard versions.contains(tag) else { throw .unrecognizedFormat }
        return [try font(in: bytes, at: 0)]
    }

    /// The names of the font whose table directory starts at `start`.
    private static func font(in bytes: [UInt8], at start: Int) throws(ReadError) -> FontNames {
        guard let tableCount = bytes.u16(at: start + 4) else { throw .invalidFontData }
        var nameTable: Int?
        for index in 0..<Int(tableCount) {
            let record = start + 12 + 16 * index
            guard record + 16 <= bytes.count else { throw .invalidFontData }
            if Array(bytes[record..<record + 4]) == Array("name".utf8) {
                nameTable = bytes.u32(at: record + 8).map(Int.init)
            }
        }
        guard let table = nameTable, let count = bytes.u16(at: table + 2), let stringsOffset = bytes.u16(at: table + 4)
        else { throw .invalidFontData }
        // Each name's best record: Windows Unicode in US English, then any Windows or Unicode one, then Mac Roman.
        var names: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<Int(count) {
            let record = table + 6 + 12 * index
            guard let platform = bytes.u16(at: record), let encoding = bytes.u16(at: record + 2),
                let language = bytes.u16(at: record + 4), let nameID = bytes.u16(at: record + 6),
                let length = bytes.u16(at: record + 8), let offset = bytes.u16(at: record + 10)
            else { throw .invalidFontData }
            guard [1, 4, 6, 16].contains(nameID) else { continue }
            let from = table + Int(stringsOffset) + Int(offset)
            guard from + Int(length) <= bytes.count else { throw .invalidFontData }
            let raw = Array(bytes[from..<from + Int(length)])
            // Windows in US English first, then Mac in English, then any other Windows or Unicode record,
            // then any other Mac one.
            let rank: Int
            let text: String
            switch (platform, encoding) {
            case (3, 0), (3, 1), (3, 10), (0, _):
                rank = platform == 3 && language == 0x409 ? 4 : 2
                let units = stride(from: 0, to: raw.count - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
                text = String(decoding: units, as: UTF16.self)
            case (1, 0):
                rank = language == 0 ? 3 : 1
                text = String(String.UnicodeScalarView(raw.map(macRoman)))
            default:
                continue
            }
            guard !text.isEmpty, rank > names[Int(nameID)]?.rank ?? 0 else { continue }
            names[Int(nameID)] = (rank, text)
        }
        guard let postScript = names[6]?.text, let family = names[16]?.text ?? names[1]?.text else {
            throw .invalidFontData
        }
        return FontNames(postScriptName: postScript, fullName: names[4]?.text ?? postScript, family: family)
    }
}

/// The character of a Mac OS Roman byte (Foundation on Linux reads some of the upper half wrongly: 0x8E is é).
private func macRoman(_ byte: UInt8) -> Unicode.Scalar {
    guard byte >= 0x80 else { return Unicode.Scalar(byte) }
    return upperMacRoman[Int(byte - 0x80)]
}

private let upperMacRoman: [Unicode.Scalar] = Array(
    "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u{A0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ"
        .unicodeScalars)

extension [UInt8] {
    /// The big-endian 16-bit number at `offset`; nil past the end.
    fileprivate func u16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        return UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    /// The big-endian 32-bit number at `offset`; nil past the end.
    fileprivate func u32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(self[offset + $1]) }
    }
}
