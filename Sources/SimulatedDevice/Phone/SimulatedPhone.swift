public import Foundation
import Synchronization

/// One simulated phone: the network, App Group container, own container and time scale the extension code
/// of one invocation sees.
///
/// The host binds ``current`` around every call into the extension (`didReceive`,
/// `serviceExtensionTimeWillExpire`) and the sessions bind it around every callback they make, so a
/// request started on those threads, or in a `Task` created there, belongs to that invocation. A
/// session remembers the phone it was created on, so a request made later through it (from a queue of
/// the extension's own) still does.
///
/// ```swift
/// let phone = SimulatedPhone(network: network, appGroupContainer: container, timeScale: 0.1)
/// SimulatedPhone.$current.withValue(phone) { service.didReceive(request, withContentHandler: handler) }
/// ```
public final class SimulatedPhone: Sendable {
    /// The phone whose extension code runs on this thread or task; nil outside any invocation.
    @TaskLocal public static var current: SimulatedPhone?

    /// Where this phone's requests go.
    public let network: any PhoneNetwork
    /// The App Group shared container, as `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`
    /// returns it; nil when the run has none.
    public let appGroupContainer: URL?
    /// The extension's own container (`Documents`, `Library/Caches`, `tmp`), which no other phone shares; nil
    /// to give the host's folders, as Foundation does.
    public let container: PhoneContainer?
    /// The run's `--time-scale`: every timeout the extension sets is multiplied by it.
    public let timeScale: Double
    /// The keychain the app shares with its extension (Security's `SecItem...` calls); nil when the run
    /// has none.
    public let keychain: PhoneKeychain?
    /// Whether the phone is locked (after its first unlock since boot) while the extension runs, as a
    /// phone in a pocket is when most notifications arrive: keychain items readable only when unlocked
    /// (`kSecAttrAccessibleWhenUnlocked`, the default) are then refused with `errSecInteractionNotAllowed`.
    public let isLocked: Bool
    /// Where this phone's `URLSession.shared` calls back: a serial queue per phone, as each phone runs
    /// its own extension process, not one queue for every simulated phone. It runs on
    /// ``callbackThreads`` when the host lends them, else on a serial dispatch queue.
    ///
    /// Created on first use: most extensions never touch `URLSession.shared`, and a queue made for
    /// every invocation cost three allocations each (perf, issue #18).
    var sharedSessionCallbacks: CallbackQueue { sharedSessionOfPhone.callbacks }
    /// This phone's tasks of `URLSession.shared`, as its own process's session holds them
    /// (`getAllTasks` lists those); created with ``sharedSessionCallbacks``.
    var sharedSessionTasks: SessionTaskRegistry { sharedSessionOfPhone.tasks }
    private var sharedSessionOfPhone: SharedSessionOfPhone {
        sharedSession.withLock { session in
            if let session { return session }
            let created = SharedSessionOfPhone(
                callbacks: .serial(on: callbackThreads, label: "nse-bench.phone.shared-session"),
                tasks: SessionTaskRegistry())
            session = created
            return created
        }
    }
    private let sharedSession = Mutex<SharedSessionOfPhone?>(nil)
    /// The threads the host lends for session callbacks; nil to run them on dispatch queues.
    public let callbackThreads: (any PhoneCallbackThreads)?

    /// Where an SDK's own API calls go (a delivery metric, a receipt) when the payload has no media whose
    /// host stands for it: the media server over this phone's network class; nil when the run has none.
    public let apiHost: URL?
    /// The invocation this phone runs.
    public let invocationID: Int
    /// Marks the threads that run this phone's extension code, so a crash can be told apart.
    public let marker: (any ThreadMarking)?

    /// A phone.
    public init(
        network: any PhoneNetwork, appGroupContainer: URL?, timeScale: Double, invocationID: Int = -1,
        marker: (any ThreadMarking)? = nil, callbackThreads: (any PhoneCallbackThreads)? = nil,
        keychain: PhoneKeychain? = nil, isLocked: Bool = true, container: PhoneContainer? = nil, apiHost: URL? = nil
    ) {
        self.container = container
        self.apiHost = apiHost
        self.network = network
        self.appGroupContainer = appGroupContainer
        self.timeScale = timeScale
        self.keychain = keychain
        self.isLocked = isLocked
        self.invocationID = invocationID
        self.marker = marker
        self.callbackThreads = callbackThreads
        PhoneDispatch.installed
    }

    /// Runs `body`, extension code of this phone, with ``current`` bound to it and the thread marked.
    public func bind(_ body: () -> Void) {
        guard let marker else { return Self.$current.withValue(self, operation: body) }
        marker.marking(invocationID) { Self.$current.withValue(self, operation: body) }
    }

    /// `seconds` of the extension's own time as nanoseconds on the run's clock; nil for an interval of a
    /// day or more (URLSession's 7-day resource default: no limit worth speaking of) or not above zero.
    public func scaledNanoseconds(_ seconds: TimeInterval) -> UInt64? {
        Self.scaledNanoseconds(seconds, timeScale: timeScale)
    }

    /// `seconds` multiplied by `timeScale`, in nanoseconds; nil for a day or more, or not above zero.
    public static func scaledNanoseconds(_ seconds: TimeInterval, timeScale: Double) -> UInt64? {
        guard seconds > 0, seconds < 86_400 else { return nil }
        return UInt64((seconds * 1e9 * timeScale).rounded())
    }
}

/// Marks the calling thread as running one invocation's extension code while `body` runs: in an
/// extension worker process, a crash then names the invocation that caused it.
public protocol ThreadMarking: Sendable {
    /// Runs `body` with the thread marked as running invocation `id`.
    func marking(_ id: Int, _ body: () -> Void)
}

/// What `URLSession.shared` is to one phone: its own process's session, with its serial callback queue
/// and its tasks.
struct SharedSessionOfPhone: Sendable {
    let callbacks: CallbackQueue
    let tasks: SessionTaskRegistry
}
