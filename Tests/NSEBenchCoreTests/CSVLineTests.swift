import Foundation
import NSEBenchCore
import Testing

@Suite("CSV line")
struct CSVLineTests {
    /// A field to append, by the method that appends it.
    private enum Field {
        case string(String)
        case signed(Int64)
        case unsigned(UInt64)
        case fixed(Double, places: Int)
        case empty
    }

    private func text(_ fields: Field...) -> String {
        var line = CSVLine()
        for field in fields {
            switch field {
            case .string(let value): line.append(value)
            case .signed(let value): line.append(Int(value))
            case .unsigned(let value): line.append(value)
            case .fixed(let value, let places): line.appendFixedPoint(value, places: places)
            case .empty: line.appendEmpty()
            }
        }
        return String(decoding: line.finish(), as: UTF8.self)
    }

    @Test func fieldsAreSeparatedAndTheLineEndsInCRLF() {
        #expect(text(.string("a"), .empty, .signed(7)) == "a,,7\r\n")
        #expect(text(.empty) == "\r\n")
        #expect(text(.empty, .empty) == ",\r\n")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("cr\r", "\"cr\r\""), ("café 📷", "café 📷"), ("📷,é", "\"📷,é\""), ("\"\u{301}", "\"\"\"\u{301}\""),
    ])
    func stringsAreQuotedAsCSVWriterQuotesThem(field: String, encoded: String) {
        #expect(text(.string(field)) == encoded + "\r\n")
    }

    @Test(arguments: [0, 7, 10, 99, 100, 1_234_567_890, -1, -10, Int.max, Int.min])
    func integersAreWrittenAsStringWritesThem(value: Int) {
        #expect(text(.signed(Int64(value))) == String(value) + "\r\n")
    }

    @Test func unsignedExtremesAreWritten() {
        #expect(text(.unsigned(UInt64.max)) == "18446744073709551615\r\n")
        #expect(text(.signed(-9), .unsigned(200), .signed(Int64(Int.min))) == "-9,200,-9223372036854775808\r\n")
    }

    /// printf's digits for every number of places a field may have, values across the magnitudes a row
    /// holds; a decimal tie (…5 in the first dropped place) may round either way in binary, so those are
    /// left out.
    @Test func fixedPointAgreesWithPrintf() {
        var generator = Xoshiro256StarStar(seed: 7)
        for _ in 0..<3_000 {
            let micros = Int64.random(in: -40_000_000_000...40_000_000_000, using: &generator)
            let value = Double(micros) / 1e6
            for places in 0...5 where !Self.isTie(micros, places: places) {
                let written = text(.fixed(value, places: places))
                #expect(written == String(format: "%.\(places)f", value) + "\r\n", "\(value) to \(places) places")
            }
        }
    }

    /// Whether `micros` millionths rounded to `places` decimals is a tie (its dropped digits 5, 50, ...).
    private static func isTie(_ micros: Int64, places: Int) -> Bool {
        var divisor: Int64 = 1
        for _ in places..<6 { divisor *= 10 }
        return divisor > 1 && abs(micros) % divisor == divisor / 2
    }

    @Test func fixedPointFieldsOutsideWhatFitsAreEmpty() {
        #expect(text(.fixed(.nan, places: 3), .string("x")) == ",x\r\n")
        #expect(text(.fixed(-.infinity, places: 3)) == "\r\n")
        #expect(text(.fixed(1e300, places: 3)) == "\r\n")
        #expect(text(.fixed(1.5, places: 10)) == "\r\n")
        #expect(text(.fixed(-0.0004, places: 3)) == "0.000\r\n")
    }

    @Test func fixedPointFieldsArePadded() {
        #expect(text(.fixed(0.005, places: 3), .fixed(-2.04, places: 2)) == "0.005,-2.04\r\n")
    }
}
