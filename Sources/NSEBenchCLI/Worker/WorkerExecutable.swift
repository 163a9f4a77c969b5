import Foundation
import NSERuntime

/// A user's extension's library, and what its worker processes' `Bundle.main` is.
struct ExtensionLibrary: Sendable {
    /// The compiled library.
    var path: String
    /// The extension's main bundle; nil when its sources never name `Bundle.main`.
    var mainBundle: ExtensionMainBundle?
}

/// The executable the workers of an extension run: nse-bench itself, or, for an extension that reads
/// `Bundle.main`, nse-bench from a folder holding the extension's Info.plist (``ExtensionMainBundle``).
///
/// Foundation on Linux finds the main bundle from `/proc/self/exe` with links resolved, so a symbolic
/// link would not do: the folder gets a hard link to the executable, or a copy of it where the two are
/// on different file systems (the run's work folder is often in `/dev/shm`).
enum WorkerExecutable {
    /// The folder's name inside the run's work folder.
    static let folderName = "main-bundle"

    /// The executable for `library`'s workers; `executable` is nse-bench's own (links resolved).
    static func make(for library: ExtensionLibrary, executable: URL, in work: URL) throws -> URL {
        guard let bundle = library.mainBundle else { return executable }
        let folder = work.appendingPathComponent(folderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try bundle.infoPlist.write(to: folder.appendingPathComponent("Info.plist"))
        let copy = folder.appendingPathComponent(executable.lastPathComponent)
        do {
            try FileManager.default.linkItem(at: executable, to: copy)
        } catch {
            // Another file system (EXDEV), or links refused: a copy runs as well, at the cost of its size.
            try FileManager.default.copyItem(at: executable, to: copy)
        }
        return copy
    }
}
