import Testing

@testable import NSEBenchCore

@Suite("ElementaryFunctions")
struct ElementaryFunctionsTests {
    /// Whether `actual` is within `ulps` units in the last place of `expected`.
    private func close(_ actual: Double, _ expected: Double, ulps: Double = 4) -> Bool {
        abs(actual - expected) <= ulps * expected.magnitude.ulp
    }

    @Test(
        "logarithm matches reference values",
        arguments: [
            (1, 0), (2.718_281_828_459_045, 1), (10, 2.302_585_092_994_046), (0.5, -0.693_147_180_559_945_3),
            (1e-300, -690.775_527_898_213_7), (1e300, 690.775_527_898_213_7), (1.5, 0.405_465_108_108_164_4),
            (0x1p-1074, -744.440_071_921_381_3), (100, 4.605_170_185_988_092),
        ] as [(Double, Double)])
    func logarithm(x: Double, expected: Double) {
        #expect(close(naturalLog(x), expected), "log(\(x)) = \(naturalLog(x))")
    }

    @Test(
        "exponential matches reference values",
        arguments: [
            (0, 1), (1, 2.718_281_828_459_045), (-1, 0.367_879_441_171_442_33), (10, 22_026.465_794_806_718),
            (-20, 2.061_153_622_438_558e-09), (700, 1.014_232_054_735_004_9e+304), (0.5, 1.648_721_270_700_128_2),
        ] as [(Double, Double)])
    func exponential(x: Double, expected: Double) {
        #expect(close(NSEBenchCore.exponential(x), expected), "exp(\(x)) = \(NSEBenchCore.exponential(x))")
    }

    @Test func edgeCases() {
        #expect(naturalLog(0) == -.infinity)
        #expect(naturalLog(-1).isNaN)
        #expect(naturalLog(.infinity) == .infinity)
        #expect(NSEBenchCore.exponential(710) == .infinity)
        #expect(NSEBenchCore.exponential(-746) == 0)
        #expect(NSEBenchCore.exponential(709.7).isFinite)
        #expect(NSEBenchCore.exponential(-740) > 0)
    }

    @Test func logarithmAndExponentialInvertEachOther() {
        var x = -700.0
        while x < 700 {
            let roundTrip = naturalLog(NSEBenchCore.exponential(x))
            #expect(abs(roundTrip - x) <= 1e-13 * max(1, abs(x)), "x = \(x)")
            x += 3.7
        }
    }

    @Test(
        "normal quantile matches reference values",
        arguments: [
            (0.5, 0), (0.99, 2.326_347_874_040_840_8), (0.975, 1.959_963_984_540_054), (0.01, -2.326_347_874_040_840_8),
            (0.001, -3.090_232_306_167_813_5), (1e-6, -4.753_424_308_822_899), (0.841_344_746_068_542_9, 1),
            (0.999_999, 4.753_424_308_822_899),
        ] as [(Double, Double)])
    func normalQuantile(p: Double, z: Double) {
        #expect(abs(standardNormalQuantile(p) - z) <= 1.2e-9 * max(1, abs(z)), "quantile(\(p))")
    }
}
