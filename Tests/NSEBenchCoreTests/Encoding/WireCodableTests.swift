import NSEBenchCore
import Testing

/// A value of the shapes worker messages hold: nested values, optionals (absent and present), enums
/// with raw values, dictionaries, arrays of arrays, extreme integers and doubles.
private struct Sample: WireCodable, Hashable {
    var text: String
    var flag: Bool
    var signed: Int
    var unsigned: UInt64
    var ratio: Double
    var present: String?
    var absent: Int?
    var outcome: InvocationOutcome
    var byName: [String: Int]
    var nested: [[Int]]
    var optionals: [Int?]
    var enrichment: EnrichmentResult

    func write(to writer: inout WireWriter) {
        writer.write(text)
        writer.write(flag)
        writer.write(signed)
        writer.write(unsigned)
        writer.write(ratio)
        writer.write(present)
        writer.write(absent)
        writer.write(outcome)
        writer.write(byName)
        writer.write(nested)
        writer.write(optionals)
        writer.write(enrichment)
    }

    init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            text: try reader.read(), flag: try reader.read(), signed: try reader.read(), unsigned: try reader.read(),
            ratio: try reader.read(), present: try reader.read(), absent: try reader.read(),
            outcome: try reader.read(), byName: try reader.read(), nested: try reader.read(),
            optionals: try reader.read(), enrichment: try reader.read())
    }

    init(
        text: String, flag: Bool, signed: Int, unsigned: UInt64, ratio: Double, present: String?, absent: Int?,
        outcome: InvocationOutcome, byName: [String: Int], nested: [[Int]], optionals: [Int?],
        enrichment: EnrichmentResult
    ) {
        self.text = text
        self.flag = flag
        self.signed = signed
        self.unsigned = unsigned
        self.ratio = ratio
        self.present = present
        self.absent = absent
        self.outcome = outcome
        self.byName = byName
        self.nested = nested
        self.optionals = optionals
        self.enrichment = enrichment
    }
}

private let sample = Sample(
    text: "line one\nline two \u{1B} tab\t é 🙂", flag: true, signed: Int.min, unsigned: .max, ratio: -0.125e300,
    present: "", absent: nil, outcome: .expiredOriginal, byName: ["x": 1, "": 0, "negative": -300],
    nested: [[], [1, 2], [Int.max]], optionals: [1, nil, 3],
    enrichment: EnrichmentResult(requested: [.attachment, .decryptedText], delivered: [.attachment]))

private func bytes(of value: some WireCodable) -> [UInt8] {
    var writer = WireWriter()
    writer.write(value)
    return writer.bytes
}

private func decode<Value: WireCodable>(_ type: Value.Type, from bytes: [UInt8]) throws(WireFormatError) -> Value {
    var reader = WireReader(bytes)
    let value = try reader.read(type)
    guard reader.isAtEnd else { throw reader.failure("bytes after the value") }
    return value
}

@Suite struct WireCodableTests {
    @Test func aValueOfEveryShapeComesBackEqual() throws {
        #expect(try decode(Sample.self, from: bytes(of: sample)) == sample)
    }

    @Test func scalarsAndEmptyCollectionsComeBack() throws {
        #expect(try decode(Int.self, from: bytes(of: Int.min)) == Int.min)
        #expect(try decode(Int.self, from: bytes(of: Int.max)) == Int.max)
        #expect(try decode(UInt64.self, from: bytes(of: UInt64.max)) == .max)
        #expect(try decode(String.self, from: bytes(of: "")) == "")
        #expect(try decode([String].self, from: bytes(of: [String]())) == [])
        #expect(try decode([String: Int].self, from: bytes(of: [String: Int]())) == [:])
        #expect(try decode(Double.self, from: bytes(of: Double.nan)).isNaN)
        #expect(try decode(Double.self, from: bytes(of: -Double.infinity)) == -.infinity)
    }

    @Test func fieldsTakeOnlyTheirOwnBytes() {
        // No tags and no keys: small numbers are one byte, as are a Bool and a nil.
        #expect(bytes(of: 5) == [10])
        #expect(bytes(of: -1) == [1])
        #expect(bytes(of: UInt64(300)) == [0xAC, 0x02])
        #expect(bytes(of: true) == [1])
        #expect(bytes(of: Int?.none) == [0])
        #expect(bytes(of: "ab") == [2, 0x61, 0x62])
        #expect(bytes(of: InvocationOutcome.crashed) == [7] + Array("crashed".utf8))
    }

    @Test func aNumberWiderThan64BitsIsAnError() throws {
        #expect(throws: WireFormatError.self) { try decode(UInt64.self, from: Array(repeating: 0xFF, count: 10) + [1]) }
        #expect(throws: WireFormatError.self) { try decode(UInt64.self, from: Array(repeating: 0xFF, count: 9) + [2]) }
        #expect(try decode(UInt64.self, from: Array(repeating: 0xFF, count: 9) + [1]) == .max)
    }

    @Test func anUnknownCaseOrFlagIsAnErrorNamingIt() {
        #expect {
            try decode(InvocationOutcome.self, from: bytes(of: "exploded"))
        } throws: { error in
            (error as? WireFormatError)?.reason == "no InvocationOutcome is named \"exploded\""
        }
        #expect(throws: WireFormatError.self) { try decode(Bool.self, from: [2]) }
        #expect(throws: WireFormatError.self) { try decode(String?.self, from: [7]) }
    }

    @Test func aCountPastTheEndIsAnErrorNotAnAllocation() {
        // A count of 2^62 elements: refused before any buffer is reserved.
        var writer = WireWriter()
        writer.varint(1 << 62)
        #expect {
            try decode([Int].self, from: writer.bytes)
        } throws: { error in
            (error as? WireFormatError)?.offset == writer.bytes.count
        }
    }

    @Test func aKeyTwiceIsAnError() {
        // Two entries, both "a".
        #expect(throws: WireFormatError.self) { try decode([String: Int].self, from: [2, 1, 0x61, 2, 1, 0x61, 4]) }
    }

    @Test func everyTruncationIsAnErrorNotATrap() {
        let whole = bytes(of: sample)
        for count in 0..<whole.count {
            #expect(throws: WireFormatError.self) { try decode(Sample.self, from: Array(whole[..<count])) }
        }
    }

    @Test func corruptedBytesAreErrorsOrValuesNotTraps() {
        let whole = bytes(of: sample)
        // Every byte set to every value that could mislead the reader (flags, counts, varint bits).
        var failures = 0
        for index in whole.indices {
            for value: UInt8 in [0, 1, 2, 7, 0x7F, 0x80, 0xFF] where value != whole[index] {
                var corrupted = whole
                corrupted[index] = value
                do {
                    _ = try decode(Sample.self, from: corrupted)
                } catch {
                    failures += 1
                }
            }
        }
        #expect(failures > 0)
    }
}

@Suite struct LineStuffingTests {
    @Test func everyByteValueComesBackAndNoNewlineRemains() throws {
        let bytes = (0..<1024).map { UInt8(truncatingIfNeeded: $0 * 7) } + [0x0A, 0x1B, 0x0A, 0x1B, 0x01, 0x02]
        var line: [UInt8] = [0x01]
        LineStuffing.stuff(bytes, into: &line)
        #expect(!line.contains(0x0A))
        #expect(line.first == 0x01)
        #expect(LineStuffing.unstuff(line.dropFirst()) == bytes)
    }

    @Test func malformedStuffingIsNil() {
        #expect(LineStuffing.unstuff([0x41, 0x1B]) == nil)  // an escape at the end
        #expect(LineStuffing.unstuff([0x1B, 0x03]) == nil)  // an unknown escape
        #expect(LineStuffing.unstuff([0x41, 0x0A]) == nil)  // a raw newline
        #expect(LineStuffing.unstuff([UInt8]()) == [])
    }
    @Test func aPrefixIsUnstuffedWithoutReadingWhatFollows() {
        // 0x0A stuffed, 0x41, then an unknown escape: the first two bytes read, the whole line does not.
        let line: [UInt8] = [0x1B, 0x01, 0x41, 0x1B, 0x03]
        #expect(LineStuffing.unstuff(line[...], upTo: 1) == [0x0A])
        #expect(LineStuffing.unstuff(line[...], upTo: 2) == [0x0A, 0x41])
        #expect(LineStuffing.unstuff(line[...], upTo: 3) == nil)
        #expect(LineStuffing.unstuff(line) == nil)
        #expect(LineStuffing.unstuff([0x41][...], upTo: 5) == [0x41], "a line shorter than the limit is all of it")
    }

    /// Stuffing as the format defines it, one byte at a time.
    static func referenceStuffing(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { $0 == 0x0A ? [0x1B, 0x01] : $0 == 0x1B ? [0x1B, 0x02] : [$0] }
    }

    /// Unstuffing as the format defines it, one byte at a time, up to `limit` bytes.
    static func referenceUnstuffing(_ line: [UInt8], upTo limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = 0
        while index < line.count, bytes.count < limit {
            switch line[index] {
            case 0x0A: return nil
            case 0x1B:
                guard index + 1 < line.count, [0x01, 0x02].contains(line[index + 1]) else { return nil }
                bytes.append(line[index + 1] == 0x01 ? 0x0A : 0x1B)
                index += 2
            default:
                bytes.append(line[index])
                index += 1
            }
        }
        return bytes
    }

    /// Runs are copied whole: the same bytes as the one-at-a-time definition, for runs of every length
    /// between escapes and newlines, limits inside, at and after an escape, and lines that are not stuffed.
    @Test func runsCopiedWholeGiveWhatTheDefinitionGives() {
        var generator = SystemRandomNumberGenerator()
        let special: [UInt8] = [0x0A, 0x1B, 0x01, 0x02]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...80, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? special.randomElement(using: &generator)! : UInt8.random(in: 0...255)
            }
            var line: [UInt8] = []
            LineStuffing.stuff(bytes, into: &line)
            #expect(line == Self.referenceStuffing(bytes))
            for limit in [0, 1, count / 2, count, count + 3, Int.max] {
                #expect(LineStuffing.unstuff(line[...], upTo: limit) == Self.referenceUnstuffing(line, upTo: limit))
                // The same bytes as a line that may not be stuffed at all.
                #expect(LineStuffing.unstuff(bytes[...], upTo: limit) == Self.referenceUnstuffing(bytes, upTo: limit))
            }
        }
    }
}
