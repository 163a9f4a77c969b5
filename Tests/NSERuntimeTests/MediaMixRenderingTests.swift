import NSEBenchCore
import Testing

@testable import NSERuntime

/// A media mix reads back from its description whatever its weights: a weight of many digits used to
/// be written as `3.5555555555555554e+71`, which the parser refuses (found by Fuzz/run.sh, target values).
@Suite("Media mix rendering")
struct MediaMixRenderingTests {
    @Test(arguments: [
        "a.jpg:50,b.png:2.5",
        "a.jpg:" + "35555555555555555555555555555555555555555555555555555555555555555555555" + ",b.png:1",
        "a.jpg:0.0000000000000000000001",
    ])
    func readsBackFromItsDescription(text: String) throws {
        let mix = try MediaMix(parsing: text)
        #expect(try MediaMix(parsing: mix.description) == mix)
    }

    @Test func writesOrdinaryWeightsAsBefore() throws {
        #expect(try MediaMix(parsing: "200KB.jpg:50,1MB.png:2.5").description == "200KB.jpg:50,1MB.png:2.5")
    }
}
