public import Foundation

/// A Swift module of the user's own that their extension imports (`--module NAME=PATH`): a package
/// such as KeychainSwift, or the app's code it shares with its extension. nse-bench compiles it, before the
/// extension, into a library of its own beside the extension's, as Xcode builds a framework the
/// extension links, with the same simulated phone's `URLSession` (``ExtensionEntryFile/moduleText(_:)``).
///
/// `path` may be a folder of `.swift` files (subfolders too), one `.swift` file, or a Swift package's
/// folder, whose target folder `Sources/NAME` (or `Source/NAME`, `src/NAME`, `srcs/NAME`, as SwiftPM
/// looks for it) is taken: the one named, or the package's only one.
///
/// ```swift
/// let module = try ExtensionModule.locate("Examples/SharedModule/MediaKit")
/// module.name  // "MediaKit"
/// ```
public struct ExtensionModule: Sendable, Hashable {
    /// The module's name, as the extension imports it.
    public var name: String
    /// The path as given.
    public var path: String
    /// The folder its sources are under (a package's target folder), or its one file.
    public var root: URL
    /// The Swift files, sorted.
    public var sources: [URL]
    /// The modules its sources import.
    public var imports: [String]
    /// Whether its generated file aliases `FileManager` to the phone's, as
    /// ``UserExtensionSource/aliasesFileManager`` says for the extension's.
    public var aliasesFileManager: Bool
    /// The shadows its generated file leaves out, as its sources declare methods they would clash with
    /// (``GeneratedShadow``).
    var shadowsLeftOut: Set<GeneratedShadow> = []
    /// Who named it: `--module`, or what of the extension's Xcode project (``ProjectModules``).
    public var origin = ExtensionModule.givenOrigin
    /// Whether it is a Swift package's target: compiled with `SWIFT_PACKAGE` set, as SwiftPM and Xcode
    /// compile one.
    public var isPackageTarget = false
    /// Whether its sources read the resource bundle SwiftPM generates for a package target with resources
    /// (`Bundle.module`, `bundle: .module`) and declare none of their own: the build makes it
    /// (``PackageResourceBundle``).
    public var usesPackageResources = false

    /// The compilation conditions its package's manifest defines for it (`.define`), beside
    /// ``packageCondition``.
    public var defines: [String] = []
    /// Where its resources go in its `Bundle.module`, file by file, as its package's manifest declares them
    /// and SwiftPM finds them (``PackageManifest/resourcePlacements(of:among:)``); nil when no manifest was
    /// read, and every file of its folder but sources is a resource.
    public var resourcePlacements: [ResourcePlacement]? = nil
    /// The files its package's manifest embeds in its code (`.embedInCode`), which SwiftPM compiles into
    /// `PackageResources` (``ExtensionEntryFile/packageResourcesText(of:)``).
    public var embeddedResources: [URL] = []
    /// Why its package's manifest could not be read, when it could not: its target was then found by its
    /// folder alone (`Sources/NAME`), every Swift file in it compiled.
    public var manifestProblem: String? = nil

    /// A resource file and its path in the module's bundle.
    public struct ResourcePlacement: Sendable, Hashable {
        /// The file.
        public var file: URL
        /// Its path in the bundle.
        public var bundlePath: String
    }

    /// The compilation condition SwiftPM and Xcode set for a Swift package's targets.
    static let packageCondition = "SWIFT_PACKAGE"

    /// Conditions its build system defines for it besides a package's: `COCOAPODS` for a pod
    /// (``CocoaPodsInstall/condition``).
    public var otherConditions: [String] = []

    /// The conditions its sources compile with: its package's (``packageCondition``, ``defines``) and
    /// ``otherConditions``.
    var conditions: [String] { (isPackageTarget ? [Self.packageCondition] + defines : []) + otherConditions }

    /// The ``origin`` of a module the user named.
    public static let givenOrigin = "--module"

    /// Whether the extension's Xcode project gave it, not the user: one that does not compile is left out
    /// rather than ending the build.
    public var isFromProject: Bool { origin != Self.givenOrigin }

    /// The folders a Swift package keeps its targets in, in the order SwiftPM looks.
    static let packageSourceFolders = ["Sources", "Source", "src", "srcs"]

    /// Whether the Swift package at `package` has a target named `name`: as its manifest says, or, where
    /// that cannot be read, a target folder of that name.
    static func package(_ package: URL, hasTarget name: String) -> Bool {
        if case .success(let manifest) = PackageManifestReader.manifest(ofPackageAt: package) {
            return manifest.target(named: name)?.isCompilable == true
        }
        return packageSourceFolders.contains {
            FileManager.default.fileExists(atPath: package.appendingPathComponent("\($0)/\(name)").path)
        }
    }

    /// The module `--module` names: `NAME=PATH`, or `PATH` alone, whose last folder or file name is the
    /// module's.
    public static func locate(_ specification: String) throws(UserExtensionError) -> ExtensionModule {
        var name: String?
        var path = specification
        if let equals = specification.firstIndex(of: "="),
            !specification[..<equals].contains("/")
        {
            name = String(specification[..<equals])
            path = String(specification[specification.index(after: equals)...])
        }
        guard !path.isEmpty else { throw .badModule(specification: specification, reason: "no path after =") }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .badModule(specification: specification, reason: "nothing at \(path)")
        }
        var root = URL(fileURLWithPath: path).standardizedFileURL
        var moduleName =
            name ?? (isDirectory.boolValue ? root.lastPathComponent : root.deletingPathExtension().lastPathComponent)
        var isPackageTarget = false
        // The package's manifest and the target, where the path is a package's (or one of its targets').
        var package: (manifest: PackageManifest, target: PackageManifest.Target)?
        var manifestProblem: String?
        if isDirectory.boolValue, manager.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            isPackageTarget = true
            switch PackageManifestReader.manifest(ofPackageAt: root) {
            case .success(let manifest):
                let target = try manifestTarget(name, of: manifest, specification: specification)
                package = (manifest, target)
                (root, moduleName) = (manifest.folder(of: target), target.name)
            case .failure(let failure):
                manifestProblem = failure.description
                (root, moduleName) = try packageTarget(name, in: root, specification: specification)
            }
        } else if isDirectory.boolValue, let packageFolder = enclosingPackage(ofTargetFolder: root) {
            // A package's target folder given itself (`Packages/Core/Sources/Core`): one where its manifest
            // says so (a tool's manifest at a repository's root is not the app's code's).
            switch PackageManifestReader.manifest(ofPackageAt: packageFolder) {
            case .success(let manifest):
                if let target = manifest.targets.first(where: { $0.isCompilable && manifest.folder(of: $0) == root }) {
                    package = (manifest, target)
                    isPackageTarget = true
                    if name == nil { moduleName = target.name }
                }
            case .failure(let failure):
                manifestProblem = failure.description
                isPackageTarget = true
            }
        }
        guard isIdentifier(moduleName) else {
            throw .badModule(
                specification: specification,
                reason: "\"\(moduleName)\" is no Swift module name (letters, digits and _, not starting with a "
                    + "digit); name it with --module NAME=PATH")
        }
        var files: [URL]
        if isDirectory.boolValue {
            files = UserExtensionSource.allFiles(under: root)
            if let package { files = package.manifest.members(of: package.target, among: files) }
        } else {
            guard root.pathExtension == "swift" else {
                throw .badModule(specification: specification, reason: "\(path) is neither a folder nor a .swift file")
            }
            files = [root]
        }
        let foreign = files.filter(UserExtensionSource.isForeignSource)
        if !foreign.isEmpty {
            let names = foreign.map { UserExtensionSource.relative($0, to: root) }.joined(separator: ", ")
            throw .badModule(
                specification: specification,
                reason: "Objective-C or C sources (\(names)): nse-bench compiles Swift modules only")
        }
        let sources = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        guard !sources.isEmpty else {
            throw .badModule(specification: specification, reason: "no .swift files in \(root.path)")
        }
        var module = try make(
            name: moduleName, path: path, root: root, sources: sources, specification: specification,
            isPackageTarget: isPackageTarget, defines: package?.target.defines ?? [])
        module.manifestProblem = manifestProblem
        if let package {
            module.resourcePlacements = package.manifest.resourcePlacements(
                of: package.target, among: UserExtensionSource.allFiles(under: root)
            ).map { ResourcePlacement(file: $0.file, bundlePath: $0.bundlePath) }
            module.embeddedResources = package.manifest.embeddedFiles(
                of: package.target, among: UserExtensionSource.allFiles(under: root))
        }
        return module
    }

    /// The package folder whose target folder `folder` is by SwiftPM's rule (`Sources/NAME`, ...): the one
    /// two up, holding a `Package.swift`.
    private static func enclosingPackage(ofTargetFolder folder: URL) -> URL? {
        guard packageSourceFolders.contains(folder.deletingLastPathComponent().lastPathComponent) else { return nil }
        let package = folder.deletingLastPathComponent().deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
            ? package : nil
    }

    /// The target of `manifest` named `name`, or its one target of Swift code when no name was given.
    private static func manifestTarget(
        _ name: String?, of manifest: PackageManifest, specification: String
    ) throws(UserExtensionError) -> PackageManifest.Target {
        let compilable = manifest.targets.filter(\.isCompilable)
        if let name, let target = compilable.first(where: { $0.name == name }) { return target }
        if name == nil, compilable.count == 1 { return compilable[0] }
        let found =
            compilable.isEmpty
            ? "no targets of Swift code" : "targets \(compilable.map(\.name).joined(separator: ", "))"
        let products = manifest.products.filter { $0.name == name }.flatMap(\.targets)
        let reason =
            name.map {
                "the Swift package \(manifest.name)'s manifest has no target named \($0) (it has \(found))"
                    + (products.isEmpty
                        ? "; name one of them"
                        : "; its product \($0) is made of \(products.joined(separator: ", ")): "
                            + "name the module your code imports")
            } ?? "the Swift package \(manifest.name) has \(found): name one with --module NAME=PATH"
        throw .badModule(specification: specification, reason: reason)
    }

    /// The module `name` of the Swift files `sources` (sorted), all under `root`; `path` says where it came
    /// from, `specification` how it was asked for (named in errors); `isPackageTarget` for a Swift package's
    /// target.
    static func make(
        name moduleName: String, path: String, root: URL, sources: [URL], specification: String,
        isPackageTarget: Bool = false, defines: [String] = []
    ) throws(UserExtensionError) -> ExtensionModule {
        var imports: [String] = []
        var namesFileManagerDelegate = false
        var shadowsLeftOut: Set<GeneratedShadow> = []
        var readsModuleBundle = false
        var declaresModuleBundle = false
        let conditions: Set<String> = isPackageTarget ? Set([packageCondition] + defines) : []
        for source in sources {
            let text: String
            do {
                text = try String(contentsOf: source, encoding: .utf8)
            } catch {
                throw .badModule(specification: specification, reason: "cannot read \(source.path) as UTF-8 text")
            }
            // As an iPhone compiles it: an import under `#if os(macOS)` is not this module's to link.
            let active = ConditionalCompilation.activeText(of: text, conditions: conditions)
            for module in ExtensionSourceScan.importedModules(in: active) where !imports.contains(module) {
                imports.append(module)
            }
            namesFileManagerDelegate = namesFileManagerDelegate || text.contains("FileManagerDelegate")
            shadowsLeftOut.formUnion(GeneratedShadow.clashing(in: active))
            if isPackageTarget {
                readsModuleBundle = readsModuleBundle || ExtensionSourceScan.readsModuleBundle(active)
                declaresModuleBundle = declaresModuleBundle || ExtensionSourceScan.declaresModuleBundle(active)
            }
        }
        var module = ExtensionModule(
            name: moduleName, path: path, root: root, sources: sources, imports: imports,
            aliasesFileManager: !namesFileManagerDelegate)
        module.isPackageTarget = isPackageTarget
        module.shadowsLeftOut = shadowsLeftOut
        module.defines = isPackageTarget ? defines : []
        module.usesPackageResources = readsModuleBundle && !declaresModuleBundle
        return module
    }

    /// `modules` in an order each can be compiled in: every module after those of the others it imports.
    /// Throws for two of the same name and for modules that import each other.
    public static func buildOrder(_ modules: [ExtensionModule]) throws(UserExtensionError) -> [ExtensionModule] {
        var byName: [String: ExtensionModule] = [:]
        for module in modules {
            if let earlier = byName[module.name] {
                throw .badModule(
                    specification: module.path,
                    reason: "a second module named \(module.name) (the first is \(earlier.path))")
            }
            byName[module.name] = module
        }
        var ordered: [ExtensionModule] = []
        var placed: Set<String> = []
        var remaining = modules
        while !remaining.isEmpty {
            let ready = remaining.filter { module in
                module.imports.allSatisfy { byName[$0] == nil || placed.contains($0) || $0 == module.name }
            }
            guard !ready.isEmpty else {
                throw .badModule(
                    specification: remaining.map(\.path).joined(separator: ", "),
                    reason: "modules that import each other (\(remaining.map(\.name).joined(separator: ", "))) "
                        + "cannot be compiled one after another")
            }
            ordered += ready
            placed.formUnion(ready.map(\.name))
            remaining.removeAll { placed.contains($0.name) }
        }
        return ordered
    }

    /// The target folder of the Swift package at `root`: `Sources/NAME` for the `name` given, or its one
    /// target folder when no name was given. Returns the folder and the module's name.
    private static func packageTarget(
        _ name: String?, in root: URL, specification: String
    ) throws(UserExtensionError) -> (folder: URL, name: String) {
        var targets: [URL] = []
        for folder in packageSourceFolders {
            let sources = root.appendingPathComponent(folder, isDirectory: true)
            let listed: [String]
            do {
                listed = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            } catch {
                continue  // a package without this folder: SwiftPM looks in the next
            }
            for entry in listed.sorted() where !entry.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                let candidate = sources.appendingPathComponent(entry, isDirectory: true)
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                    isDirectory.boolValue
                {
                    targets.append(candidate)
                }
            }
        }
        if let name, let target = targets.first(where: { $0.lastPathComponent == name }) { return (target, name) }
        if name == nil, targets.count == 1 { return (targets[0], targets[0].lastPathComponent) }
        let listed = targets.map { "\($0.deletingLastPathComponent().lastPathComponent)/\($0.lastPathComponent)" }
        let found = listed.isEmpty ? "no target folders" : "target folders \(listed.joined(separator: ", "))"
        let reason =
            name.map {
                "a Swift package with no target folder named exactly \($0) (it has \(found)); name one of them, or "
                    + "give the folder of a target whose Package.swift sets its own path: as PATH"
            } ?? "a Swift package with \(found): name one with --module NAME=PATH, or give its folder as PATH"
        throw .badModule(specification: specification, reason: reason)
    }

    /// Why `name` cannot be a module of the user's: one of nse-bench's or the toolchain's.
    static func takenNameReason(_ name: String) -> String {
        UserExtensionBuilder.providedModules.contains(name)
            ? "nse-bench provides the module \(name) itself, and its extension helpers run on the simulated phone; "
                + "leave this --module out"
            : "\(name) is the name of a module of nse-bench's or Swift's own, which the compile would find first"
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
    }
}
