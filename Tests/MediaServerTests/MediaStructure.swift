import Testing

@testable import MediaServer

/// Reads a synthetic file's bytes at offsets, without materialising it: structure walkers for every
/// type, independent of the layouts that wrote them.
struct MediaReader {
    let file: SyntheticMediaFile

    func bytes(_ offset: Int, _ count: Int) -> [UInt8] {
        file.bytes(in: offset..<(offset + count))
    }

    func byte(_ offset: Int) -> UInt8 {
        bytes(offset, 1).first ?? 0
    }

    func bigEndian32(_ offset: Int) -> Int {
        bytes(offset, 4).reduce(0) { $0 << 8 | Int($1) }
    }

    func bigEndian16(_ offset: Int) -> Int {
        bytes(offset, 2).reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndian32(_ offset: Int) -> Int {
        bytes(offset, 4).reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    func ascii(_ offset: Int, _ count: Int) -> String {
        String(decoding: bytes(offset, count), as: UTF8.self)
    }

    /// Walks the structure of the file's type, recording an issue for every inconsistency.
    func validate(checkingCRC: Bool) {
        switch file.type {
        case .jpeg: validateJPEG()
        case .png: validatePNG(checkingCRC: checkingCRC)
        case .gif: validateGIF()
        case .mp4: validateISO(majorBrand: "isom")
        case .m4a: validateISO(majorBrand: "M4A ")
        case .mp3: validateMP3()
        case .wav: validateWAV()
        }
    }

    private func validateJPEG() {
        #expect(bytes(0, 4) == [0xFF, 0xD8, 0xFF, 0xE0])
        #expect(ascii(6, 5) == "JFIF\0")
        #expect(bytes(file.size - 2, 2) == [0xFF, 0xD9])
        var position = 2
        var markers: [UInt8] = []
        while position < file.size {
            guard byte(position) == 0xFF else {
                Issue.record("no marker at \(position) of \(file.size)")
                return
            }
            while byte(position + 1) == 0xFF {
                position += 1  // fill byte
            }
            let marker = byte(position + 1)
            markers.append(marker)
            if marker == 0xD9 {
                position += 2
                break
            }
            let length = bigEndian16(position + 2)
            #expect(length >= 2)
            position += 2 + length
            if marker == 0xDA {
                while position < file.size, byte(position) != 0xFF {
                    position += 1  // entropy-coded data: zero bits and the padded last byte
                }
            }
        }
        #expect(position == file.size)
        #expect(markers.first == 0xE0)
        #expect(Array(markers.suffix(6)) == [0xDB, 0xC0, 0xC4, 0xC4, 0xDA, 0xD9])
        #expect(markers.dropFirst().dropLast(6).allSatisfy { $0 == 0xFE })
    }

    private func validatePNG(checkingCRC: Bool) {
        #expect(bytes(0, 8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var position = 8
        var types: [String] = []
        while position < file.size {
            let length = bigEndian32(position)
            let type = ascii(position + 4, 4)
            types.append(type)
            if checkingCRC {
                let crc = bigEndian32(position + 8 + length)
                #expect(UInt32(crc) == referenceCRC32(bytes(position + 4, 4 + length)), "CRC of \(type)")
            }
            position += 12 + length
        }
        #expect(position == file.size)
        #expect(types == ["IHDR", "IDAT", "fiLl", "IEND"])
        #expect(bytes(file.size - 12, 12) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    private func validateGIF() {
        #expect(ascii(0, 6) == "GIF89a")
        #expect(byte(file.size - 1) == 0x3B)
        var position = 13 + 6  // header, screen descriptor, 2-colour table
        var blocks: [UInt8] = []
        while position < file.size {
            let introducer = byte(position)
            blocks.append(introducer)
            switch introducer {
            case 0x21:
                position += 2
            case 0x2C:
                position += 11  // descriptor and LZW minimum code size
            case 0x3B:
                position += 1
                continue
            default:
                Issue.record("unexpected block 0x\(String(introducer, radix: 16)) at \(position)")
                return
            }
            while true {
                let count = Int(byte(position))
                position += 1 + count
                if count == 0 { break }
            }
        }
        #expect(position == file.size)
        #expect(blocks == [0x21, 0x2C, 0x3B])
    }

    private func validateISO(majorBrand: String) {
        #expect(ascii(4, 4) == "ftyp")
        #expect(ascii(8, 4) == majorBrand)
        var position = 0
        var types: [String] = []
        while position < file.size {
            let size = bigEndian32(position)
            types.append(ascii(position + 4, 4))
            #expect(size >= 8)
            position += size
        }
        #expect(position == file.size)
        #expect(types == ["ftyp", "moov", "mdat"])
    }

    private func validateMP3() {
        #expect(ascii(0, 3) == "ID3")
        #expect(bytes(3, 2) == [4, 0])
        let tagSize = bytes(6, 4).reduce(0) { $0 << 7 | Int($1) }
        #expect(ascii(10, 4) == "TSSE")
        var position = 10 + tagSize
        var frames = 0
        while position < file.size {
            #expect(bytes(position, 4) == [0xFF, 0xFB, 0x98, 0xC4], "frame header at \(position)")
            position += 576
            frames += 1
        }
        #expect(position == file.size)
        #expect(frames >= 1)
    }

    private func validateWAV() {
        #expect(ascii(0, 4) == "RIFF")
        #expect(littleEndian32(4) + 8 == file.size)
        #expect(ascii(8, 8) == "WAVEfmt ")
        #expect(littleEndian32(16) == 16)
        #expect(ascii(36, 4) == "data")
        #expect(littleEndian32(40) + 44 == file.size)
    }
}

/// Bit-by-bit CRC-32, independent of the table-driven one under test.
func referenceCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
        }
    }
    return ~crc
}
