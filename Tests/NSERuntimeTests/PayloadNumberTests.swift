import Testing

@testable import NSERuntime

/// Numbers in a payload keep their value through parsing and serialization. Foundation on Linux reads
/// long numbers (a negative integer of 19 digits, a double with many digits) as decimal numbers whose
/// `doubleValue` is rounded differently from the text; a replayed payload then carried a different
/// number than its file (found by Fuzz/run.sh, target payload).
@Suite("Payload numbers")
struct PayloadNumberTests {
    @Test(arguments: [
        ("-9223372036854766770", JSONValue.integer(-9_223_372_036_854_766_770)),
        ("-9223372036854775808", .integer(Int.min)),
        ("-1234567890123456789", .integer(-1_234_567_890_123_456_789)),
        // Read as a decimal, an integral value: kept exactly (its doubleValue was -9.223372036854769e+18).
        ("-9.223372036854767e+18", .integer(-9_223_372_036_854_767_000)),
        ("100000000000000000000", .double(1e20)),
        // A decimal whose nearest double is whole: that integer, as its serialization reads back.
        ("-9223372036854766.770", .integer(-9_223_372_036_854_766)),
        ("0.12345678901234567891", .double(0.12345678901234568)),
        ("0.1", .double(0.1)),
        ("3", .integer(3)),
    ])
    func aCustomNumberKeepsItsValue(text: String, value: JSONValue) throws {
        let payload = try NotificationPayload(parsing: #"{"aps":{"alert":"x"},"n":"# + text + "}")
        #expect(payload.customFields["n"] == value)
        #expect(try NotificationPayload(parsing: payload.serialized()) == payload)
    }
}
