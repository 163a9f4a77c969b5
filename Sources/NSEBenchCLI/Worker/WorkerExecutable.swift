import Foundation
import NSEBenchSystem
import NSERuntime

/// A user's extension's library, and the executable its worker processes run.
struct ExtensionLibrary: Sendable {
    /// The compiled library.
    var path: String
    /// What the workers run: nse-bench itself, or nse-bench beside the extension's Info.plist when its
    /// sources read `Bundle.main` (``WorkerExecutable``).
    var workerExecutable: URL
    /// The folder of the Swift toolchain that compiled it, whose `llvm-symbolizer` names where a crash
    /// was (``NativeSymbolizer``).
    var toolchain: URL? = nil
}

/// The executable the workers of an extension that reads `Bundle.main` run: nse-bench from a folder
/// holding the extension's Info.plist and links to its target folder's resources (``ExtensionMainBundle``).
///
/// Foundation on Linux finds the main bundle from `/proc/self/exe` with links resolved, so a symbolic
/// link would not do: the folder gets a hard link to the executable, or a copy of it where the two are
/// on different file systems. The folder is in the build cache, named by a hash of the executable (its
/// path, size, time and inode) and the Info.plist, so runs share it; a newer build of the same executable
/// replaces the older's folder. The cache must allow running programs: a `noexec` mount is refused with
/// a message naming it, before anything runs.
enum WorkerExecutable {
    /// Why the folder could not be made.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The executable for the workers of an extension whose main bundle is `bundle`; `executable` is
    /// nse-bench's own (links resolved), `cache` the build cache's folder.
    static func make(for bundle: ExtensionMainBundle, executable: URL, cache: URL) throws -> URL {
        let manager = FileManager.default
        let parent = cache.appendingPathComponent("main-bundles")
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        if Posix.forbidsExecution(onFileSystemOf: parent.path) {
            throw Failure(
                description: "cannot run your extension's workers with its Bundle.main: \(parent.path) is on a file "
                    + "system mounted noexec; set NSE_BENCH_CACHE to a folder where programs may run")
        }
        let identity = try manager.attributesOfItem(atPath: executable.path)
        // Where each resource is and which file it links to: the links follow the files, so an edited
        // logo is the same bundle; a made one (a string catalog's table) by what it holds.
        let resources = bundle.resources.flatMap {
            [$0.bundlePath, $0.file.path, $0.contents.map { String(decoding: $0, as: UTF8.self) } ?? ""]
        }
        let key = try digest(
            [
                executable.path, "\(identity[.size] ?? "")", "\(identity[.modificationDate] ?? "")",
                "\(identity[.systemFileNumber] ?? "")",
            ] + resources, bundle.infoPlist)
        let folder = parent.appendingPathComponent(key)
        let copy = folder.appendingPathComponent(executable.lastPathComponent)
        if manager.isExecutableFile(atPath: copy.path) { return copy }
        let partial = parent.appendingPathComponent("\(key).writing-\(UUID().uuidString)")
        defer { removeIfPresent(partial) }
        try manager.createDirectory(at: partial, withIntermediateDirectories: true)
        try bundle.infoPlist.write(to: partial.appendingPathComponent("Info.plist"))
        try Data(executable.path.utf8).write(to: partial.appendingPathComponent(sourceFileName))
        // The target folder's resources, where the bundle holds them: Foundation on Linux finds a flat
        // bundle's resources beside its executable.
        let own: Set<String> = ["Info.plist", sourceFileName, executable.lastPathComponent]
        for resource in bundle.resources where !own.contains(resource.bundlePath) { try resource.place(in: partial) }
        do {
            try manager.linkItem(at: executable, to: partial.appendingPathComponent(executable.lastPathComponent))
        } catch {
            // Another file system (EXDEV), or links refused: a copy runs as well, at the cost of its size.
            try manager.copyItem(at: executable, to: partial.appendingPathComponent(executable.lastPathComponent))
        }
        do {
            try manager.moveItem(at: partial, to: folder)
        } catch {
            // Another run put the same folder in place first: its files are the same.
            guard manager.isExecutableFile(atPath: copy.path) else { throw error }
        }
        removeOlderBuilds(of: executable, in: parent, keeping: key)
        return copy
    }

    /// The file in each folder naming the executable it holds a link to or a copy of.
    static let sourceFileName = "executable-path"

    /// Removes the folders of `executable`'s earlier builds: a link keeps an old build's file alive.
    private static func removeOlderBuilds(of executable: URL, in parent: URL, keeping key: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: parent.path)
        } catch {
            return  // nothing listed, nothing tidied: the folders cost disk only
        }
        // The running build's file: folders holding a link to it (another extension's, running now) stay.
        let current = inode(executable.path)
        for name in names where name != key && !name.contains(".writing-") {
            let folder = parent.appendingPathComponent(name)
            guard let source = FileManager.default.contents(atPath: folder.appendingPathComponent(sourceFileName).path),
                String(decoding: source, as: UTF8.self) == executable.path,
                current == nil || inode(folder.appendingPathComponent(executable.lastPathComponent).path) != current
            else { continue }
            removeIfPresent(folder)
        }
    }

    /// The file's inode number; nil when it cannot be read.
    private static func inode(_ path: String) -> UInt64? {
        do {
            return (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value
        } catch {
            return nil  // no file, no build to tell apart: the caller keeps what it cannot compare
        }
    }

    private static func digest(_ fields: [String], _ plist: Data) throws -> String {
        var digest = try SHA256Digest()
        try digest.update(Array(fields.joined(separator: "\u{0}").utf8) + [0])
        try digest.update(Array(plist))
        return String(try digest.hexadecimal().prefix(16))
    }

    private static func removeIfPresent(_ folder: URL) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            return  // a leftover costs disk only; the next run of this key uses it or another name
        }
    }
}
