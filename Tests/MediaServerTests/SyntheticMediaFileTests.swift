import NSEBenchCore
import Testing

@testable import MediaServer

@Suite("Synthetic media: magic bytes, structure, ranges, sizes")
struct SyntheticMediaFileTests {
    /// Sizes around every structural boundary: the minimum and a few bytes above it (every
    /// remainder class of the padding), around one and two pattern blocks, and typical sizes.
    static func sizes(for type: MediaType) -> [Int] {
        let minimum = SyntheticMediaFile.minimumSize(of: type)
        let offsets = [0, 1, 2, 3, 4, 5, 255, 256, 257, 575, 576, 577, 65_535, 65_536, 65_537, 65_540, 131_075]
        return offsets.map { minimum + $0 } + [2_000, 200_000, 1_500_000]
    }

    static let types = MediaType.allCases

    @Test(arguments: types)
    func structureIsValidAtEverySize(type: MediaType) throws {
        for size in Self.sizes(for: type) {
            let file = try SyntheticMediaFile(type: type, size: size)
            #expect(file.size == size)
            #expect(!file.isTruncated)
            #expect(file.bytes(in: 0..<size).count == size, "size \(size)")
            MediaReader(file: file).validate(checkingCRC: size <= 300_000)
        }
    }

    @Test(arguments: types)
    func fiftyMegabytesHaveConsistentStructureWithoutAllocatingThem(type: MediaType) throws {
        let size = 50_000_000
        let file = try SyntheticMediaFile(type: type, size: size)
        MediaReader(file: file).validate(checkingCRC: false)
        #expect(file.bytes(in: (size - 10)..<(size + 10)).count == 10)
    }

    @Test func twoHundredMegabytesAndTheMaximumAreRepresentable() throws {
        for type in MediaType.allCases {
            let file = try SyntheticMediaFile(type: type, size: 200_000_000)
            #expect(file.bytes(in: 0..<4) == (try SyntheticMediaFile(type: type, size: 10_000)).bytes(in: 0..<4))
        }
        let largest = try SyntheticMediaFile(type: .mp4, size: SyntheticMediaFile.maximumSize)
        MediaReader(file: largest).validate(checkingCRC: false)
        #expect(throws: SyntheticMediaError.sizeOutOfRange(SyntheticMediaFile.maximumSize + 1)) {
            try SyntheticMediaFile(type: .jpeg, size: SyntheticMediaFile.maximumSize + 1)
        }
        #expect(throws: SyntheticMediaError.sizeOutOfRange(-1)) {
            try SyntheticMediaFile(type: .jpeg, size: -1)
        }
    }

    @Test func largePNGPaddingCRCIsCorrect() throws {
        // Three whole blocks and a remainder: the repeated-block CRC against a bit-by-bit one.
        let file = try SyntheticMediaFile(type: .png, size: 3 * 65_536 + 1234)
        MediaReader(file: file).validate(checkingCRC: true)
    }

    static let magic: [(MediaType, [UInt8])] = [
        (.jpeg, [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]),
        (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
        (.gif, Array("GIF89a".utf8)),
        (.mp4, [0, 0, 0, 32] + Array("ftypisom".utf8)),
        (.m4a, [0, 0, 0, 28] + Array("ftypM4A ".utf8)),
        (.mp3, Array("ID3".utf8) + [4, 0]),
        (.wav, Array("RIFF".utf8)),
    ]

    @Test(arguments: magic)
    func startsWithItsMagicBytes(type: MediaType, prefix: [UInt8]) throws {
        for size in [SyntheticMediaFile.minimumSize(of: type), 1_000_000] {
            let file = try SyntheticMediaFile(type: type, size: size)
            #expect(file.bytes(in: 0..<prefix.count) == prefix)
        }
    }

    @Test(arguments: types)
    func smallerSizesAreTruncatedPrefixesOfTheMinimumFile(type: MediaType) throws {
        let minimum = SyntheticMediaFile.minimumSize(of: type)
        let whole = try SyntheticMediaFile(type: type, size: minimum, shape: .standard).bytes(in: 0..<minimum)
        for size in [0, 1, 2, minimum / 2, minimum - 1] {
            let file = try SyntheticMediaFile(type: type, size: size, shape: .standard)
            #expect(file.isTruncated)
            #expect(file.bytes(in: 0..<size) == Array(whole.prefix(size)))
            #expect(file.bytes(in: 0..<(size + 100)).count == size)
        }
    }

    @Test(arguments: types)
    func anyRangeEqualsTheSameSliceOfTheWhole(type: MediaType) throws {
        let size = SyntheticMediaFile.minimumSize(of: type) + 2 * 65_536 + 777
        let file = try SyntheticMediaFile(type: type, size: size)
        let whole = MediaLayout.make(type: type, size: size, shape: .standard).materialised()
        #expect(whole.count == size)
        #expect(file.bytes(in: 0..<size) == whole)
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        for _ in 0..<200 {
            let start = next(size)
            let count = next(3) == 0 ? next(70_000) : next(600)
            #expect(file.bytes(in: start..<(start + count)) == Array(whole[start..<min(start + count, size)]))
        }
        // Byte-at-a-time copies over both ends.
        for offset in Array(0..<300) + Array((size - 300)..<size) {
            #expect(file.bytes(in: offset..<(offset + 1)) == [whole[offset]])
        }
    }

    @Test func copyBytesReportsWhatItCopied() throws {
        let file = try SyntheticMediaFile(type: .gif, size: 1000)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
        defer { buffer.deallocate() }
        #expect(file.copyBytes(offset: 0, into: buffer) == 64)
        #expect(Array(buffer) == file.bytes(in: 0..<64))
        #expect(file.copyBytes(offset: 990, into: buffer) == 10)
        #expect(file.copyBytes(offset: 1000, into: buffer) == 0)
        #expect(file.copyBytes(offset: -5, into: buffer) == 0)
    }

    @Test func contiguousRunsFollowTheLayout() throws {
        let file = try SyntheticMediaFile(type: .mp4, size: 200_000)
        let headerCount = ISOMediaLayout.header(type: .mp4, size: 200_000, shape: .standard).count
        let headerRun = file.withContiguousBytes(at: 0, maxCount: .max) { $0.count }
        #expect(headerRun == headerCount)  // ftyp, moov, mdat header, one frame
        let middleRun = file.withContiguousBytes(at: headerCount, maxCount: .max) { $0.count }
        #expect(middleRun == 65_536)
        #expect(file.withContiguousBytes(at: 50, maxCount: 7) { $0.count } == 7)
        #expect(file.withContiguousBytes(at: 200_000, maxCount: 7) { $0.count } == 0)
    }

    @Test(arguments: types)
    func identicalRequestsGetIdenticalBytes(type: MediaType) throws {
        let one = try SyntheticMediaFile(type: type, size: 123_457)
        let two = try SyntheticMediaFile(type: type, size: 123_457)
        #expect(one == two)
        #expect(one.bytes(in: 0..<123_457) == two.bytes(in: 0..<123_457))
    }

    @Test func fillerNeverHoldsAMarkerByte() {
        #expect(!FillerPattern.plain.bytes.contains(0xFF))
        #expect(FillerPattern.plain.bytes.count == 65_536)
        #expect(FillerPattern.mp3Frames.bytes.count % 576 == 0)
    }

    @Test func crc32MatchesKnownValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        let block = FillerPattern.plain.bytes
        let repeated = CRC32.update(0xFFFF_FFFF, repeating: block, count: 3)
        #expect(~repeated == referenceCRC32(block + block + block))
    }
}
