/// A run setting `nse-bench sweep` can vary, with the unit its values are kept in, which way is
/// worse for notifications, and how a value becomes `nse-bench run` arguments.
public enum SweepSetting: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Time to first byte (`--ttfb`, a fixed value), in milliseconds.
    case ttfb
    /// Per-connection bandwidth (`--bandwidth`), in bytes a second.
    case bandwidth
    /// Invocations in flight of a closed load (`--concurrency`).
    case concurrency
    /// Open arrivals a second (`--rate`).
    case rate
    /// The size of the one media file every payload points at (`--media <size>.jpg:1`), in bytes.
    case mediaSize = "media-size"
    /// The extension's budget (`--deadline`), in milliseconds.
    case deadline

    public var description: String { rawValue }

    /// The unit values are written in, in sweep.csv's `sweep_unit` and cliffs.csv.
    public var unit: String {
        switch self {
        case .ttfb, .deadline: "ms"
        case .bandwidth: "B/s"
        case .concurrency: "count"
        case .rate: "/s"
        case .mediaSize: "B"
        }
    }

    /// The `nse-bench run` option the setting is given as; the network's are ``NetworkSettingKey``'s names.
    public var runOption: String {
        switch self {
        case .ttfb: NetworkSettingKey.timeToFirstByte.name
        case .bandwidth: NetworkSettingKey.bandwidth.name
        case .mediaSize: "media"
        case .concurrency, .rate, .deadline: rawValue
        }
    }

    /// Whether notifications fare worse as the value grows (a later first byte, more load, bigger
    /// media); a wider pipe and a longer deadline help, so for them the cliff is the smallest value.
    public var worseWhenLarger: Bool {
        switch self {
        case .ttfb, .concurrency, .rate, .mediaSize: true
        case .bandwidth, .deadline: false
        }
    }

    /// Whether 0 is a value runs can take: a first byte at once, yes; no bandwidth, load, media or
    /// deadline, no.
    public var allowsZero: Bool { self == .ttfb }

    /// Whether only whole numbers make sense (in-flight counts; byte sizes).
    public var isWhole: Bool { self == .concurrency || self == .mediaSize }

    /// Reads one end of a range, in ``unit``: `0s`, `40s`, `500ms` for times; `256kbit/s`, `2MB/s` for
    /// bandwidth; `100KB`, `8MB` for sizes; plain numbers for concurrency and rate.
    public func value(parsing text: some StringProtocol) throws(ValueParseError) -> Double {
        switch self {
        case .ttfb, .deadline:
            return Double(try DurationValue(parsing: text).nanoseconds) / 1e6
        case .bandwidth:
            let rate = try ByteRate(parsing: text)
            guard !rate.isUnlimited else {
                throw ValueParseError(
                    subject: "bandwidth", input: text, expected: "a finite rate such as 256kbit/s or 2MB/s",
                    reason: "a sweep needs a finite end")
            }
            return rate.bytesPerSecond
        case .mediaSize:
            return Double(try ByteCount(parsing: text).bytes)
        case .concurrency, .rate:
            guard let number = Double(String(text)), number.isFinite, number >= 0 else {
                throw ValueParseError(subject: rawValue, input: text, expected: "a number of at least 0")
            }
            return number
        }
    }

    /// `value` (in ``unit``) as the text of ``runOption``.
    public func argument(_ value: Double) -> String {
        switch self {
        case .ttfb, .deadline: FixedPoint.text(value, places: 3) + "ms"
        case .bandwidth: String(Int64(value.rounded())) + "B/s"
        case .concurrency: String(Int64(value.rounded()))
        case .rate: FixedPoint.text(value, places: 3)
        case .mediaSize: String(Int64(value.rounded())) + "B.jpg:1"
        }
    }

    /// `value` for people: seconds for times, MB/s, KB and MB, plain counts.
    public func display(_ value: Double) -> String {
        switch self {
        case .ttfb, .deadline: FixedPoint.text(value / 1000, places: 1) + " s"
        case .bandwidth: FixedPoint.text(value / 1e6, places: 3) + " MB/s"
        case .concurrency: String(Int64(value.rounded()))
        case .rate: FixedPoint.text(value, places: 1) + "/s"
        case .mediaSize: FixedPoint.text(value / 1e6, places: 2) + " MB"
        }
    }

    /// What the value is, in a sentence: "a 21.4 s first byte".
    public func phrase(_ value: Double) -> String {
        switch self {
        case .ttfb: "a \(display(value)) first byte"
        case .deadline: "a \(display(value)) deadline"
        case .bandwidth: "\(display(value)) a connection"
        case .concurrency: "\(display(value)) in flight"
        case .rate: "\(display(value)) arrivals"
        case .mediaSize: "\(display(value)) of media"
        }
    }
}
