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
    /// Whether the extension's code sees the invocation's simulated phone (`SimulatedPhone`): its
    /// `URLSession` requests and App Group container. True unless the extension is known to reach the
    /// network only through its ``InvocationContext``, as the built-in `template`, `decrypt`, `media`
    /// and `priority` do: those run with no phone made or bound, which saved two objects per invocation
    /// in flight (the phone, and its task-local binding copied into the download's task; issue #18).
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
