import NSEBenchSystem
import SimulatedDevice
import UserNotifications

/// Loads a compiled user extension into this process and makes its principal class.
///
/// The library resolves `UserNotifications` and `SimulatedDevice` against the executable (linked with
/// `--export-dynamic`), so its `UNNotificationServiceExtension` is the host's.
///
/// ```swift
/// let factory = try UserExtensionLoader.factory(
///     name: "Examples/XcodeTemplate", libraryPath: built.libraryPath)
/// ```
public enum UserExtensionLoader {
    /// A factory for the principal class of the library at `libraryPath`, reported under `name`.
    public static func factory(name: String, libraryPath: String) throws(UserExtensionError) -> ExtensionFactory {
        let address: UnsafeMutableRawPointer
        do {
            let library = try DynamicLibrary(path: libraryPath)
            address = try library.symbol(named: ExtensionEntryPoint.symbolName)
        } catch {
            // dlopen cannot map a library from a noexec mount, and says only "failed to map segment".
            let hint =
                Posix.forbidsExecution(onFileSystemOf: libraryPath)
                ? " (its file system is mounted noexec: set NSE_BENCH_CACHE to a folder where programs may run)" : ""
            throw .loadFailed(path: libraryPath, reason: error.description + hint)
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
        let entry = unsafeBitCast(address, to: Entry.self)
        let point = Unmanaged<ExtensionEntryPoint>.fromOpaque(entry()).takeRetainedValue()
        let make = point.make
        return ExtensionFactory(name: name, make: make)
    }

    /// Finds, builds (or takes from the cache) and loads the extension at `path`, with the user's own
    /// `modules` (``UserExtensionSource/locate(_:principalClass:swiftVersion:modules:)``); the source it
    /// returns is without the project's modules the build left out (``UserExtensionSource/leavingOut(modules:)``).
    public static func load(
        _ path: String, principalClass: String? = nil, swiftVersion: String? = nil, modules: [String] = [],
        builder: UserExtensionBuilder
    ) throws(UserExtensionError) -> (
        factory: ExtensionFactory, source: UserExtensionSource, built: UserExtensionBuilder.Built
    ) {
        let source = try UserExtensionSource.locate(
            path, principalClass: principalClass, swiftVersion: swiftVersion, modules: modules)
        let built = try builder.build(source)
        return (
            try factory(name: path, libraryPath: built.libraryPath), source.leavingOut(modules: built.leftOutModules),
            built
        )
    }
}
