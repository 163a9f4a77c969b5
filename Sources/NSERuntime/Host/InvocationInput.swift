public import Foundation
public import NSEBenchCore

/// One notification for the host: what arrives, when, and which extension handles it.
///
/// ```swift
/// let generated = try generator.payload(at: 41)
/// let input = InvocationInput(generated: generated, arrival: start + 41 * interval, extension: media)
/// let record = await host.invoke(input)
/// ```
public struct InvocationInput: Sendable {
    /// The invocation's id, unique in a run (the payload index for generated payloads).
    public var id: Int
    /// The notification's payload.
    public var payload: NotificationPayload {
        didSet { knownByteCount = nil }
    }
    /// When the notification was scheduled to arrive, in ``InvocationClock`` nanoseconds. The time budget
    /// runs from here, not from when the host gets to it, so time spent queueing counts (no coordinated
    /// omission).
    public var arrival: UInt64
    /// The extension to run.
    public var extensionFactory: ExtensionFactory
    /// The title and body that decryption should produce, so that the host can tell decrypted text from
    /// any other change; nil for a payload without `encrypted_data` or when unknown.
    public var expectedText: NotificationText?
    /// The fault injected into `encrypted_data`, carried into the record.
    public var injectedFault: InjectedCryptoFault?
    /// How long the phone takes to start the extension's process before `didReceive`, in (scaled)
    /// nanoseconds (``ColdStarts``); nil for a warm start, a process already running. The time counts
    /// against the budget, and a budget that runs out during it is a kill without the expiry call.
    public var coldStart: UInt64? = nil
    /// Whether the phone is in Low Data Mode (``LowDataMode``): its requests that refuse constrained
    /// networks fail.
    public var constrainedNetwork = false
    /// Whether the phone is on a cellular network (its network class's, ``NSEBenchCore/NetworkProfile/isCellular``),
    /// which iOS counts as expensive: its requests that refuse cellular or expensive networks fail.
    public var cellularNetwork = false
    /// Where an SDK's own API calls go (a delivery metric, a receipt): the media server's base URL for the
    /// phone's network class, which stands for the SDK's host over the same network; nil when the run
    /// named none. A call beside a payload's media goes to the media's host instead.
    public var apiHost: URL? = nil
    /// The size of ``payload``'s compact JSON when already known (a generated payload comes with its
    /// count), so the host need not count it again; cleared when ``payload`` changes.
    private var knownByteCount: Int?

    /// An input for a payload from anywhere (a replay file, a test, a worker's request);
    /// `payloadByteCount` is the size of its compact JSON when already known. Without `expectedText`, the
    /// payload's own (a replay line's) applies.
    public init(
        id: Int, payload: NotificationPayload, arrival: UInt64, extension factory: ExtensionFactory,
        expectedText: NotificationText? = nil, injectedFault: InjectedCryptoFault? = nil, payloadByteCount: Int? = nil
    ) {
        knownByteCount = payloadByteCount
        self.id = id
        self.payload = payload
        self.arrival = arrival
        self.extensionFactory = factory
        self.expectedText = expectedText ?? payload.expectedText
        self.injectedFault = injectedFault
    }

    /// An input for a generated payload: its index is the id, and its text and injected fault travel
    /// with it.
    public init(generated: GeneratedPayload, arrival: UInt64, extension factory: ExtensionFactory) {
        self.init(
            id: generated.index, payload: generated.payload, arrival: arrival, extension: factory,
            expectedText: generated.requested.contains(.decryptedText) ? generated.text : nil,
            injectedFault: generated.injectedFault)
        knownByteCount = generated.byteCount
    }

    /// The size of ``payload``'s compact JSON, which counts against the memory limit: the generated
    /// payload's count when known, otherwise counted now.
    public var payloadByteCount: Int { knownByteCount ?? payload.byteCount }

    /// What the payload asks the extension for.
    public var requested: Enrichments { payload.enrichmentsRequested }
}
