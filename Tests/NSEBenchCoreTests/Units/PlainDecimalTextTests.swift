import Testing

@testable import NSEBenchCore

/// Weights and shapes are written without an exponent, because their parsers read only digits and a
/// point: a value too large or too small for fixed-point digits used to fall back to Swift's
/// `3.5e+71`, which the parser then refused (found by Fuzz/run.sh, target values).
@Suite("plain decimal text")
struct PlainDecimalTextTests {
    @Test(arguments: [
        (2.0, "2"), (0.5, "0.5"), (1e19, "10000000000000000000"),
        (3.5555555555555554e+71, "35555555555555554" + String(repeating: "0", count: 55)),
        (1e-18, "0.000000000000000001"), (1.25e-20, "0.0000000000000000000125"),
    ])
    func neverUsesAnExponentAndReadsBack(value: Double, text: String) {
        #expect(plainDecimalText(value) == text)
        #expect(Double(plainDecimalText(value)) == value)
    }

    @Test(arguments: ["pareto:scale=1ms,shape=10000000000000000000", "pareto:scale=1ms,shape=0.000000000000000001"])
    func aParetoShapeOfAnySizeReadsBackFromItsDescription(text: String) throws {
        let distribution = try LatencyDistribution(parsing: text)
        #expect(try LatencyDistribution(parsing: distribution.description) == distribution)
    }
}
