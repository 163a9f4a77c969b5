public import Foundation

@_implementationOnly import NSEBenchSystem

/// `Bundle.module` for a user's module that nse-bench compiled from a Swift package's target: SwiftPM gives
/// a target with resources an accessor of that name, and code an app shares with its extension through a
/// package reads its localized strings and files through it (`Bundle.module.localizedString(forKey:value:
/// table:)`, `NSLocalizedString("key", bundle: .module, comment: "")`). nse-bench's build generates the
/// accessor (``bundle(named:library:)``), and fills the folder it names, beside the module's library, with
/// the target's resources, placed as SwiftPM's `.process` rule places them: a localization folder (`.lproj`)
/// and an asset catalog keep their paths, other files land at the bundle's root.
public enum PackageResourceBundle {
    /// The bundle `name` beside the library holding `library` (the module's `#dsohandle`); the main bundle
    /// where that folder is gone (the build cache was changed under the run), so resources read as missing.
    public static func bundle(named name: String, library: UnsafeRawPointer) -> Bundle {
        guard let path = DynamicLibrary.path(containing: library) else { return .main }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name)
        return Bundle(path: folder.path) ?? .main
    }
}
