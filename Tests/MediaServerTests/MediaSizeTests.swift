import Testing

@testable import MediaServer

@Suite("Media size grammar")
struct MediaSizeTests {
    static let valid: [(String, Int)] = [
        ("0", 0), ("1", 1), ("100B", 100), ("100b", 100), ("200KB", 200_000), ("200kb", 200_000),
        ("200kB", 200_000), ("8MB", 8_000_000), ("1.5MB", 1_500_000), ("0.5KB", 500), ("1.50MB", 1_500_000),
        ("2GB", 2_000_000_000), ("1KiB", 1024), ("1.5KiB", 1536), ("8MiB", 8_388_608), ("1GiB", 1_073_741_824),
        ("0.001MB", 1000), ("50MB", 50_000_000), ("200MB", 200_000_000),
    ]

    @Test(arguments: valid)
    func parses(text: String, bytes: Int) throws {
        #expect(try MediaSize.parse(text[...], maximum: SyntheticMediaFile.maximumSize) == bytes)
    }

    static let invalid: [(String, MediaSizeError)] = [
        ("", .empty),
        ("MB", .invalidNumber("MB")),
        (".5MB", .invalidNumber(".5MB")),
        ("1.MB", .invalidNumber("1.MB")),
        ("-1KB", .invalidNumber("-1KB")),
        ("1,5MB", .unknownUnit("1,5MB")),
        ("1 MB", .unknownUnit("1 MB")),
        ("1TB", .unknownUnit("1TB")),
        ("1Mb.", .unknownUnit("1Mb.")),
        ("1K", .unknownUnit("1K")),
        ("1.5", .notWholeBytes("1.5")),
        ("1.5B", .notWholeBytes("1.5B")),
        ("0.0001KB", .notWholeBytes("0.0001KB")),
        ("0.0000000001GB", .notWholeBytes("0.0000000001GB")),
        ("3GB", .tooLarge("3GB", maximum: 2_000_000_000)),
        ("2000000001", .tooLarge("2000000001", maximum: 2_000_000_000)),
        ("99999999999999999999GB", .tooLarge("99999999999999999999GB", maximum: 2_000_000_000)),
        ("999999999999999999GiB", .tooLarge("999999999999999999GiB", maximum: 2_000_000_000)),
        ("999999999999999999.999999999GB", .tooLarge("999999999999999999.999999999GB", maximum: 2_000_000_000)),
    ]

    @Test(arguments: invalid)
    func rejects(text: String, error: MediaSizeError) {
        #expect(throws: error) {
            try MediaSize.parse(text[...], maximum: SyntheticMediaFile.maximumSize)
        }
        #expect(!error.description.isEmpty)
    }
}
