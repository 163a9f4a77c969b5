public import Foundation
import NSEBenchSystem
import SimulatedDevice
import Synchronization

/// The run's temporary directory as the host hands it to invocations: one directory for all of them,
/// created on first use, with names that carry the invocation's id, so no two invocations collide.
///
/// iOS gives each extension process a temporary directory of its own; a directory per invocation cost a
/// `mkdir` and a recursive removal each (a quarter of the harness's CPU at 1,000 invocations a second,
/// measured with perf), so the host names files per invocation instead and removes exactly the files an
/// invocation was given (``InvocationContext/makeTemporaryFilePath(pathExtension:)``) when it ends.
public final class TemporaryFiles: Sendable {
    /// The directory.
    public let directory: URL
    /// ``directory``'s path, kept so that naming a file takes one string, not URL edits.
    private let directoryPath: String
    /// Whether the directory is known to exist.
    private let created = Mutex(false)

    /// Files in `directory`, which is created (with its parents) when the first file is named.
    public init(directory: URL) {
        self.directory = directory
        var path = directory.path
        while path.utf8.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.directoryPath = path
    }

    /// Whether `path` names a file directly in the directory (as written: no `..` or links resolved).
    func isDirectlyInside(_ path: String) -> Bool {
        guard path.utf8.count > directoryPath.utf8.count + 1, path.hasPrefix(directoryPath) else { return false }
        let name = path.utf8.dropFirst(directoryPath.utf8.count)
        return name.first == UInt8(ascii: "/") && !name.dropFirst().contains(UInt8(ascii: "/"))
    }

    /// ``filePath(invocation:number:pathExtension:)`` as a file URL.
    public func fileURL(invocation: Int, number: Int, pathExtension: String) throws(InvocationContextError) -> URL {
        URL(
            fileURLWithPath: try filePath(invocation: invocation, number: number, pathExtension: pathExtension),
            isDirectory: false)
    }

    /// The path of `invocation`'s `number`th temporary file, named like the file a `URLSession` download
    /// task leaves: `CFNetworkDownload_<invocation>_<number>.<pathExtension>`. Creates the directory the
    /// first time. A path, not a URL: the built-in extensions' downloads take paths, and building a URL
    /// and reading its path back cost allocations on every invocation (Benchmarks/profile.sh).
    public func filePath(invocation: Int, number: Int, pathExtension: String) throws(InvocationContextError) -> String {
        try created.withLock { created throws(InvocationContextError) in
            guard !created else { return }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateTemporaryDirectory(path: directory.path, reason: error.localizedDescription)
            }
            created = true
        }
        var path = directoryPath
        path += "/CFNetworkDownload_"
        path += String(invocation)
        path += "_"
        path += String(number)
        if !pathExtension.isEmpty {
            path += "."
            path += pathExtension
        }
        return path
    }

    /// The own container (``SimulatedDevice/PhoneContainer``) of `invocation`'s phone:
    /// `Containers/<invocation>` in the directory, made only when the extension asks for one of its folders.
    func container(invocation: Int) -> PhoneContainer {
        PhoneContainer(rootPath: directoryPath + "/Containers/" + String(invocation))
    }

    /// Removes `files` where they are still present (a delivered attachment has been moved away), and
    /// returns the ones that could not be removed with the reason; they go with the run's directory.
    public func remove(_ paths: [String]) -> [(path: String, reason: String)] {
        var failures: [(path: String, reason: String)] = []
        for path in paths {
            do {
                try Posix.removeFile(path)
            } catch {
                failures.append((path, error.message))
            }
        }
        return failures
    }
}
