import CNSEBenchLinux
import Glibc

/// Starts POSIX threads and says when one could not be started.
///
/// Foundation's `Thread.start()` on Linux ignores `pthread_create`'s result: a thread that could not be
/// made (no memory for its stack, the process's thread limit) is never run and nothing says so, so a
/// pool counting it as on its way would wait for it forever. `pthread_create` returns an error number
/// instead of setting `errno`, so it is checked here rather than through `retryingSyscall`.
///
/// Every thread nse-bench starts goes through here: a harness that silently lacks a thread (a reader,
/// a sweep, a pool's) waits for it for ever, and a run must end and say why instead.
///
/// ```swift
/// try PosixThread.detach(name: "nse-bench-reader") { readLines() }
/// ```
public enum PosixThread {
    /// The closure the new thread runs, handed over through `pthread_create`'s context pointer.
    private final class Start {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Starts a detached thread named `name` (cut to 15 bytes, the kernel's limit) running `body`, with a
    /// stack of `stackSize` bytes (nil: the system's default); its resources go when it ends. Throws when
    /// the thread could not be made; `body` then never runs.
    public static func detach(
        name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
    ) throws(SystemError) {
        _ = try start(name: name, stackSize: stackSize, detached: true, body)
    }

    /// Starts a thread named `name` (cut to 15 bytes, the kernel's limit) running `body`, with a stack of
    /// `stackSize` bytes (nil: the system's default); a `detached` thread's resources go when it ends,
    /// another's when it is joined. Throws when the thread could not be made; `body` then never runs.
    static func start(
        name: String, stackSize: Int? = nil, detached: Bool, _ body: @escaping @Sendable () -> Void
    ) throws(SystemError) -> pthread_t {
        var attributes = pthread_attr_t()
        var code = pthread_attr_init(&attributes)
        guard code == 0 else { throw SystemError(call: "pthread_attr_init", errno: code) }
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize {
            code = pthread_attr_setstacksize(&attributes, stackSize)
            guard code == 0 else { throw SystemError(call: "pthread_attr_setstacksize", errno: code) }
        }
        if detached {
            code = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            guard code == 0 else { throw SystemError(call: "pthread_attr_setdetachstate", errno: code) }
        }
        let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var handle = pthread_t()
        code = pthread_create(
            &handle, &attributes,
            { context in
                guard let context else { return nil }
                let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
                _ = nseb_set_current_thread_name(start.name)
                start.body()
                return nil
            }, context)
        guard code == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create", errno: code)
        }
        return handle
    }
}
