/// An extension that reports to the nse-bench host: its stage timings, downloads and memory.
///
/// Extensions written against Apple's API alone need nothing: the host measures them from outside. An
/// extension that adopts this protocol gets its invocation's ``InvocationContext`` before `didReceive`
/// is called, on the thread that calls it; the built-in extensions adopt it.
///
/// ```swift
/// final class MyService: UNNotificationServiceExtension, HostAwareExtension, @unchecked Sendable {
///     var invocationContext: InvocationContext?   // set once by the host, before didReceive
/// }
/// ```
public protocol HostAwareExtension: AnyObject {
    /// The invocation's context; the host sets it once, before `didReceive`.
    var invocationContext: InvocationContext? { get set }
}
