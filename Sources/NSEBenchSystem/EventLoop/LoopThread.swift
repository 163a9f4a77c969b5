import Glibc

/// A joinable POSIX thread running one closure: the event loop's thread.
///
/// A pthread rather than Foundation's `Thread`: ``EventLoop/shutdown()`` must *join* the thread
/// before closing the descriptors it uses, which `Thread` cannot do, and the loop needs nothing of
/// Foundation's run-loop machinery. `pthread_create` and `pthread_join` return an error number
/// instead of setting `errno`, so they are checked here rather than through `retryingSyscall`.
struct LoopThread: Sendable {
    private let handle: pthread_t

    /// Starts a thread named `name` (cut to 15 bytes, the kernel's limit) running `body`.
    static func spawn(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) -> LoopThread {
        LoopThread(handle: try PosixThread.start(name: name, detached: false, body))
    }

    /// Waits for the thread to finish (`pthread_join`).
    func join() throws(SystemError) {
        let code = pthread_join(handle, nil)
        guard code == 0 else { throw SystemError(call: "pthread_join", errno: code) }
    }

    /// The calling thread's identity, comparable with `pthread_equal`.
    static var currentID: UInt { UInt(pthread_self()) }
}
