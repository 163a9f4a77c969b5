import CNSEBenchLinux
import Glibc

/// A shared library loaded with `dlopen`: a user's compiled extension. It stays loaded for the life of
/// the process (code of it may still run on other threads), so there is no `close`.
///
/// ```swift
/// let library = try DynamicLibrary(path: "/root/.cache/nse-bench/extensions/ab12.../extension.so")
/// let entry = try library.symbol(named: "nse_bench_extension_entry")
/// ```
public struct DynamicLibrary: Sendable {
    /// The file it was loaded from.
    public let path: String
    private nonisolated(unsafe) let handle: UnsafeMutableRawPointer

    /// Loads `path`, resolving every symbol now (`RTLD_NOW`), so a missing one fails here and not mid-run.
    public init(path: String) throws(DynamicLibraryError) {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw DynamicLibraryError(path: path, symbol: nil, reason: Self.lastError())
        }
        self.path = path
        self.handle = handle
    }

    /// The address of the C symbol `name`.
    public func symbol(named name: String) throws(DynamicLibraryError) -> UnsafeMutableRawPointer {
        _ = dlerror()
        guard let address = dlsym(handle, name) else {
            throw DynamicLibraryError(path: path, symbol: name, reason: Self.lastError())
        }
        return address
    }

    /// The path of the loaded library or executable that holds `address` (a `#dsohandle`, a function's
    /// address), as the dynamic linker names it; nil when none holds it.
    public static func path(containing address: UnsafeRawPointer) -> String? {
        nseb_shared_object_path(address).map { String(cString: $0) }
    }

    private static func lastError() -> String {
        guard let message = dlerror() else { return "unknown dlopen error" }
        return String(cString: message)
    }
}

/// `dlopen` or `dlsym` failed: the library, the symbol looked up (if any) and `dlerror`'s message.
public struct DynamicLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The library's path.
    public var path: String
    /// The symbol looked up; nil when the library did not load.
    public var symbol: String?
    /// `dlerror()`.
    public var reason: String

    public var description: String {
        if let symbol { return "\(path) has no symbol \(symbol): \(reason)" }
        return "cannot load \(path): \(reason)"
    }
}
