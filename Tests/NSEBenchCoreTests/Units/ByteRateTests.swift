import Testing

@testable import NSEBenchCore

@Suite("ByteRate")
struct ByteRateTests {
    @Test(
        "parses byte and bit units",
        arguments: [
            ("1MB/s", 1_000_000), ("100KB/s", 100_000), ("8Mbit/s", 1_000_000), ("256kbit/s", 32_000),
            ("2MiB/s", 2_097_152), ("10Mbps", 1_250_000), ("400kbps", 50_000), ("1.6Mbit/s", 200_000),
            ("1bit/s", 0.125), ("512B/s", 512), ("1gbit/s", 125_000_000), ("1.5 KB/s", 1_500),
        ] as [(String, Double)])
    func parses(text: String, bytesPerSecond: Double) throws {
        #expect(try ByteRate(parsing: text).bytesPerSecond == bytesPerSecond)
    }

    @Test func parsesUnlimited() throws {
        #expect(try ByteRate(parsing: "unlimited").isUnlimited)
        #expect(try ByteRate(parsing: " Unlimited ") == .unlimited)
        #expect(ByteRate(bytesPerSecond: 0) == .unlimited)
    }

    @Test(
        "refuses malformed text and names it",
        arguments: ["1MB", "0MB/s", "fast", "", "-1MB/s", "1furlong/s", "MB/s", "1e6B/s", "8Mbit"])
    func refuses(text: String) {
        let error = #expect(throws: ValueParseError.self) { try ByteRate(parsing: text) }
        #expect(error?.input == text)
        #expect(error?.description.contains("\"\(text)\"") == true)
        #expect(error?.description.contains("8Mbit/s") == true)
    }

    @Test func namesAMissingPerSecond() {
        let error = #expect(throws: ValueParseError.self) { try ByteRate(parsing: "1MB") }
        #expect(error?.reason == "the \"/s\" is missing")
    }

    @Test(
        "formats the shortest text",
        arguments: [
            (1_000_000, "1MB/s"), (32_000, "32KB/s"), (2_097_152, "2MiB/s"), (0.125, "1bit/s"), (200_000, "200KB/s"),
            (1_500, "1.5KB/s"), (.infinity, "unlimited"), (184_320, "180KiB/s"),
        ] as [(Double, String)])
    func formats(bytesPerSecond: Double, text: String) {
        #expect(ByteRate(bytesPerSecond: bytesPerSecond).description == text)
    }

    @Test(
        "round-trips through its description",
        arguments: ["1MB/s", "8Mbit/s", "256kbit/s", "1.6Mbit/s", "780kbit/s", "3.3kbit/s", "1.23456789MB/s", "7B/s"])
    func roundTrips(text: String) throws {
        let rate = try ByteRate(parsing: text)
        #expect(try ByteRate(parsing: rate.description) == rate)
    }

    @Test func roundTripsAwkwardValues() throws {
        for value in [1.0 / 3.0, 0.1, 12_345.678_9, 1e-3, 9_999_999.5] {
            let rate = ByteRate(bytesPerSecond: value)
            #expect(try ByteRate(parsing: rate.description) == rate, "\(value) -> \(rate.description)")
        }
    }
}
