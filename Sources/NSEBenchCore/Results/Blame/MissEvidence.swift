/// What ``MissCause`` is decided from: one invocation's outcome and the measured steps of its life, as
/// plain values. Instants are nanoseconds after the invocation's scheduled arrival (its budget starts
/// there), on the harness's clock.
///
/// ```swift
/// var evidence = MissEvidence(outcome: .expiredBestAttempt, budget: 30_000_000_000, finished: 32_000_000_000)
/// evidence.download = MissEvidence.Download(start: 10_000_000, connected: 20_000_000, end: nil)
/// evidence.verdict?.cause  // .firstByte: connected, but no byte by the deadline
/// ```
public struct MissEvidence: Sendable, Equatable {
    /// How the invocation ended.
    public var outcome: InvocationOutcome
    /// Whether the invocation met a failure of the harness (``HarnessFailure``, or a download file the
    /// harness could not write).
    public var harnessFailure: Bool
    /// Whether `didReceive` was called.
    public var started: Bool
    /// The time budget: from the arrival to the deadline.
    public var budget: UInt64
    /// When the outcome was final.
    public var finished: UInt64
    /// From the arrival to `didReceive` or to the start of its cold start (or to the kill of one that
    /// never started).
    public var queued: UInt64
    /// How long the phone spent starting the extension's process (to `didReceive`, or to the kill of one
    /// whose budget ran out first); nil for a warm start.
    public var coldStart: UInt64?
    /// How long decryption took, when the extension decrypted.
    public var decrypt: UInt64?
    /// Whether the extension reported a failed decryption.
    public var decryptFailed: Bool
    /// How long creating the attachment took, when the extension attached.
    public var attach: UInt64?
    /// Whether the extension reported a refused attachment.
    public var attachFailed: Bool
    /// Whether the payload's `encrypted_data` carried an injected crypto fault.
    public var injectedCryptoFault: Bool
    /// The last download, when the extension downloaded.
    public var download: Download?
    /// Whether a side call (a receipt, a delivered metric) was running when the deadline came.
    public var sideCallAtDeadline = false

    /// Evidence with nothing measured but the outcome and the times.
    public init(
        outcome: InvocationOutcome, harnessFailure: Bool = false, started: Bool = true, budget: UInt64,
        finished: UInt64, queued: UInt64 = 0, coldStart: UInt64? = nil, decrypt: UInt64? = nil,
        decryptFailed: Bool = false,
        attach: UInt64? = nil, attachFailed: Bool = false, injectedCryptoFault: Bool = false,
        download: Download? = nil
    ) {
        self.injectedCryptoFault = injectedCryptoFault
        self.outcome = outcome
        self.harnessFailure = harnessFailure
        self.started = started
        self.budget = budget
        self.finished = finished
        self.queued = queued
        self.coldStart = coldStart
        self.decrypt = decrypt
        self.decryptFailed = decryptFailed
        self.attach = attach
        self.attachFailed = attachFailed
        self.download = download
    }

    /// The last download an invocation made: how far it got, and how it ended.
    public struct Download: Sendable, Equatable {
        /// Why the transfer failed, as the transport classed it.
        public enum Failure: String, Sendable, Hashable, CaseIterable {
            /// The connection could not be established.
            case connectFailed
            /// The TLS handshake or certificate check failed.
            case tls
            /// The connection broke before the response was complete.
            case connectionLost
            /// The request's total timeout ran out.
            case timedOut
            /// No data came for the idle timeout.
            case idleTimedOut
            /// The body was over the limit.
            case tooLarge
            /// The destination file could not be written.
            case file
            /// The extension cancelled it.
            case cancelled
            /// The phone sent nothing: the request's settings allowed none of its networks.
            case networkUnavailable
            /// Anything else.
            case other
        }

        /// When it was started.
        public var start: UInt64
        /// When the connection was up; nil when it never was.
        public var connected: UInt64?
        /// When the first response byte came; nil when none did.
        public var firstByte: UInt64?
        /// When it ended; nil when it was still running as the invocation ended.
        public var end: UInt64?
        /// Why it failed; nil when it completed (or was still running).
        public var failure: Failure?
        /// The HTTP status; 0 when no response head came.
        public var status: Int
        /// Whether the embedded media server named a fault it injected into the response.
        public var injectedFault: Bool

        /// A download's steps.
        public init(
            start: UInt64, connected: UInt64? = nil, firstByte: UInt64? = nil, end: UInt64?, failure: Failure? = nil,
            status: Int = 0, injectedFault: Bool = false
        ) {
            self.injectedFault = injectedFault
            self.start = start
            self.connected = connected
            self.firstByte = firstByte
            self.end = end
            self.failure = failure
            self.status = status
        }

        /// Whether it was running at `instant`.
        func wasRunning(at instant: UInt64) -> Bool { start <= instant && (end.map { instant < $0 } ?? true) }

        /// The phase it was in at `instant`: connecting, waiting for the first byte, or receiving the body.
        func cause(at instant: UInt64) -> MissCause {
            guard let connected, connected <= instant else { return .connect }
            guard let firstByte, firstByte <= instant else { return .firstByte }
            return .body
        }
    }
}

/// The cause of one miss and the time its phase took from the budget.
public struct MissVerdict: Sendable, Hashable {
    /// The cause that decided the miss.
    public var cause: MissCause
    /// Nanoseconds of the budget (between the arrival and the deadline) spent in the cause's
    /// ``MissCause/phase``; 0 for a cause without one.
    public var phaseTime: UInt64
    /// The invocation's whole budget, arrival to deadline.
    public var budget: UInt64
    /// Whether the harness injected the fault behind the cause (a network fault the embedded server
    /// named, a crypto fault in the payload); false for a real one.
    public var injected: Bool

    /// A verdict.
    public init(cause: MissCause, phaseTime: UInt64, budget: UInt64, injected: Bool = false) {
        self.cause = cause
        self.injected = injected
        self.phaseTime = min(phaseTime, budget)
        self.budget = budget
    }
}
