public import Foundation

@_implementationOnly import NSEBenchSystem

/// `Bundle.module` for a user's module that nse-bench compiled from a Swift package's target: SwiftPM gives
/// a target with resources an accessor of that name, and code an app shares with its extension through a
/// package reads its localized strings and files through it (`Bundle.module.localizedString(forKey:value:
/// table:)`, `NSLocalizedString("key", bundle: .module, comment: "")`). nse-bench's build generates the
/// accessor (``bundle(named:library:)``), and fills the folder it names, beside the module's library, with
/// the target's resources, placed as SwiftPM places them: a localization folder (`.lproj`) and an asset
/// catalog keep their paths, other processed files land at the bundle's root.
public enum PackageResourceBundle {
    /// The bundle `name` beside the library holding `library` (the module's `#dsohandle`). Where that
    /// folder is gone (the build cache was changed under the run) the process's standard error says so,
    /// and an empty bundle stands in, so that the module's resources read as missing rather than as
    /// another bundle's.
    public static func bundle(named name: String, library: UnsafeRawPointer) -> Bundle {
        let why: String
        if let path = DynamicLibrary.path(containing: library) {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name)
            if let bundle = Bundle(path: folder.path) { return bundle }
            why = "\(folder.path) is not there"
        } else {
            why = "the dynamic linker names no library holding the module"
        }
        FileHandle.standardError.write(
            Data("nse-bench: Bundle.module (\(name)): \(why); its resources read as missing\n".utf8))
        return emptyBundle
    }

    /// A bundle of an empty folder of its own, made once.
    private static let emptyBundle: Bundle = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nse-bench-empty-bundle-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("nse-bench: cannot make \(folder.path): \(error)\n".utf8))
        }
        return Bundle(path: folder.path) ?? Bundle(path: "/")!
    }()
}
