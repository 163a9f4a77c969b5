import Foundation

/// A Swift package's manifest as SwiftPM reads it: the JSON `swift package dump-package` prints, which
/// ``PackageManifestReader`` gets for a package folder. Apps' local packages often set what a folder
/// cannot tell: a target's own `path:` (home-assistant/iOS's are `path: "Sources"`), the files it
/// `exclude:`s or the only ones it takes (`sources:`), its resources' rules, its `.define(...)` settings,
/// and products named otherwise than their targets.
struct PackageManifest: Sendable, Hashable {
    /// The package's name.
    var name: String
    /// The package's folder (the one holding `Package.swift`), standardized.
    var folder: URL
    /// Its targets, in the manifest's order.
    var targets: [Target]
    /// Its products.
    var products: [Product]
    /// The folders of the packages it depends on by path (`.package(path:)`), standardized.
    var pathDependencies: [URL]
    /// The remote packages it depends on (`.package(url:)`, a registry's `.package(id:)`), by identity (and
    /// by the `name:` an older manifest gives one): where each is fetched from.
    var remoteDependencies: [String: String] = [:]

    /// A target of the package.
    struct Target: Sendable, Hashable {
        /// Its name, the module's.
        var name: String
        /// `regular`, `executable`, `test`, `system`, `binary`, `macro`, `plugin`.
        var kind: String
        /// Its folder from the package's, when the manifest sets one.
        var path: String?
        /// Paths from its folder that are none of its files.
        var exclude: [String] = []
        /// Paths from its folder that hold its only sources, when the manifest names them.
        var sources: [String]?
        /// Its declared resources.
        var resources: [Resource] = []
        /// The compilation conditions its Swift settings define for an iPhone's release build (`.define`,
        /// without a condition or with one an iPhone's release build meets).
        var defines: [String] = []
        /// The names of the targets and products it depends on (`byName`, `.target`, `.product`).
        var dependencies: [String] = []
        /// The products of other packages it depends on (`.product(name:package:)`): product → package.
        var products: [String: String] = [:]

        /// Whether it is a module nse-bench can compile for an extension to import: a library's target (an
        /// executable's has its `main`, and is imported by its tests alone).
        var isCompilable: Bool { kind == "regular" }
    }

    /// A declared resource: a path from the target's folder and SwiftPM's rule for it.
    struct Resource: Sendable, Hashable {
        /// The path from the target's folder.
        var path: String
        /// Whether it is copied as it is (`.copy`: a folder keeps its name and inner paths), rather than
        /// processed (`.process`, `.embedInCode`: each file at the bundle's root, a localization folder and an
        /// asset catalog kept).
        var isCopied: Bool
        /// Whether its files are compiled into the module as byte arrays (`.embedInCode`: SwiftPM's
        /// `PackageResources`) rather than put in its bundle.
        var isEmbedded = false
        /// The localization folder a processed file goes to (`.process(_:localization: .default)` is the
        /// package's default localization's, `.base` `Base.lproj`); nil for none.
        var localizationFolder: String? = nil
    }

    /// A product of the package.
    struct Product: Sendable, Hashable {
        var name: String
        var targets: [String]
    }

    /// Why a manifest's JSON did not read.
    struct FormatError: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The folders SwiftPM looks for a target's folder in when the manifest sets none, in its order.
    static let targetParents = ["Sources", "Source", "src", "srcs"]

    /// The manifest of the package at `folder` from `swift package dump-package`'s JSON `data`.
    init(json data: Data, folder: URL) throws(FormatError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw FormatError(description: "not JSON: \(error.localizedDescription)")
        }
        guard let root = object as? [String: Any], let name = root["name"] as? String,
            let targets = root["targets"] as? [[String: Any]]
        else { throw FormatError(description: "no package name or targets") }
        guard root["toolsVersion"] is [String: Any] else {
            throw FormatError(description: "no toolsVersion: a shape of SwiftPM's this reader does not know")
        }
        self.name = name
        self.folder = folder.standardizedFileURL
        let defaultLocalization = root["defaultLocalization"] as? String
        let defaultTraits = Self.defaultTraits(root["traits"])
        var read: [Target] = []
        for target in targets {
            read.append(try Self.target(target, defaultLocalization: defaultLocalization, defaultTraits: defaultTraits))
        }
        self.targets = read
        products = (root["products"] as? [[String: Any]] ?? []).compactMap { product in
            guard let name = product["name"] as? String else { return nil }
            return Product(name: name, targets: product["targets"] as? [String] ?? [])
        }
        var pathDependencies: [URL] = []
        for dependency in root["dependencies"] as? [[String: Any]] ?? [] {
            guard let kind = dependency.keys.first, ["fileSystem", "sourceControl", "registry"].contains(kind) else {
                throw FormatError(description: "a dependency of a kind this reader does not know: \(dependency.keys)")
            }
            if let local = (dependency["fileSystem"] as? [[String: Any]])?.first, let path = local["path"] as? String {
                pathDependencies.append(Self.resolve(path, against: folder))
            }
            if let remote = (dependency["sourceControl"] as? [[String: Any]])?.first,
                let identity = remote["identity"] as? String
            {
                let location = (remote["location"] as? [String: Any])?["remote"] as? [[String: Any]]
                let url = location?.first?["urlString"] as? String ?? identity
                remoteDependencies[identity] = url
                // `.package(name:url:...)`: its targets name it by that name.
                if let name = remote["nameForTargetDependencyResolutionOnly"] as? String {
                    remoteDependencies[name] = url
                }
            }
            if let registry = (dependency["registry"] as? [[String: Any]])?.first,
                let identity = registry["identity"] as? String
            {
                remoteDependencies[identity] = "the registry's \(identity)"
            }
        }
        self.pathDependencies = pathDependencies
    }

    /// The traits a package enables by default (its `default` trait's), from the JSON's `traits`.
    private static func defaultTraits(_ traits: Any?) -> Set<String> {
        let all = traits as? [[String: Any]] ?? []
        let enabled = all.first { $0["name"] as? String == "default" }?["enabledTraits"] as? [String] ?? []
        return Set(enabled)
    }

    /// `path` as a file URL: itself where absolute, else from `folder`; standardized.
    static func resolve(_ path: String, against folder: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
    }

    private static func target(
        _ object: [String: Any], defaultLocalization: String?, defaultTraits: Set<String>
    ) throws(FormatError) -> Target {
        guard let name = object["name"] as? String, let kind = object["type"] as? String else {
            throw FormatError(description: "a target without a name or type")
        }
        var target = Target(name: name, kind: kind)
        target.path = object["path"] as? String
        target.exclude = object["exclude"] as? [String] ?? []
        target.sources = object["sources"] as? [String]
        for resource in object["resources"] as? [[String: Any]] ?? [] {
            guard let path = resource["path"] as? String, let rule = resource["rule"] as? [String: Any] else {
                throw FormatError(description: "a resource of \(name) without a path or rule")
            }
            var declared = Resource(path: path, isCopied: rule["copy"] != nil)
            declared.isEmbedded = rule["embedInCode"] != nil
            switch (rule["process"] as? [String: Any])?["localization"] as? String {
            case "default": declared.localizationFolder = "\(defaultLocalization ?? "en").lproj"
            case "base": declared.localizationFolder = "Base.lproj"
            default: break
            }
            target.resources.append(declared)
        }
        for setting in object["settings"] as? [[String: Any]] ?? [] where setting["tool"] as? String == "swift" {
            guard let kind = setting["kind"] as? [String: Any] else {
                throw FormatError(description: "a setting of \(name) in a shape this reader does not know")
            }
            guard appliesToIPhoneRelease(setting["condition"], defaultTraits: defaultTraits) else { continue }
            if let define = kind["define"] as? [String: Any], let condition = define["_0"] as? String {
                target.defines.append(condition)
            } else if let flags = (kind["unsafeFlags"] as? [String: Any])?["_0"] as? [String] {
                // `-DNAME` or `-D NAME` among the flags: the conditions they set.
                target.defines += XcodeBuildSettings.conditions(inSwiftFlags: flags)
            }
        }
        for dependency in object["dependencies"] as? [[String: Any]] ?? [] {
            guard let kind = dependency.keys.first, ["byName", "target", "product"].contains(kind),
                let name = (dependency[kind] as? [Any])?.first as? String
            else {
                throw FormatError(description: "a dependency of \(name) in a shape this reader does not know")
            }
            target.dependencies.append(name)
            if kind == "product", let package = (dependency[kind] as? [Any])?.dropFirst().first as? String {
                target.products[name] = package
            }
        }
        return target
    }

    /// Whether a setting's `condition` holds for an iPhone's release build of the package with its default
    /// traits: no condition, platforms that include iOS (or none named), a configuration of release (or
    /// none), traits of which one is enabled by default (or none named).
    private static func appliesToIPhoneRelease(_ condition: Any?, defaultTraits: Set<String>) -> Bool {
        guard let condition = condition as? [String: Any] else { return true }
        let platforms = condition["platformNames"] as? [String] ?? []
        let configuration = condition["config"] as? String
        let traits = condition["traits"] as? [String] ?? []
        return (platforms.isEmpty || platforms.contains("ios")) && (configuration == nil || configuration == "release")
            && (traits.isEmpty || traits.contains(where: defaultTraits.contains))
    }

    /// Where the remote package is fetched from whose product `name` a target of this package depends on
    /// (`.product(name:package:)`), with that target's name; nil for none.
    func remoteSource(ofProduct name: String) -> (location: String, target: String)? {
        let local = Set(targets.map(\.name))
        for target in targets {
            // `.product(name:package:)`, or a bare name no target of the package has, which SwiftPM takes for
            // the product of that name of the dependency of that name (`"SwiftSoup"`).
            let named = target.dependencies.contains(name) && !local.contains(name) ? name : nil
            guard let package = (target.products[name] ?? named)?.lowercased() else { continue }
            // `package:` is the dependency's identity (its URL's last part, lowercased) or its `name:`.
            let location = remoteDependencies.keys.sorted().first { $0.lowercased() == package }.flatMap {
                remoteDependencies[$0]
            }
            if let location { return (location, target.name) }
        }
        return nil
    }

    /// The files of `target` among `files` (every file under its folder) that its `.embedInCode` resources
    /// declare, sorted; nothing excluded.
    func embeddedFiles(of target: Target, among files: [URL]) -> [URL] {
        let root = folder(of: target)
        let excluded = target.exclude.map { Self.resolve($0, against: root).path }
        let embedded = target.resources.filter(\.isEmbedded).map { Self.resolve($0.path, against: root).path }
        func isUnder(_ file: URL, _ path: String) -> Bool { file.path == path || file.path.hasPrefix(path + "/") }
        return files.filter { file in
            embedded.contains { isUnder(file, $0) } && !excluded.contains { isUnder(file, $0) }
        }.sorted { $0.path < $1.path }
    }

    /// The target named `name`.
    func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// The folder of `target`: the manifest's path, else the first of `Sources/NAME`, `Source/NAME`,
    /// `src/NAME` or `srcs/NAME` that exists (the first even where none does).
    func folder(of target: Target) -> URL {
        if let path = target.path { return Self.resolve(path, against: folder) }
        let candidates = Self.targetParents.map { folder.appendingPathComponent("\($0)/\(target.name)") }
        return (candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0])
            .standardizedFileURL
    }

    /// The kinds of file SwiftPM takes as a target's resources without a declaration (processed): Xcode's
    /// own (asset catalogs, interface files, Core Data models, string catalogs) and localization folders.
    static let implicitResourceExtensions: Set<String> = [
        "xcassets", "xib", "storyboard", "xcdatamodel", "xcdatamodeld", "xcmappingmodel", "xcstrings", "lproj",
        "metal",
    ]

    /// Where `target`'s resources among `files` (every file under its folder) go in its bundle, as SwiftPM
    /// places them: each declared `.process` path's files at the bundle's root (a localization folder and
    /// an asset catalog keep their paths), each `.copy` path under its own name with its inner paths, and
    /// what SwiftPM takes undeclared (``implicitResourceExtensions``, no Swift file) processed; nothing
    /// excluded.
    func resourcePlacements(of target: Target, among files: [URL]) -> [(file: URL, bundlePath: String)] {
        let root = folder(of: target)
        let excluded = target.exclude.map { Self.resolve($0, against: root).path }
        func isUnder(_ file: URL, _ path: String) -> Bool { file.path == path || file.path.hasPrefix(path + "/") }
        var placed: [(file: URL, bundlePath: String)] = []
        var taken: Set<URL> = []
        // A declared resource's files are its, Swift files too; SwiftPM takes no Swift file undeclared.
        let candidates = files.filter { file in !excluded.contains { isUnder(file, $0) } }.sorted { $0.path < $1.path }
        for resource in target.resources {
            let path = Self.resolve(resource.path, against: root)
            for file in candidates where isUnder(file, path.path) && taken.insert(file).inserted && !resource.isEmbedded
            {
                let inside = file.path.dropFirst(path.path.count).split(separator: "/").map(String.init)
                let fromRoot = file.path.dropFirst(root.path.count).split(separator: "/").map(String.init)
                let processed = ExtensionMainBundle.processedPath(of: fromRoot)
                placed.append(
                    resource.isCopied
                        ? (file, ([path.lastPathComponent] + inside).joined(separator: "/"))
                        : (file, resource.localizationFolder.map { "\($0)/\(file.lastPathComponent)" } ?? processed))
            }
        }
        for file in candidates where !taken.contains(file) && file.pathExtension != "swift" {
            let fromRoot = file.path.dropFirst(root.path.count).split(separator: "/").map(String.init)
            guard
                fromRoot.contains(where: {
                    Self.implicitResourceExtensions.contains(URL(fileURLWithPath: $0).pathExtension)
                })
            else { continue }
            placed.append((file, ExtensionMainBundle.processedPath(of: fromRoot)))
        }
        return placed
    }

    /// Folders SwiftPM does not look into for sources, by extension: documentation catalogs, playgrounds,
    /// Xcode's own bundles and models, which are a target's resources, or nothing, as a whole.
    static let opaqueFolderExtensions: Set<String> = [
        "docc", "playground", "xcworkspace", "xcodeproj", "xcassets", "xcdatamodeld", "xcdatamodel",
        "xcmappingmodel", "lproj", "bundle", "framework", "xcframework", "rcproject", "mlpackage",
    ]

    /// `files` (under `target`'s folder) less what SwiftPM leaves out of its sources: each under an
    /// `exclude:` path or a declared resource's, inside an opaque folder (``opaqueFolderExtensions``), the
    /// package's own manifests (a target whose folder is the package's, `path: "."`), and, where it names
    /// `sources:`, each under none of them.
    func members(of target: Target, among files: [URL]) -> [URL] {
        let root = folder(of: target)
        func within(_ paths: [String]) -> (URL) -> Bool {
            let prefixes = paths.map { Self.resolve($0, against: root).path }
            return { file in prefixes.contains { file.path == $0 || file.path.hasPrefix($0 + "/") } }
        }
        let excluded = within(target.exclude + target.resources.map(\.path))
        let listed = target.sources.map(within)
        return files.filter { file in
            let parts = file.path.dropFirst(root.path.count).split(separator: "/").dropLast()
            let inOpaqueFolder = parts.contains {
                Self.opaqueFolderExtensions.contains(URL(fileURLWithPath: String($0)).pathExtension)
            }
            let isManifest =
                file.deletingLastPathComponent().standardizedFileURL == folder
                && file.lastPathComponent.hasPrefix("Package") && file.pathExtension == "swift"
            return !excluded(file) && !inOpaqueFolder && !isManifest && (listed?(file) ?? true)
        }
    }
}
