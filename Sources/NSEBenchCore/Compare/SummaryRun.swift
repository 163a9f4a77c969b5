/// One row of `summary.csv`: one run of one scenario, checked against ``SummarySchema`` and with its
/// numbers read.
public struct SummaryRun: Sendable, Equatable {
    /// The row's line in its file (the header is line 1).
    public let line: Int
    public let scenario: String
    /// Every field's text by column name, extra columns included.
    public let fields: [String: String]
    /// The count, rate, time and measure columns as numbers; a column whose field is empty (a phase
    /// no invocation went through, say) is absent.
    public let numbers: [String: Double]
    /// Invocations that finished: the denominator of every rate.
    public let invocations: Int
    /// `valid`: false when the harness distorted its own figures.
    public let isValid: Bool
    /// `partial`: true when the run was interrupted before its end.
    public let isPartial: Bool

    public init(
        line: Int, scenario: String, fields: [String: String], numbers: [String: Double], invocations: Int,
        isValid: Bool, isPartial: Bool
    ) {
        self.line = line
        self.scenario = scenario
        self.fields = fields
        self.numbers = numbers
        self.invocations = invocations
        self.isValid = isValid
        self.isPartial = isPartial
    }

    /// `invalid_reason`, empty when valid.
    public var invalidReason: String { fields["invalid_reason"] ?? "" }

    /// Whether its figures can be trusted: valid and complete.
    public var isTrustworthy: Bool { isValid && !isPartial }

    /// `crash_reasons`, read; nil when the row was written before summary.csv kept crash reasons, or merged
    /// from an instance that was (``CrashTally/notKeptText``), or was built without ``SummaryFile``'s
    /// check, which refuses a field that does not read.
    public var crashTally: CrashTally? {
        guard let text = fields[SummarySchema.crashReasonsColumn.name], text != CrashTally.notKeptText else {
            return nil
        }
        do {
            return try CrashTally(text: text)
        } catch {
            return nil
        }
    }
}
