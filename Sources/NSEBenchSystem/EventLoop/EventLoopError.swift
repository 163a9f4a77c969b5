/// Why an ``EventLoop`` call failed. Every case names the loop, and the descriptor where one is
/// involved.
public enum EventLoopError: Error, Equatable, CustomStringConvertible {
    /// A system call failed (creating the thread, `epoll_ctl`, `epoll_wait`, the wakeup eventfd).
    case system(SystemError)
    /// ``EventLoop/start()`` was called on a loop that is already running.
    case alreadyStarted(loop: String)
    /// The loop was shut down (or stopped after a system error) and accepts no more work.
    case shutDown(loop: String)
    /// A loop-thread-only operation was called from another thread.
    case notOnLoopThread(loop: String, operation: String)
    /// An operation that must not run on the loop thread (``EventLoop/shutdown()``, which joins
    /// it) was called there.
    case onLoopThread(loop: String, operation: String)
    /// A negative descriptor was given.
    case invalidDescriptor(loop: String, fd: Int32)
    /// The descriptor is registered already; deregister it first.
    case alreadyRegistered(loop: String, fd: Int32)
    /// The descriptor is not registered with this loop.
    case notRegistered(loop: String, fd: Int32)

    public var description: String {
        switch self {
        case .system(let error): "event loop: \(error)"
        case .alreadyStarted(let loop): "event loop \(loop) is already started"
        case .shutDown(let loop): "event loop \(loop) is shut down"
        case .notOnLoopThread(let loop, let operation): "\(operation) must be called on event loop \(loop)'s thread"
        case .onLoopThread(let loop, let operation): "\(operation) must not be called on event loop \(loop)'s thread"
        case .invalidDescriptor(let loop, let fd): "event loop \(loop): invalid descriptor \(fd)"
        case .alreadyRegistered(let loop, let fd): "event loop \(loop): descriptor \(fd) is already registered"
        case .notRegistered(let loop, let fd): "event loop \(loop): descriptor \(fd) is not registered"
        }
    }
}
