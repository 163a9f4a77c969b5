import Testing

@testable import NSEBenchCore

@Suite("ByteCount")
struct ByteCountTests {
    @Test(
        "parses decimal and binary units",
        arguments: [
            ("200KB", 200_000), ("8MB", 8_000_000), ("1.5MB", 1_500_000), ("512B", 512), ("1GB", 1_000_000_000),
            ("1KiB", 1_024), ("2MiB", 2_097_152), ("1.5KiB", 1_536), ("1TB", 1_000_000_000_000),
            ("1GiB", 1_073_741_824), ("4096", 4_096), ("0", 0), ("200kb", 200_000), ("3 MB", 3_000_000),
        ] as [(String, Int64)])
    func parses(text: String, bytes: Int64) throws {
        #expect(try ByteCount(parsing: text).bytes == bytes)
    }

    @Test(
        "refuses malformed text and names it",
        arguments: ["8 parsecs", "", "MB", "-1KB", "1.0001KB", "0.5B", "1e3B", "10000000TB", "1.5.5MB", "8Mbit"])
    func refuses(text: String) {
        let error = #expect(throws: ValueParseError.self) { try ByteCount(parsing: text) }
        #expect(error?.input == text)
        #expect(error?.description.contains("\"\(text)\"") == true)
        #expect(error?.description.contains("KiB") == true)
    }

    @Test(
        "formats the shortest exact text",
        arguments: [
            (0, "0B"), (512, "512B"), (1_000, "1KB"), (1_024, "1KiB"), (1_536, "1536B"), (15_360, "15KiB"),
            (1_572_864, "1.5MiB"), (1_500_000, "1.5MB"),
            (2_097_152, "2MiB"), (200_000, "200KB"), (1_001, "1001B"), (1_536_000, "1536KB"), (1_000_000_000, "1GB"),
            (1_234_567, "1234567B"),
        ] as [(Int64, String)])
    func formats(bytes: Int64, text: String) {
        #expect(ByteCount(bytes: bytes).description == text)
    }

    @Test(
        "round-trips through its description",
        arguments: [0, 1, 999, 1_023, 1_025, 65_536, 123_456_789, 5_000_000, Int64.max] as [Int64])
    func roundTrips(bytes: Int64) throws {
        let value = ByteCount(bytes: bytes)
        #expect(try ByteCount(parsing: value.description) == value)
    }
}
