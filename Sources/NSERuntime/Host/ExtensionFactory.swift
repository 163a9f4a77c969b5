public import UserNotifications

/// Makes the extension an invocation runs: a fresh instance each time, under a name for reports.
///
/// ```swift
/// let factory = ExtensionFactory(name: "my-extension") { MyNotificationService() }
/// ```
public struct ExtensionFactory: Sendable {
    /// The name reports use.
    public var name: String
    /// Creates one instance; the host calls it once per invocation, on an extension thread.
    public var make: @Sendable () -> UNNotificationServiceExtension

    /// A factory named `name`.
    public init(name: String, make: @escaping @Sendable () -> UNNotificationServiceExtension) {
        self.name = name
        self.make = make
    }
}
