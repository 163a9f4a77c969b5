/// One status code and the chance of answering with it.
///
/// ```swift
/// let share = StatusShare(code: 503, chance: Percentage(clamping: 2))
/// ```
public struct StatusShare: Sendable, Hashable, Codable {
    /// The HTTP status code to answer with, 200 to 599.
    public var code: Int
    /// The chance of this code, per request.
    public var chance: Percentage

    /// A share of `chance` percent of requests answered with `code`.
    ///
    /// ```swift
    /// StatusShare(code: 404, chance: Percentage(clamping: 1))
    /// ```
    public init(code: Int, chance: Percentage) {
        self.code = code
        self.chance = chance
    }
}

/// Error statuses and their chances, in fortio's form `404:1,503:2`: 1% of requests get a 404, 2% a 503,
/// and the remaining 97% the normal response. The shares are exclusive: one roll picks at most one code.
///
/// ```swift
/// let mix = try StatusMix(parsing: "404:1,503:2")
/// mix.total.value   // 3
/// mix.description   // "404:1,503:2"
/// ```
public struct StatusMix: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The codes in the order given; a roll walks them in this order.
    public var shares: [StatusShare]

    /// A mix of `shares`, not checked: ``init(parsing:)`` refuses totals above 100, but here shares past
    /// 100% in total are simply never drawn.
    ///
    /// ```swift
    /// StatusMix([StatusShare(code: 503, chance: Percentage(clamping: 5))])
    /// ```
    public init(_ shares: [StatusShare]) {
        self.shares = shares
    }

    /// The chance that some share fires.
    ///
    /// ```swift
    /// try StatusMix(parsing: "404:1,503:2").total  // 3
    /// ```
    public var total: Percentage { Percentage(clamping: shares.reduce(0) { $0 + $1.chance.value }) }

    /// The parse form: `404:1,503:2`.
    public var description: String {
        shares.map { "\($0.code):\($0.chance)" }.joined(separator: ",")
    }

    /// The code whose share holds `roll` (uniform in `0..<1`), or nil for a normal response.
    func code(forRoll roll: Double) -> Int? {
        var cumulative = 0.0
        for share in shares {
            cumulative += share.chance.value
            if roll * 100 < cumulative { return share.code }
        }
        return nil
    }
}

extension StatusMix {
    /// Reads `CODE:PERCENT[,CODE:PERCENT...]`, such as `404:1,503:2`.
    ///
    /// Codes must be 200 to 599 and appear once; the percentages must add up to at most 100.
    ///
    /// ```swift
    /// try StatusMix(parsing: "503:60,500:50")
    /// // throws: invalid status fault "503:60,500:50": the percentages add up to 110, more than 100; ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        func failure(_ reason: String? = nil) -> ValueParseError {
            ValueParseError(subject: "status fault", input: text, expected: FaultKind.status.valueForm, reason: reason)
        }
        var shares: [StatusShare] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 2 else { throw failure("\"\(part)\" is not CODE:PERCENT") }
            let codeText = fields[0].trimmingWhitespace()
            guard let code = Int(codeText), (200...599).contains(code) else {
                throw failure("\"\(codeText)\" is not an HTTP status code from 200 to 599")
            }
            guard !shares.contains(where: { $0.code == code }) else { throw failure("\(code) is listed twice") }
            guard let chance = try? Percentage(parsing: fields[1]) else {
                throw failure("\"\(fields[1])\" is not a percentage from 0 to 100")
            }
            shares.append(StatusShare(code: code, chance: chance))
        }
        let total = shares.reduce(0) { $0 + $1.chance.value }
        guard total <= 100 else {
            throw failure("the percentages add up to \(plainDecimalText(total)), more than 100")
        }
        self.init(shares)
    }
}
