public import UserNotifications

/// Makes the extension an invocation runs: a fresh instance each time, under a name for reports.
///
/// ```swift
/// let factory = ExtensionFactory(name: "my-extension") { MyNotificationService() }
/// ```
public struct ExtensionFactory: Sendable {
    /// The name reports use.
    public var name: String
    /// Creates one instance; the host calls it once per invocation, where its calls run
    /// (``ExtensionCalls``).
    public var make: @Sendable () -> UNNotificationServiceExtension
    /// Whether the extension's calls may block their thread (a semaphore waiting for a download,
    /// `Data(contentsOf:)`): then a blocked call gets a thread added, as each phone's extension has a
    /// process of its own (``ExtensionCalls``). True unless the extension is known never to block, as
    /// nse-bench's built-in ones are.
    public var callsMayBlock: Bool
    /// Whether the extension's code sees the invocation's simulated phone (`SimulatedPhone`): `URLSession`
    /// requests as the phone's own, `FileManager`'s App Group container, and the thread marking that
    /// names an invocation in a worker's crash report. True unless the extension is known to need none
    /// of them: the built-in `template`, `decrypt`, `media` and `priority`, which run in process and
    /// reach the network and the container only through their ``InvocationContext``. Those run with no
    /// phone made or bound, 1.2 objects fewer per invocation in flight (issue #18).
    public var usesPhone: Bool

    /// A factory named `name`.
    public init(
        name: String, callsMayBlock: Bool = true, usesPhone: Bool = true,
        make: @escaping @Sendable () -> UNNotificationServiceExtension
    ) {
        self.name = name
        self.callsMayBlock = callsMayBlock
        self.usesPhone = usesPhone
        self.make = make
    }
}
