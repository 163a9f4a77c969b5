import Foundation

/// An Objective-C exception that iOS raises inside an API the extension called and that nothing catches:
/// the extension's process ends, as on a phone, where the notification then shows as sent.
///
/// Only for misuse that ends an extension on iOS every time (a task made in an invalidated session): the
/// harness's own failures are never reported this way. In an extension worker the crash ends only the
/// invocation that raised it (recorded as `crashed`, the others its process held run again), and the message
/// goes to the run's `extension-stderr.log` in iOS's words. With `--extension-processes 0` it ends the run,
/// as any crash of the extension's code does there.
enum UncaughtException {
    /// Writes iOS's message for exception `name` with `reason` to standard error and ends the process with
    /// `SIGABRT`, as an uncaught exception does.
    static func raise(_ name: String, reason: String) -> Never {
        FileHandle.standardError.write(Data(message(name, reason: reason).utf8))
        abort()
    }

    /// iOS's line for an uncaught exception, as the console shows it.
    static func message(_ name: String, reason: String) -> String {
        "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'\n"
    }
}
