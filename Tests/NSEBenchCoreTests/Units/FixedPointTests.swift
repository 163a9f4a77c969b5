import Foundation
import NSEBenchCore
import Testing

@Suite("Fixed-point text")
struct FixedPointTests {
    @Test(arguments: [
        (12.3456, "12.346"), (0, "0.000"), (-0.5, "-0.500"), (1_000.0004, "1000.000"), (0.0005, "0.001"),
        (-0.0004, "0.000"), (27_665.629, "27665.629"), (1e-9, "0.000"),
    ])
    func writesThreePlaces(value: Double, expected: String) {
        #expect(FixedPoint.text(value, places: 3) == expected)
    }

    /// printf rounds the double's exact binary value; a tie in decimal (…5 exactly) may land either way,
    /// so ties may differ by one in the last place and nothing else may.
    @Test func agreesWithPrintfOnMeasuredValues() {
        var generator = Xoshiro256StarStar(seed: 42)
        for _ in 0..<20_000 {
            let nanoseconds = UInt64.random(in: 0...40_000_000_000, using: &generator)
            let value = Double(nanoseconds) / 1e6
            let ours = FixedPoint.text(value, places: 3)
            let printf = String(format: "%.3f", value)
            if nanoseconds % 1_000 == 500 {
                #expect(abs((Double(ours) ?? 0) - (Double(printf) ?? 0)) <= 0.0011, "\(value)")
            } else {
                #expect(ours == printf, "\(value)")
            }
        }
    }

    @Test func refusesWhatCannotBeWritten() {
        #expect(FixedPoint.text(.nan, places: 3) == "")
        #expect(FixedPoint.text(.infinity, places: 3) == "")
        #expect(FixedPoint.text(1e300, places: 3) == "")
        #expect(FixedPoint.text(1.5, places: 0) == "2")
        #expect(FixedPoint.text(1.5, places: 12) == "")
    }
}
