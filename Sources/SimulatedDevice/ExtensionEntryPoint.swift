public import UserNotifications

/// What the entry function of a compiled extension returns: its principal class, made on demand.
///
/// nse-bench adds a file to the user's module that exports `nse_bench_extension_entry`, a C function
/// returning a retained instance of this class; the host takes it with
/// `Unmanaged<ExtensionEntryPoint>.fromOpaque(_:).takeRetainedValue()`.
public final class ExtensionEntryPoint: Sendable {
    /// The C name of the entry function.
    public static let symbolName = "nse_bench_extension_entry"

    /// The principal class's name, as the user's sources spell it.
    public let principalClassName: String
    /// Creates one instance of the principal class.
    public let make: @Sendable () -> UNNotificationServiceExtension

    /// An entry point for `principalClassName`.
    public init(principalClassName: String, make: @escaping @Sendable () -> UNNotificationServiceExtension) {
        self.principalClassName = principalClassName
        self.make = make
    }
}
