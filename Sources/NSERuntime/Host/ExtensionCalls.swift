import Dispatch

/// Where the host calls an extension (`didReceive`, `serviceExtensionTimeWillExpire`): for an extension
/// whose calls may block, each call on a thread that may block without holding up any other phone's
/// extension.
///
/// iOS runs each extension in a process of its own, so an extension that waits on a semaphore for its
/// own download (a common pattern) blocks only itself. Here many phones share a process. Calls made on
/// one concurrent dispatch queue were served by libdispatch's pool of about one thread per core, so two
/// blocked calls stopped every other phone's extension on a 2-core machine (50 in flight of such an
/// extension: deliver p99 24 s, against 58 ms for the built-in `media` on the same load). Each such call
/// now gets a serial queue of its own, which libdispatch serves from its overcommit pool: a new thread
/// when every thread is busy, so a blocked call costs a thread, not the run's timing.
///
/// That pool makes threads even for calls that never block (100 in flight of the built-in `media`: 110
/// threads instead of 11, and 2-3% more CPU), so an extension known never to block
/// (``ExtensionFactory/callsMayBlock`` false: the built-ins) keeps the shared concurrent queue.
enum ExtensionCalls {
    /// The built-ins' calls: a pool of about one thread per core.
    private static let shared = DispatchQueue(label: "nse-bench.extensions", attributes: .concurrent)

    /// Runs `call` on a thread of its own choosing: for calls that may block, at once if a thread is
    /// idle, else on a new one.
    static func run(mayBlock: Bool, _ call: @escaping @Sendable () -> Void) {
        if mayBlock {
            DispatchQueue(label: "nse-bench.extension-call").async(execute: call)
        } else {
            shared.async(execute: call)
        }
    }
}
