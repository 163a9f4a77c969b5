/// The one cause that decided why an invocation did not arrive enriched: its `blame` in invocations.csv
/// and its `blame_<cause>` count in summary.csv. Enriched invocations have none.
///
/// Decided by ``MissEvidence/verdict`` (a pure function of what was measured), in this order: the
/// harness, then how the extension ended (crash, memory, never started, alert text removed), then the
/// first failure in a payload's life (decryption, the download, the attachment), then the deadline.
///
/// | cause | what decided the miss | deciding phase |
/// |---|---|---|
/// | `harness` | the harness failed (server gone, descriptors or scratch disk exhausted, a download file unwritable) | none |
/// | `crash` | the extension crashed or threw before delivering | none |
/// | `memory` | the extension passed its memory limit and was killed | none |
/// | `queued` | the budget was spent waiting for a free slot: killed before `didReceive` | queued |
/// | `cold_start` | the budget ran out while the phone started the extension's process: killed before `didReceive` | cold start |
/// | `alert_text_removed` | delivered in time without alert text, so iOS showed the original | none |
/// | `not_mutable` | the payload had no `"mutable-content":1`, so iOS never started the extension | none |
/// | `decrypt_failed` | decrypting `encrypted_data` failed | decrypt |
/// | `network_unavailable` | the phone sent nothing: the session's settings allowed none of its networks (Low Data Mode, cellular, expensive) | none |
/// | `connect` | the connection could not be made, or was still being made at the deadline | connect |
/// | `tls` | the TLS handshake or certificate check failed | connect |
/// | `first_byte` | connected, but the first response byte had not come at the deadline | first byte |
/// | `body` | the body was still arriving at the deadline (slow or stalled) | body |
/// | `connection_lost` | the connection broke before the response was complete (reset, truncated body) | download |
/// | `http_status` | the response was an HTTP error status (4xx, 5xx) | download |
/// | `extension_timeout` | the extension's own timeout (resource or idle) ended the download | download |
/// | `too_large` | the body was larger than the extension or iOS accepts | download |
/// | `download_failed` | the download failed for another reason the transport reported | download |
/// | `attachment_rejected` | the media arrived but creating or storing the attachment failed | attach |
/// | `expiry` | the deadline came while the extension was busy with no download running | none |
/// | `enrichment_skipped` | delivered in time without an enrichment, and nothing measured failed: the extension chose to skip it | none |
/// | `side_call` | the media had come (or was not asked for), but a side call (a receipt, a delivered metric) the extension waited for was still running at the deadline | none |
///
/// Whether the fault was injected by the embedded server is said apart, in `injected_fault`: a
/// `connection_lost` there beside `reset-during` was the server's doing, one beside an empty
/// `injected_fault` was real.
public enum MissCause: String, Sendable, Hashable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    /// The harness itself failed: what the invocation measured is the harness, not the target.
    case harness
    /// The extension crashed (or threw) before delivering.
    case crash
    /// The extension passed its memory limit and was killed without the expiry call.
    case memory
    /// The budget was spent before the extension could start (waiting for a free slot).
    case queued
    /// The budget ran out while the phone was starting the extension's process (a cold start).
    case coldStart = "cold_start"
    /// Delivered before the deadline without alert text: iOS shows the original.
    case alertTextRemoved = "alert_text_removed"
    /// The payload had no `"mutable-content":1`: iOS showed it without starting the extension.
    case notMutable = "not_mutable"
    /// Decrypting `encrypted_data` failed.
    case decryptFailed = "decrypt_failed"
    /// The phone sent nothing: the request's settings allowed none of the phone's networks (iOS's
    /// `URLError.networkUnavailableReason`: `allowsConstrainedNetworkAccess` false in Low Data Mode,
    /// `allowsCellularAccess` or `allowsExpensiveNetworkAccess` false on a cellular network).
    case networkUnavailable = "network_unavailable"
    /// The connection could not be established, or was still being established at the deadline.
    case connect
    /// The TLS handshake or certificate check failed.
    case tls
    /// Connected, but no response byte had arrived by the deadline.
    case firstByte = "first_byte"
    /// The body was still arriving at the deadline: too slow, or stalled.
    case body
    /// The connection broke before the response was complete (a reset, a body cut short).
    case connectionLost = "connection_lost"
    /// The response was an HTTP error status.
    case httpStatus = "http_status"
    /// The extension's own request or idle timeout ended the download before the deadline.
    case extensionTimeout = "extension_timeout"
    /// The body was larger than the download's limit.
    case tooLarge = "too_large"
    /// The download failed for a reason not named above.
    case downloadFailed = "download_failed"
    /// The media arrived but the attachment could not be created or stored.
    case attachmentRejected = "attachment_rejected"
    /// The deadline came while the extension was busy, with no download running at that instant.
    case expiry
    /// Delivered in time without an enrichment the payload asked for, with no failure measured.
    case enrichmentSkipped = "enrichment_skipped"
    /// The deadline came while a side call (``SideEndpoint``: a receipt, a delivered metric) was still
    /// running and no media download was: the extension was waiting for it.
    case sideCall = "side_call"

    /// The CSV name.
    public var description: String { rawValue }

    /// The `summary.csv` column counting the misses with this cause: `blame_<cause>`.
    public var summaryColumn: String { "blame_" + rawValue }

    /// What decided the miss, in words, for the summary and the README.
    public var meaning: String {
        switch self {
        case .harness: "the harness failed (not the target)"
        case .crash: "the extension crashed"
        case .memory: "killed over the memory limit"
        case .queued: "budget spent waiting for a free slot"
        case .coldStart: "budget spent starting the extension's process"
        case .alertTextRemoved: "delivered without alert text"
        case .notMutable: "the payload lacked mutable-content, so no extension ran"
        case .decryptFailed: "decrypting encrypted_data failed"
        case .networkUnavailable: "the session's settings allowed none of the phone's networks"
        case .connect: "the connection failed or was not up by the deadline"
        case .tls: "the TLS handshake failed"
        case .firstByte: "no first byte by the deadline"
        case .body: "the body still arriving at the deadline"
        case .connectionLost: "the connection broke mid-response"
        case .httpStatus: "an HTTP error status"
        case .extensionTimeout: "the extension's own timeout fired"
        case .tooLarge: "the body was over the download's limit"
        case .downloadFailed: "the download failed otherwise"
        case .attachmentRejected: "the attachment was refused"
        case .expiry: "the deadline came with no download running"
        case .enrichmentSkipped: "the extension skipped an enrichment"
        case .sideCall: "a side call (receipt, metric) still running at the deadline"
        }
    }

    /// The phase whose time ``MissVerdict/phaseTime`` measures; nil for causes that are an event
    /// rather than time spent (a crash, a kill, a missing text).
    public var phase: MissPhase? {
        switch self {
        case .harness, .crash, .memory, .alertTextRemoved, .notMutable, .expiry, .enrichmentSkipped, .sideCall,
            .networkUnavailable:
            nil
        case .queued: .queued
        case .coldStart: .coldStart
        case .decryptFailed: .decrypt
        case .connect, .tls: .connect
        case .firstByte: .firstByte
        case .body: .body
        case .connectionLost, .httpStatus, .extensionTimeout, .tooLarge, .downloadFailed: .download
        case .attachmentRejected: .attach
        }
    }

    /// In declaration order, so tables list ties the same way every run.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The stretch of an invocation's life a ``MissCause`` blames.
public enum MissPhase: String, Sendable, Hashable, CaseIterable {
    /// From the scheduled arrival to `didReceive`.
    case queued
    /// From the admission to `didReceive`: the phone starting the extension's process.
    case coldStart = "cold_start"
    /// Decrypting `encrypted_data`.
    case decrypt
    /// From the download's start to the connection (TCP and TLS).
    case connect
    /// From the connection to the first response byte.
    case firstByte = "first_byte"
    /// From the first response byte to the end of the download.
    case body
    /// The whole download, from its start to its end.
    case download
    /// Creating and storing the attachment.
    case attach
}
