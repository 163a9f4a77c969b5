import NSEBenchCore
import Testing

/// Values of the shapes worker messages hold: nested structs, optionals, enums with associated values,
/// dictionaries keyed by strings, integers and enums, arrays, every integer width and extreme values.
private struct Sample: Codable, Hashable {
    enum Kind: String, Codable, CodingKeyRepresentable { case first, second }
    enum Event: Codable, Hashable {
        case started(at: UInt64)
        case failed(reason: String, code: Int32)
        case idle
    }
    struct Inner: Codable, Hashable {
        var name: String
        var values: [Double]
        var missing: Int?
    }

    var text: String
    var flag: Bool
    var signed: Int
    var small: Int8
    var wide: Int64
    var unsigned: UInt64
    var narrow: UInt16
    var ratio: Double
    var float: Float
    var optionalPresent: String?
    var optionalAbsent: String?
    var inner: Inner
    var inners: [Inner]
    var events: [Event]
    var byKind: [Kind: String]
    var byName: [String: Int]
    var byNumber: [Int: Bool]
    var nested: [[Int]]
    var optionals: [Int?]
}

private let sample = Sample(
    text: "line one\nline two \u{1B} tab\t é 🙂", flag: true, signed: -42, small: .min, wide: .min,
    unsigned: .max, narrow: 65_535, ratio: -0.125e300, float: 1.5, optionalPresent: "", optionalAbsent: nil,
    inner: Sample.Inner(name: "inner", values: [0, -1.5, .infinity], missing: nil),
    inners: [Sample.Inner(name: "a", values: [], missing: 7), Sample.Inner(name: "", values: [2], missing: nil)],
    events: [.started(at: 1_000_000_000_123), .failed(reason: "timed out", code: -3), .idle],
    byKind: [.first: "1", .second: "2"], byName: ["x": 1, "": 0], byNumber: [3: true, -4: false],
    nested: [[], [1, 2], [Int.max]], optionals: [1, nil, 3])

@Suite struct CompactCodingTests {
    @Test func aValueOfEveryShapeComesBackEqual() throws {
        let bytes = try CompactEncoder().encode(sample)
        #expect(try CompactDecoder().decode(Sample.self, from: bytes) == sample)
    }

    @Test func topLevelScalarsAndEmptyContainersComeBack() throws {
        #expect(try CompactDecoder().decode(Int.self, from: CompactEncoder().encode(Int.min)) == Int.min)
        #expect(try CompactDecoder().decode(String.self, from: CompactEncoder().encode("")) == "")
        #expect(try CompactDecoder().decode([String].self, from: CompactEncoder().encode([String]())) == [])
        #expect(try CompactDecoder().decode([String: Int].self, from: CompactEncoder().encode([String: Int]())) == [:])
        let nan = try CompactDecoder().decode(Double.self, from: CompactEncoder().encode(Double.nan))
        #expect(nan.isNaN)
    }

    @Test func integersTakeTheirVarintBytes() throws {
        // tag + one varint byte for small numbers: the point of the format.
        #expect(try CompactEncoder().encode(5) == [3, 10])
        #expect(try CompactEncoder().encode(UInt64(300)) == [4, 0xAC, 0x02])
        #expect(try CompactEncoder().encode(true) == [2])
    }

    @Test func aNumberThatDoesNotFitTheTypeAskedForIsAnError() throws {
        let bytes = try CompactEncoder().encode(300)
        #expect(throws: DecodingError.self) { try CompactDecoder().decode(UInt8.self, from: bytes) }
        let negative = try CompactEncoder().encode(-1)
        #expect(throws: DecodingError.self) { try CompactDecoder().decode(UInt.self, from: negative) }
    }

    @Test func aTypeMismatchIsAnError() throws {
        let bytes = try CompactEncoder().encode("text")
        #expect(throws: DecodingError.self) { try CompactDecoder().decode(Int.self, from: bytes) }
        #expect(throws: DecodingError.self) { try CompactDecoder().decode(Sample.self, from: bytes) }
    }

    @Test func aMissingKeyIsKeyNotFound() throws {
        struct Small: Codable { var text: String }
        let bytes = try CompactEncoder().encode(Small(text: "x"))
        #expect {
            try CompactDecoder().decode(Sample.self, from: bytes)
        } throws: { error in
            guard case DecodingError.keyNotFound = error else { return false }
            return true
        }
    }

    @Test func everyTruncationAndTrailingBytesAreErrorsNotTraps() throws {
        let bytes = try CompactEncoder().encode(sample)
        for count in 0..<bytes.count {
            #expect(throws: DecodingError.self) {
                try CompactDecoder().decode(Sample.self, from: Array(bytes[..<count]))
            }
        }
        #expect(throws: DecodingError.self) { try CompactDecoder().decode(Sample.self, from: bytes + [0]) }
    }

    @Test func corruptedBytesAreErrorsNotTraps() throws {
        let bytes = try CompactEncoder().encode(sample)
        // Every byte set to every value that could mislead the decoder (tags, lengths, varint bits).
        for index in bytes.indices {
            for value: UInt8 in [0, 7, 8, 9, 0x7F, 0x80, 0xFF] where value != bytes[index] {
                var corrupted = bytes
                corrupted[index] = value
                _ = try? CompactDecoder().decode(Sample.self, from: corrupted)
            }
        }
        #expect(throws: DecodingError.self) {
            try CompactDecoder().decode(Int.self, from: [3] + Array(repeating: 0xFF, count: 11))
        }
    }

    @Test func aContainerWrittenOutOfOrderIsAnErrorNotWrongBytes() {
        struct OutOfOrder: Encodable {
            enum Keys: String, CodingKey { case a, b, c }
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.container(keyedBy: Keys.self)
                var first = outer.nestedContainer(keyedBy: Keys.self, forKey: .a)
                var second = outer.nestedContainer(keyedBy: Keys.self, forKey: .b)
                try second.encode(1, forKey: .c)
                try first.encode(2, forKey: .c)  // after a later sibling was opened
            }
        }
        #expect(throws: EncodingError.self) { try CompactEncoder().encode(OutOfOrder()) }
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
        struct Nothing: Codable, Equatable {}
        struct Holder: Codable, Equatable {
            var nothing: Nothing
            var after: Int
        }
        let bytes = try CompactEncoder().encode(Holder(nothing: Nothing(), after: 3))
        #expect(try CompactDecoder().decode(Holder.self, from: bytes) == Holder(nothing: Nothing(), after: 3))
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
}
