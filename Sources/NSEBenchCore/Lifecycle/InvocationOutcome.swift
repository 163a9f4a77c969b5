/// How one extension invocation ended: the class every invocation is counted in.
///
/// The raw values are the names used in CSV output. The classes follow what iOS does and what the user then
/// sees (nse-reference.md, "Lifecycle"):
///
/// | outcome | when | the user sees |
/// |---|---|---|
/// | `enriched` | delivered before the deadline with every enrichment the payload asked for | rich |
/// | `degraded` | delivered before the deadline with some enrichment missing | partial |
/// | `unchanged` | delivered before the deadline exactly as it arrived, although it asked for enrichment | original |
/// | `discarded` | delivered before the deadline without alert text: iOS ignores it | original |
/// | `expired_best_attempt` | delivered during the grace period after `serviceExtensionTimeWillExpire` | partial |
/// | `expired_original` | nothing usable delivered by the end of the grace period | original |
/// | `killed` | killed without the expiry call: memory limit, or the budget spent before the extension started | original |
/// | `crashed` | the extension crashed or threw before delivering | original |
/// | `not_mutable` | the payload lacks `"mutable-content":1`: iOS never starts the extension | original |
public enum InvocationOutcome: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Delivered before the deadline with every requested enrichment.
    case enriched
    /// Delivered before the deadline with some requested enrichment missing.
    case degraded
    /// Delivered before the deadline with the text and attachments exactly as they arrived, although the
    /// payload asked for an enrichment (a decrypt extension handing back its placeholder on failure): the
    /// user sees the original, whatever the extension meant by it.
    case unchanged
    /// Delivered before the deadline without alert text (no title, subtitle or body): iOS ignores the
    /// modification and shows the original. Its own class because neither time nor memory caused it: it is an
    /// extension defect that a timing class would hide.
    case discarded
    /// Delivered during the grace period that follows `serviceExtensionTimeWillExpire`.
    case expiredBestAttempt = "expired_best_attempt"
    /// Nothing usable was delivered by the end of the grace period: the original is shown.
    case expiredOriginal = "expired_original"
    /// Killed by the system without the expiry call (memory limit, or the time budget spent before the
    /// extension started): the original is shown.
    case killed
    /// The extension crashed (or threw) before delivering: the original is shown.
    case crashed
    /// The payload has no `"mutable-content":1`: iOS shows it as it arrived without starting the extension.
    /// Only a replayed payload can be one (the generator always sets the flag).
    case notMutable = "not_mutable"

    /// The CSV name.
    public var description: String { rawValue }

    /// What ends up on the user's screen.
    public var whatTheUserSees: VisibleContent {
        switch self {
        case .enriched: .rich
        case .degraded, .expiredBestAttempt: .partial
        case .unchanged, .discarded, .expiredOriginal, .killed, .crashed, .notMutable: .original
        }
    }

    /// Whether the user sees the original content: every change the extension made was lost.
    public var fellBack: Bool { whatTheUserSees == .original }

    /// Whether the content handler was honoured before the deadline (the extension met its time budget).
    /// False for ``notMutable``: no extension ran, so none met a budget.
    public var finishedBeforeDeadline: Bool {
        switch self {
        case .enriched, .degraded, .unchanged, .discarded: true
        case .expiredBestAttempt, .expiredOriginal, .killed, .crashed, .notMutable: false
        }
    }
}

/// What the user sees of a notification after its extension ran.
public enum VisibleContent: String, Sendable, Hashable, Codable, CaseIterable {
    /// The modified content with everything the payload asked for.
    case rich
    /// Modified content that misses something: a degraded delivery or a best attempt at expiry.
    case partial
    /// The payload's original content: the extension's work was lost.
    case original
}
